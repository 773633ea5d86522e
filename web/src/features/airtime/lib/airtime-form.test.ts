import { describe, expect, it } from 'vitest';
import { MSG } from '@shared/messages.js';
import { airtimeChargeKobo } from '@shared/pricing.js';
import { submitForm } from '@/lib/forms.testing.js';
import { typedNairaInKobo } from '@/lib/typed-naira.js';
import { AIRTIME_FIELD_ORDER, AIRTIME_QUICK_AMOUNTS_NAIRA, airtimeForm, buyAirtimeBody, quickAmountLabel, type AirtimeFormValues } from './airtime-form.js';

const valid: AirtimeFormValues = { network: '1', mobile_number: '08011111111', amount: '100', addToContacts: false, nickname: '' };

const warning = async (values: AirtimeFormValues) => (await submitForm(airtimeForm, values, AIRTIME_FIELD_ORDER)).warning;

describe('airtime charge preview (shared/pricing.ts, as the server charges)', () => {
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

  it('reads typed naira exactly, and nothing that is not an amount', () => {
    expect(typedNairaInKobo('250.5')).toBe(250_50);
    expect(typedNairaInKobo(' 100 ')).toBe(100_00);
    expect(typedNairaInKobo('1.234')).toBeNull();
    expect(typedNairaInKobo('abc')).toBeNull();
    expect(typedNairaInKobo('')).toBeNull();
  });
});

describe('airtime form rules', () => {
  it('accepts a complete form and sends the amount in naira, not kobo', async () => {
    const { values } = await submitForm(airtimeForm, { ...valid, mobile_number: ' 08011111111 ', amount: '150.50' });
    expect(values?.amount).toBe(150_50);
    expect(buyAirtimeBody(values!, 'req-12345678')).toEqual({ network: 1, mobile_number: '08011111111', amount: 150.5, request_id: 'req-12345678' });
  });

  it('asks for all fields before judging any', async () => {
    expect(await warning({ ...valid, mobile_number: '' })).toBe(MSG.allFieldsRequired);
    expect(await warning({ ...valid, amount: ' ' })).toBe(MSG.allFieldsRequired);
    expect(await warning({ ...valid, mobile_number: '0801', amount: '' })).toBe(MSG.allFieldsRequired);
  });

  it('wants an 11-digit phone number', async () => {
    expect(await warning({ ...valid, mobile_number: '0801111111' })).toBe(MSG.checkPhone);
    expect(await warning({ ...valid, mobile_number: '080111111111' })).toBe(MSG.checkPhone);
    expect(await warning({ ...valid, mobile_number: '0801111111a' })).toBe(MSG.checkPhone);
  });

  it('enforces the ₦100 minimum and the maximum, and wants a naira amount', async () => {
    expect(await warning({ ...valid, amount: '99.99' })).toBe(MSG.minimumAirtime);
    expect(await warning({ ...valid, amount: '0' })).toBe(MSG.minimumAirtime);
    expect(await warning({ ...valid, amount: '50000.01' })).toBe(MSG.maximumAirtime);
    expect(await warning({ ...valid, amount: '1.234' })).toBe(MSG.enterValidAmount);
    expect(await warning({ ...valid, amount: '100' })).toBeNull();
  });

  it('refuses a network that sells no airtime', async () => {
    expect(await warning({ ...valid, network: '5' })).toBe(MSG.invalidNetwork);
  });

  it('needs a nickname only when saving to contacts', async () => {
    expect(await warning({ ...valid, addToContacts: true })).toBe(MSG.nicknameRequired);
    expect(await warning({ ...valid, addToContacts: true, nickname: 'Mum' })).toBeNull();
  });
});

describe('airtime quick amounts', () => {
  it('are each an amount the form accepts, labelled in whole naira', async () => {
    for (const naira of AIRTIME_QUICK_AMOUNTS_NAIRA) expect(await warning({ ...valid, amount: String(naira) })).toBeNull();
    expect(quickAmountLabel(1000)).toBe('₦1,000');
  });

  it('a typed amount below the minimum is still refused', async () => {
    expect(await warning({ ...valid, amount: '50' })).toBe(MSG.minimumAirtime);
  });
});
