import { describe, expect, it } from 'vitest';
import { MSG, SEND_MAIL_MSG } from '@shared/messages.js';
import { submitForm } from '@/lib/forms.testing.js';
import { audienceOf, EMPTY_SEND_MAIL_FORM, SEND_MAIL_FIELDS, sendMailBody, sendMailForm } from './send-mail-form.js';

const filled = { ...EMPTY_SEND_MAIL_FORM, subject: 'New prices', message: 'Cheaper data', url: 'https://example.com', linkMessage: 'See them' };

describe('send-mail form', () => {
  it('wants subject, message, url and linkMessage: "All fields are required"', async () => {
    for (const field of ['subject', 'message', 'url', 'linkMessage'] as const) {
      expect((await submitForm(sendMailForm, { ...filled, [field]: ' ' }, [...SEND_MAIL_FIELDS])).warning, field).toBe(MSG.allFieldsRequired);
    }
  });

  it('refuses a link that is not a web address', async () => {
    expect((await submitForm(sendMailForm, { ...filled, url: 'javascript:alert(1)' }, [...SEND_MAIL_FIELDS])).warning).toBe(SEND_MAIL_MSG.invalidUrl);
  });

  it('a blank user name sends to every user; a named one to that user, with the request_id of the confirmation', async () => {
    const everyone = (await submitForm(sendMailForm, filled)).values!;
    expect(sendMailBody(everyone, 'req-12345678')).toEqual({
      userAccount: '',
      subject: 'New prices',
      message: 'Cheaper data',
      url: 'https://example.com',
      linkMessage: 'See them',
      request_id: 'req-12345678',
    });
    expect(audienceOf(sendMailBody(everyone, 'req-12345678'))).toBe('Every user');
    const one = (await submitForm(sendMailForm, { ...filled, userAccount: ' ada ' })).values!;
    expect(audienceOf(sendMailBody(one, 'req-12345678'))).toBe('ada');
  });
});
