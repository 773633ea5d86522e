import { describe, expect, it } from 'vitest';
import { MSG } from '@shared/messages.js';
import { EMPTY_CONTACT, contactBody, contactFormProblem } from './contact-form.js';

describe('contact form', () => {
  it('starts on MTN', () => expect(EMPTY_CONTACT.contactNetwork).toBe('MTN'));

  it('needs a name and a number', () => {
    expect(contactFormProblem(EMPTY_CONTACT)).toBe(MSG.allFieldsRequired);
    expect(contactFormProblem({ ...EMPTY_CONTACT, contactName: 'Mum' })).toBe(MSG.allFieldsRequired);
    expect(contactFormProblem({ ...EMPTY_CONTACT, contactNumber: '08011111111', contactName: '  ' })).toBe(MSG.allFieldsRequired);
  });

  it('checks the number as the server does', () => {
    expect(contactFormProblem({ ...EMPTY_CONTACT, contactName: 'Mum', contactNumber: '0801' })).toBe(MSG.checkPhone);
    expect(contactFormProblem({ ...EMPTY_CONTACT, contactName: 'Mum', contactNumber: '08011111111' })).toBeNull();
    expect(contactFormProblem({ contactName: 'Dad', contactNumber: '08011111111', contactNetwork: '9MOBILE' })).toBeNull();
  });

  it('sends trimmed values', () => {
    expect(contactBody({ contactName: ' Mum ', contactNumber: ' 08011111111 ', contactNetwork: 'GLO' })).toEqual({
      contactName: 'Mum',
      contactNumber: '08011111111',
      contactNetwork: 'GLO',
    });
  });
});
