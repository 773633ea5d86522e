/** VTpass protocol rules (pure): request_id, what each answer means, meter checks, and electricity charges. */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ELECTRICITY_FEE_KOBO, ELECTRICITY_MAX_KOBO, ELECTRICITY_MIN_KOBO } from '../../../shared/constants.js';
import { electricityMinimumKobo, priceElectricity } from '../../../functions/domain/products/electricity.js';
import { requeryOutcome } from '../../../functions/domain/purchases/suppliers.js';
import type { SupplierAnswer } from '../../../functions/adapters/suppliers/http-answer.js';
import {
  classifyVtpassMeter,
  classifyVtpassPay,
  classifyVtpassRequery,
  isVtpassRequestId,
  lagosMinuteStamp,
  vtpassElectricityDelivery,
  vtpassRequestId,
} from '../../../functions/adapters/suppliers/vtpass/answers.js';
import { buyElectricityRequest, validateMeterRequest } from '../../../shared/api/purchases.js';

const http = (body: unknown, status = 200): SupplierAnswer => ({ kind: 'http', status, bodyText: typeof body === 'string' ? body : JSON.stringify(body) });
const withStatus = (status: string, extra: Record<string, unknown> = {}) =>
  http({ code: '000', content: { transactions: { status, transactionId: '1741600086' } }, response_description: 'X', ...extra });

describe('VTpass request_id', () => {
  it('starts with the Africa/Lagos time YYYYMMDDHHII (UTC+1, no daylight saving) followed by our transaction id', () => {
    const id = vtpassRequestId('01J9ZQ7ABCDEF', new Date('2025-03-10T09:54:46.000Z'));
    expect(id).toBe('20250310105401J9ZQ7ABCDEF');
    expect(id.slice(0, 12)).toBe('202503101054');
    expect(isVtpassRequestId(id)).toBe(true);
  });

  it('rolls over the Lagos day, month and year at 23:00 UTC', () => {
    expect(lagosMinuteStamp(new Date('2024-12-31T23:30:00Z'))).toBe('202501010030');
    expect(lagosMinuteStamp(new Date('2024-02-28T23:05:00Z'))).toBe('202402290005');
    expect(lagosMinuteStamp(new Date('2025-07-01T12:00:59Z'))).toBe('202507011300');
  });

  it('is the same for every submission and re-query of one purchase (derived only from its id and placing time)', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2000-01-01'), max: new Date('2099-12-31'), noInvalidDate: true }),
        fc.stringMatching(/^[0-9A-HJKMNP-TV-Z]{26}$/),
        (at, id) => {
          const first = vtpassRequestId(id, at);
          expect(vtpassRequestId(id, at.toISOString())).toBe(first);
          expect(first.endsWith(id)).toBe(true);
          expect(first.length).toBeGreaterThanOrEqual(12);
          expect(isVtpassRequestId(first)).toBe(true);
        },
      ),
    );
  });

  it('refuses an invalid placing time instead of inventing one', () => {
    expect(() => vtpassRequestId('X', 'not a date')).toThrow(/not a date/);
    expect(isVtpassRequestId('2025-03-10-1054')).toBe(false);
    expect(isVtpassRequestId('202502301054ABC')).toBe(false);
    expect(isVtpassRequestId('20250310')).toBe(false);
  });
});

describe('VTpass pay answers', () => {
  it('000 + delivered is delivered, with VTpass’s transaction id as the reference', () => {
    expect(classifyVtpassPay(withStatus('delivered'))).toMatchObject({
      outcome: 'delivered',
      reason: 'status_delivered',
      code: '000',
      supplierReference: '1741600086',
      apiResponse: 'X',
    });
  });

  it('000 + initiated or pending is ambiguous (charged at VTpass: never refunded while pending)', () => {
    expect(classifyVtpassPay(withStatus('initiated')).outcome).toBe('ambiguous');
    expect(classifyVtpassPay(withStatus('pending')).outcome).toBe('ambiguous');
    expect(classifyVtpassPay(withStatus('resolved')).outcome).toBe('ambiguous');
    expect(classifyVtpassPay(http({ code: '000' })).outcome).toBe('ambiguous');
  });

  it('000 + reversed is a definite failure (VTpass gave the money back): refund', () => {
    expect(classifyVtpassPay(withStatus('reversed'))).toMatchObject({ outcome: 'failed', reason: 'status_reversed' });
  });

  it.each(['016', '091', '010', '011', '012', '013', '017', '018'])('code %s is a definite failure (not processed, not charged)', (code) => {
    expect(classifyVtpassPay(http({ code, response_description: 'NO' }))).toMatchObject({ outcome: 'failed', reason: `code_${code}` });
  });

  it('099 (processing) and 014 (request_id reused: an earlier submission may stand) are ambiguous: re-query', () => {
    expect(classifyVtpassPay(http({ code: '099' }))).toMatchObject({ outcome: 'ambiguous', reason: 'code_099_processing' });
    expect(classifyVtpassPay(http({ code: '014' }))).toMatchObject({ outcome: 'ambiguous', reason: 'code_014_request_id_reused' });
  });

  it('any other code, no code, an unreadable body, a 5xx, a timeout or a network error is ambiguous', () => {
    for (const code of ['019', '030', '087', '015', '040']) expect(classifyVtpassPay(http({ code })).outcome).toBe('ambiguous');
    expect(classifyVtpassPay(http({ message: 'Server Error' }, 500))).toMatchObject({ outcome: 'ambiguous', reason: 'http_500_no_code' });
    expect(classifyVtpassPay(http('<html>bad gateway</html>', 502))).toMatchObject({ outcome: 'ambiguous', reason: 'unparseable_body' });
    expect(classifyVtpassPay({ kind: 'timeout' })).toMatchObject({ outcome: 'ambiguous', reason: 'timeout' });
    expect(classifyVtpassPay({ kind: 'network_error', message: 'ECONNRESET' })).toMatchObject({ outcome: 'ambiguous', reason: 'network_error' });
  });

  it('numeric codes read like strings (0 → 000, 99 → 099)', () => {
    expect(classifyVtpassPay(http({ code: 99 })).reason).toBe('code_099_processing');
    expect(classifyVtpassPay(http({ code: 0, content: { transactions: { status: 'delivered' } } })).outcome).toBe('delivered');
  });
});

describe('VTpass requery answers', () => {
  it('follow the transaction status like pay', () => {
    expect(classifyVtpassRequery(withStatus('delivered')).outcome).toBe('delivered');
    expect(classifyVtpassRequery(withStatus('pending')).outcome).toBe('ambiguous');
    expect(classifyVtpassRequery(withStatus('reversed')).outcome).toBe('failed');
  });

  it('015 (unknown request_id) is not_found: a failure only after the grace, ambiguous before it', () => {
    const unknown = classifyVtpassRequery(http({ code: '015', response_description: 'INVALID REQUEST ID' }));
    expect(unknown).toMatchObject({ outcome: 'failed', reason: 'not_found' });
    expect(requeryOutcome(unknown, 10_000, 90_000)).toBe('ambiguous');
    expect(requeryOutcome(unknown, 120_000, 90_000)).toBe('failed');
  });

  it('016 and 091 fail the purchase; codes about our query (011…) and 099 say nothing about it', () => {
    expect(classifyVtpassRequery(http({ code: '016' })).outcome).toBe('failed');
    expect(classifyVtpassRequery(http({ code: '091' })).outcome).toBe('failed');
    expect(classifyVtpassRequery(http({ code: '011' })).outcome).toBe('ambiguous');
    expect(classifyVtpassRequery(http({ code: '099' })).outcome).toBe('ambiguous');
    expect(classifyVtpassRequery({ kind: 'timeout' }).outcome).toBe('ambiguous');
  });
});

describe('VTpass electricity details', () => {
  it('copies the token, units and customer from the answer as given', () => {
    const body = {
      code: '000',
      purchased_code: 'Token : 26362054405982757802',
      token: '26362054405982757802',
      units: '79.9 kWh',
      customerName: 'ADA OBI',
      customerAddress: '1 Broad St',
    };
    expect(vtpassElectricityDelivery(body)).toEqual({
      token: '26362054405982757802',
      units: '79.9 kWh',
      customerName: 'ADA OBI',
      customerAddress: '1 Broad St',
    });
    expect(classifyVtpassPay(withStatus('delivered', body)).electricity).toMatchObject({ token: '26362054405982757802' });
  });

  it('reads the token from purchased_code when there is no token field', () => {
    expect(vtpassElectricityDelivery({ purchased_code: 'Token : 1234-5678-9012-3456-7890 : 13.4 Units' })).toEqual({
      token: '1234-5678-9012-3456-7890',
      units: '13.4 Units',
    });
  });

  it('never invents a token: no token in the answer, no token in the details', () => {
    expect(vtpassElectricityDelivery({ code: '000', content: { transactions: { status: 'delivered' } } })).toBeUndefined();
    expect(vtpassElectricityDelivery({ purchased_code: '', token: null, units: '' })).toBeUndefined();
    expect(classifyVtpassPay(http({ code: '099' })).electricity).toBeUndefined();
  });
});

describe('VTpass merchant-verify', () => {
  it('a Customer_Name is a valid meter, with address, meter number and the disco’s minimum', () => {
    const answer = http({
      code: '000',
      content: { Customer_Name: 'DEMO CUSTOMER', Address: '2 Demo St', Meter_Number: '45011111111', Min_Purchase_Amount: 500, WrongBillersCode: false },
    });
    expect(classifyVtpassMeter(answer)).toEqual({
      kind: 'valid',
      customerName: 'DEMO CUSTOMER',
      address: '2 Demo St',
      meterNumber: '45011111111',
      minPurchaseNaira: 500,
    });
  });

  it('WrongBillersCode is an invalid meter with VTpass’s own words', () => {
    const answer = http({ code: '000', content: { error: 'This meter is not correct', WrongBillersCode: true } });
    expect(classifyVtpassMeter(answer)).toEqual({ kind: 'invalid', message: 'This meter is not correct' });
  });

  it('anything else says nothing about the meter (unavailable)', () => {
    expect(classifyVtpassMeter(http({ code: '011' }))).toMatchObject({ kind: 'unavailable' });
    expect(classifyVtpassMeter({ kind: 'timeout' })).toMatchObject({ kind: 'unavailable', reason: 'timeout' });
    expect(classifyVtpassMeter(http('oops', 500))).toMatchObject({ kind: 'unavailable' });
  });
});

describe('electricity charge', () => {
  it('charges the amount plus ₦50; the supplier is paid the amount; profit is the ₦50 fee', () => {
    expect(priceElectricity(1_000_00)).toEqual({ ok: true, price: { amountKobo: 1_000_00, chargeKobo: 1_050_00, costKobo: 1_000_00, profitKobo: 50_00 } });
    fc.assert(
      fc.property(fc.integer({ min: ELECTRICITY_MIN_KOBO, max: ELECTRICITY_MAX_KOBO }), (amount) => {
        const priced = priceElectricity(amount);
        expect(priced.ok && priced.price.chargeKobo - priced.price.amountKobo).toBe(ELECTRICITY_FEE_KOBO);
      }),
    );
  });

  it('refuses below ₦1,000, above ₦500,000 and non-integer kobo', () => {
    expect(priceElectricity(999_99)).toEqual({ ok: false, reason: 'below_minimum' });
    expect(priceElectricity(500_000_01)).toEqual({ ok: false, reason: 'above_maximum' });
    expect(priceElectricity(0)).toEqual({ ok: false, reason: 'invalid_amount' });
    expect(priceElectricity(10.5)).toEqual({ ok: false, reason: 'invalid_amount' });
  });

  it('the minimum shown for a meter is the disco’s when it is higher than ours', () => {
    expect(electricityMinimumKobo(500_00)).toBe(1_000_00);
    expect(electricityMinimumKobo(2_000_00)).toBe(2_000_00);
    expect(electricityMinimumKobo(undefined)).toBe(1_000_00);
  });
});

describe('electricity request schemas', () => {
  it('accept the client’s payload: a known company’s meterId, prepaid/postpaid, digits of a meter, the naira amount as kobo', () => {
    expect(validateMeterRequest.parse({ meterNumber: '4501 1111-111', meterId: '18', meterType: 'Prepaid' })).toEqual({
      meterNumber: '45011111111',
      meterId: 18,
      meterType: 'prepaid',
    });
    expect(buyElectricityRequest.parse({ amount: 1000, meterId: 29, meterNumber: 45011111111, meterType: 'postpaid' })).toMatchObject({
      amount: 100_000,
      meterId: 29,
      meterNumber: '45011111111',
      meterType: 'postpaid',
    });
  });

  it('refuse an unknown company (27 is not one), another meter type, or a meter that is not digits', () => {
    expect(validateMeterRequest.safeParse({ meterNumber: '45011111111', meterId: 27, meterType: 'prepaid' }).success).toBe(false);
    expect(validateMeterRequest.safeParse({ meterNumber: '45011111111', meterId: 18, meterType: 'smart' }).success).toBe(false);
    expect(validateMeterRequest.safeParse({ meterNumber: 'ABC', meterId: 18, meterType: 'prepaid' }).success).toBe(false);
    expect(validateMeterRequest.safeParse({ meterId: 18, meterType: 'prepaid' }).success).toBe(false);
  });
});
