import { describe, expect, it } from 'vitest';
import { MSG } from '@shared/messages.js';
import { submitForm } from '@/lib/forms.testing.js';
import { CONTACT_FIELD_ORDER, EMPTY_CONTACT, contactForm, type ContactFormValues } from './contact-form.js';

const warning = async (values: ContactFormValues) => (await submitForm(contactForm, values, CONTACT_FIELD_ORDER)).warning;

describe('contact form', () => {
  it('starts on MTN', () => expect(EMPTY_CONTACT.contactNetwork).toBe('MTN'));

  it('needs a name and a number', async () => {
    expect(await warning(EMPTY_CONTACT)).toBe(MSG.allFieldsRequired);
    expect(await warning({ ...EMPTY_CONTACT, contactName: 'Mum' })).toBe(MSG.allFieldsRequired);
    expect(await warning({ ...EMPTY_CONTACT, contactNumber: '08011111111', contactName: '  ' })).toBe(MSG.allFieldsRequired);
  });

  it('checks the number as the server does', async () => {
    expect(await warning({ ...EMPTY_CONTACT, contactName: 'Mum', contactNumber: '0801' })).toBe(MSG.checkPhone);
    expect(await warning({ ...EMPTY_CONTACT, contactName: 'Mum', contactNumber: '08011111111' })).toBeNull();
  });

  it('sends trimmed values, the network by name', async () => {
    expect((await submitForm(contactForm, { contactName: ' Mum ', contactNumber: ' 08011111111 ', contactNetwork: 'GLO' })).values).toEqual({
      contactName: 'Mum',
      contactNumber: '08011111111',
      contactNetwork: 'GLO',
    });
  });
});
