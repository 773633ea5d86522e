import { describe, expect, it } from 'vitest';
import { MSG } from '@shared/messages.js';
import { airtimeChargeKobo, airtimeFormProblem, parseAmountKobo, type AirtimeFormValues } from './airtime-form.js';

const valid: AirtimeFormValues = { network: '1', phone: '08011111111', amount: '100', addToContacts: false, nickname: '' };

describe('airtime charge preview', () => {
  it('charges a reseller 98% and everyone else 99%', () => {
    expect(airtimeChargeKobo(100_00, 'reseller')).toBe(98_00);
    expect(airtimeChargeKobo(100_00, 'smart earner')).toBe(99_00);
    expect(airtimeChargeKobo(100_00, 'api user')).toBe(99_00);
    expect(airtimeChargeKobo(100_00, undefined)).toBe(99_00);
  });

  it('rounds half up to the kobo', () => {
    // 99% of ₦150.50 = ₦148.995 → ₦149.00
    expect(airtimeChargeKobo(150_50, 'smart earner')).toBe(149_00);
  });

  it('parses naira text exactly and rejects what is not an amount', () => {
    expect(parseAmountKobo('250.5')).toBe(250_50);
    expect(parseAmountKobo(' 100 ')).toBe(100_00);
    expect(parseAmountKobo('1.234')).toBeNull();
    expect(parseAmountKobo('abc')).toBeNull();
    expect(parseAmountKobo('')).toBeNull();
  });
});

describe('airtime form rules', () => {
  it('accepts a complete form', () => {
    expect(airtimeFormProblem(valid)).toBeNull();
  });

  it('asks for all fields first', () => {
    expect(airtimeFormProblem({ ...valid, phone: '' })).toBe(MSG.allFieldsRequired);
    expect(airtimeFormProblem({ ...valid, amount: ' ' })).toBe(MSG.allFieldsRequired);
    expect(airtimeFormProblem({ ...valid, phone: '0801', amount: '' })).toBe(MSG.allFieldsRequired);
  });

  it('wants an 11-digit phone number', () => {
    expect(airtimeFormProblem({ ...valid, phone: '0801111111' })).toBe(MSG.checkPhone);
    expect(airtimeFormProblem({ ...valid, phone: '080111111111' })).toBe(MSG.checkPhone);
    expect(airtimeFormProblem({ ...valid, phone: '0801111111a' })).toBe(MSG.checkPhone);
  });

  it('enforces the ₦100 minimum', () => {
    expect(airtimeFormProblem({ ...valid, amount: '99.99' })).toBe(MSG.minimumAirtime);
    expect(airtimeFormProblem({ ...valid, amount: '100' })).toBeNull();
  });

  it('needs a nickname only when saving to contacts', () => {
    expect(airtimeFormProblem({ ...valid, addToContacts: true })).toBe(MSG.nicknameRequired);
    expect(airtimeFormProblem({ ...valid, addToContacts: true, nickname: 'Mum' })).toBeNull();
  });
});
