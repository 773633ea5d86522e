/**
 * Recharge cards (e-PINs), pure rules: the request, the tier price, a short delivery's charge and
 * refund, what the panel's answers mean, and who reads a batch's PINs where.
 */
import { describe, expect, it } from 'vitest';
import { EPIN_MSG, buyEpinRequest, epinDialCode, epinOfCode, epinProductCode } from '../../../shared/api/epins.js';
import { classifyEpinOrder, withoutPins } from '../../../functions/adapters/suppliers/epin-panel/answers.js';
import { priceEpins, seedEpinProducts, shortDelivery } from '../../../functions/domain/products/epin-catalogue.js';
import { epin, epinOrderOf } from '../../../functions/domain/products/epin.js';
import { applyBillProductEdit, type BillProduct } from '../../../functions/domain/products/bill-catalogue.js';
import { maskedPin, shownTo, viewFor } from '../../../functions/domain/transactions/transaction-views.js';
import type { TransactionRecord } from '../../../functions/domain/transactions/transactions.js';

const now = new Date('2026-03-10T09:00:00Z');
const rows = seedEpinProducts(now);
const row = (code: string) => rows.find((r) => r.code === code)!;
const http = (body: unknown, status = 200) => ({ kind: 'http' as const, status, bodyText: JSON.stringify(body) });
const parse = (body: unknown) => buyEpinRequest.safeParse(body);
const message = (body: unknown) => {
  const parsed = parse(body);
  return parsed.success ? undefined : parsed.error.issues[0]?.message;
};
const valid = { network: 'MTN', denomination: 100, quantity: 24, business_name: 'Ade Phones' };

describe('a request for recharge cards', () => {
  it('takes a network by name or airtime id, a denomination of 100, 200, 500 or 1000 naira, 1–100 PINs and a business name', () => {
    expect(parse(valid)).toMatchObject({ success: true, data: { network: 'MTN', denomination: 100, quantity: 24, business_name: 'Ade Phones' } });
    expect(parse({ ...valid, network: 'glo', denomination: '1000', quantity: '100', business_name: "  Mama  Ngozi's  Shop " })).toMatchObject({
      success: true,
      data: { network: 'GLO', denomination: 1000, quantity: 100, business_name: "Mama Ngozi's Shop" },
    });
    expect(parse({ ...valid, network: 4 })).toMatchObject({ success: true, data: { network: '9MOBILE' } });
  });
  it('refuses anything else with its own words', () => {
    expect(message({ ...valid, network: 'NTEL' })).toBe(EPIN_MSG.selectNetwork);
    expect(message({ ...valid, denomination: 150 })).toBe(EPIN_MSG.selectDenomination);
    expect(message({ ...valid, quantity: 0 })).toBe(EPIN_MSG.quantityRange);
    expect(message({ ...valid, quantity: 101 })).toBe(EPIN_MSG.quantityRange);
    expect(message({ ...valid, quantity: 2.5 })).toBe(EPIN_MSG.quantityRange);
    expect(message({ ...valid, business_name: '<script>' })).toBe(EPIN_MSG.enterBusinessName);
    expect(message({ ...valid, business_name: 'x'.repeat(41) })).toBe(EPIN_MSG.enterBusinessName);
    expect(message({ network: 'MTN', denomination: 100, quantity: 1 })).toBe(EPIN_MSG.enterBusinessName);
  });
  it('names a catalogue row per network and denomination, and a card tells the *311*PIN# short code', () => {
    expect(epinProductCode('9MOBILE', 500)).toBe('epin:9MOBILE-500');
    expect(epinOfCode('epin:9MOBILE-500')).toEqual({ network: '9MOBILE', denomination: 500 });
    expect(epinOfCode('epin:MTN-150')).toBeUndefined();
    expect(epinOfCode('dstv:dstv-padi')).toBeUndefined();
    expect(epinDialCode('9032-1669-9730-07262')).toBe('*311*90321669973007262#');
  });
});

describe('the price of a batch', () => {
  it('follows the buyer tier of the row the admin edits, per card', () => {
    expect(rows).toHaveLength(16);
    const mtn100 = row('epin:MTN-100');
    expect(mtn100).toMatchObject({ family: 'epin', costPriceKobo: 97_00, smartEarnerPriceKobo: 99_00, resellerPriceKobo: 98_00, apiPriceKobo: 98_00 });
    expect(priceEpins(mtn100, 'smart earner', 10)).toEqual({ unitKobo: 99_00, unitCostKobo: 97_00, chargeKobo: 990_00, costKobo: 970_00 });
    expect(priceEpins(mtn100, 'reseller', 10)?.chargeKobo).toBe(980_00);
    const edited = applyBillProductEdit(mtn100, { resellerPriceKobo: 97_50 }, now);
    expect(edited.ok && priceEpins(edited.product, 'reseller', 2)?.chargeKobo).toBe(195_00);
  });
  it('is refused for a row switched off, missing, of another family or mispriced', () => {
    const mtn100 = row('epin:MTN-100');
    expect(priceEpins({ ...mtn100, isAvailable: false }, 'reseller', 1)).toBeUndefined();
    expect(priceEpins(undefined, 'reseller', 1)).toBeUndefined();
    expect(priceEpins({ ...mtn100, family: 'exam' } as BillProduct, 'reseller', 1)).toBeUndefined();
    expect(priceEpins({ ...mtn100, resellerPriceKobo: 0 }, 'reseller', 1)).toBeUndefined();
  });
});

describe('a short delivery', () => {
  it('charges the delivered cards and gives back the rest, exactly', () => {
    expect(shortDelivery({ chargeKobo: 990_00, costKobo: 970_00, ordered: 10 }, 7)).toEqual({ refundKobo: 297_00, profitKobo: 14_00 });
    expect(shortDelivery({ chargeKobo: 4_900_00, costKobo: 4_850_00, ordered: 5 }, 1)).toEqual({ refundKobo: 3_920_00, profitKobo: 10_00 });
  });
  it('is no short delivery when all came, or none', () => {
    expect(shortDelivery({ chargeKobo: 990_00, costKobo: 970_00, ordered: 10 }, 10)).toBeUndefined();
    expect(shortDelivery({ chargeKobo: 990_00, costKobo: 970_00, ordered: 10 }, 0)).toBeUndefined();
  });
});

describe("an e-PIN panel's answer", () => {
  const bundle = [
    { token: '9032-1669-9730-07262', serial: '00000022454369256' },
    { token: '9053-6524-7385-45315', serial: '00000022454369260' },
  ];
  it('"Approved" with PINs is a delivery; the PINs never reach the attempt record', () => {
    const answer = classifyEpinOrder(http({ status: 'Approved', transaction_id: 'ilucdtz9ngo', quantity: '2', bundle, balance: '2000' }));
    expect(answer).toMatchObject({ outcome: 'delivered', reason: 'status_approved', supplierReference: 'ilucdtz9ngo' });
    const kept = JSON.stringify(answer.body);
    for (const { token, serial } of bundle) {
      expect(kept).not.toContain(token);
      expect(kept).toContain(serial);
      expect(kept).toContain(token.slice(-4));
    }
    expect(withoutPins('not json')).toBe('not json');
  });
  it('each documented error code is a definite failure; an unknown one, a 5xx, no answer or "Approved" without a PIN is ambiguous', () => {
    for (const code of ['ERR200', 'ERR201', 'ERR203', 'ERR205', 'ERR206']) {
      expect(classifyEpinOrder(http({ error: code, description: 'x' })).outcome, code).toBe('failed');
    }
    expect(classifyEpinOrder(http({ error: 'ERR203', description: 'Insufficient Balance' }))).toMatchObject({
      reason: 'ERR203_insufficient_balance',
      apiResponse: 'Insufficient Balance',
    });
    expect(classifyEpinOrder(http({ error: 'ERR299' })).outcome).toBe('ambiguous');
    expect(classifyEpinOrder(http({ message: 'oops' }, 502)).outcome).toBe('ambiguous');
    expect(classifyEpinOrder({ kind: 'timeout' })).toEqual({ outcome: 'ambiguous', reason: 'timeout' });
    expect(classifyEpinOrder(http({ status: 'Approved', bundle: [] }))).toMatchObject({ outcome: 'ambiguous', reason: 'approved_without_pins' });
  });
});

describe("who reads a batch's PINs, and where", () => {
  const pins = [
    { pin: '9032-1669-9730-07262', serial: '00000022454369256' },
    { pin: '9053-6524-7385-45315', serial: '00000022454369260' },
  ];
  const record = {
    id: 'T1',
    userId: 'buyer',
    trans_UserName: 'ade',
    trans_Type: 'epin',
    trans_Status: 'success',
    trans_Network: 'MTN',
    phone_number: '',
    amountKobo: 297_00,
    costKobo: 291_00,
    profitKobo: 6_00,
    balanceBeforeKobo: 1_000_00,
    balanceAfterKobo: 703_00,
    walletSeq: 2,
    createdAt: now.toISOString(),
    updatedAt: now.toISOString(),
    description: '3 MTN ₦100.00 recharge cards for Ade Phones',
    bill: {
      family: 'epin',
      serviceId: 'epin',
      productCode: 'epin:MTN-100',
      productName: 'MTN ₦100.00 recharge card',
      variationCode: '100',
      provider: 'MTN',
      quantity: 3,
      amountKobo: 291_00,
      customerPhone: '',
      businessName: 'Ade Phones',
      pins,
    },
  } satisfies TransactionRecord;
  const buyer = { userId: 'buyer', isAdmin: false, isAgent: false };
  const admin = { userId: 'admin', isAdmin: true, isAgent: false };

  it("the buyer reads them on the batch's own receipt; a listing or webhook carries the count, never a PIN", () => {
    const receipt = viewFor(buyer, record, 'receipt');
    expect(receipt.pins).toEqual(pins);
    expect(receipt.epin).toEqual({ network: 'MTN', denomination: 100, businessName: 'Ade Phones', ordered: 3, delivered: 2 });
    for (const listed of [viewFor(buyer, record), viewFor(admin, record), shownTo(buyer, viewFor(buyer, record, 'receipt'))]) {
      expect(listed.pins).toBeUndefined();
      expect(listed.epin?.delivered).toBe(2);
      for (const { pin } of pins) expect(JSON.stringify(listed)).not.toContain(pin);
    }
  });
  it("an operator reads the receipt's PINs masked; the panel's order comes from the record alone", () => {
    const seen = viewFor(admin, record, 'receipt');
    expect(seen.pins).toEqual(pins.map(({ pin, serial }) => ({ pin: maskedPin(pin), serial })));
    expect(maskedPin(pins[0]!.pin)).toMatch(/7262$/);
    expect(epinOrderOf(record)).toEqual({
      requestId: 'T1',
      placedAt: now.toISOString(),
      network: 'MTN',
      denominationNaira: 100,
      quantity: 3,
      businessName: 'Ade Phones',
    });
    expect(epin.deliverable(record)).toBe(true);
    expect(epin.deliverable({ ...record, bill: { ...record.bill, businessName: undefined } })).toBe(false);
  });
});
