/** Cable TV and exam PINs, pure rules: due dates, an admin's price edit, what VTpass delivered, the request shapes. */
import { describe, expect, it } from 'vitest';
import { buyCableRequest, buyExamRequest } from '../../../shared/api/bills.js';
import { BILL_MSG } from '../../../shared/messages.js';
import { applyBillProductEdit, newDueDate, seedBillProducts, type BillProduct } from '../../../functions/domain/products/bill-catalogue.js';
import { classifyVtpassBiller, classifyVtpassPay, vtpassBillDelivery } from '../../../functions/adapters/suppliers/vtpass/answers.js';

const today = new Date('2026-03-10T09:00:00Z');
const http = (body: unknown) => ({ kind: 'http' as const, status: 200, bodyText: JSON.stringify(body) });

describe('new due date of a cable payment', () => {
  it('a renewal extends a due date still ahead by a month', () => {
    expect(newDueDate({ subscriptionType: 'renew', currentDueDate: '2026-03-15', today, months: 1 })).toBe('2026-04-15');
    expect(newDueDate({ subscriptionType: 'renew', currentDueDate: '2026-03-15T00:00:00', today, months: 1 })).toBe('2026-04-15');
  });
  it('a lapsed decoder, an unreadable due date or a change of bouquet runs a month from today', () => {
    expect(newDueDate({ subscriptionType: 'renew', currentDueDate: '2026-02-01', today, months: 1 })).toBe('2026-04-10');
    expect(newDueDate({ subscriptionType: 'renew', currentDueDate: 'soon', today, months: 1 })).toBe('2026-04-10');
    expect(newDueDate({ subscriptionType: 'change', currentDueDate: '2026-03-15', today, months: 1 })).toBe('2026-04-10');
    expect(newDueDate({ subscriptionType: undefined, today, months: 1 })).toBe('2026-04-10');
  });
});

describe("an admin's edit of a bill product", () => {
  const rows = seedBillProducts(today);
  const waec = rows.find((r) => r.code === 'waec:waecdirect')!;
  const padi = rows.find((r) => r.code === 'dstv:dstv-padi')!;

  it('an exam tier above the approved price is refused, at it is accepted', () => {
    expect(applyBillProductEdit(waec, { smartEarnerPriceKobo: 3_900_01 }, today)).toEqual({
      ok: false,
      reason: 'above_approved_price',
      approvedPriceKobo: 3_900_00,
    });
    expect(applyBillProductEdit(waec, { resellerPriceKobo: 3_850_00, costPriceKobo: 3_800_00 }, today)).toMatchObject({
      ok: true,
      product: { resellerPriceKobo: 3_850_00 },
    });
  });
  it('a bouquet may be priced freely above its cost, never below it or at zero', () => {
    expect(applyBillProductEdit(padi, { smartEarnerPriceKobo: 9_999_00 }, today)).toMatchObject({ ok: true });
    expect(applyBillProductEdit(padi, { apiPriceKobo: padi.costPriceKobo - 1 }, today)).toEqual({ ok: false, reason: 'price_below_cost' });
    expect(applyBillProductEdit(padi, { smartEarnerPriceKobo: 0 }, today)).toEqual({ ok: false, reason: 'invalid_price' });
  });
  it('the seed sells every exam at no more than its approved price', () => {
    const exams = rows.filter((r: BillProduct) => r.family === 'exam');
    expect(exams.map((r) => r.code).sort()).toEqual(['jamb:de', 'jamb:utme', 'waec-registration:waec-registraion', 'waec:waecdirect']);
    for (const exam of exams) expect(applyBillProductEdit(exam, {}, today)).toMatchObject({ ok: true });
  });
});

describe('what VTpass delivered for an exam', () => {
  it('WAEC result checker cards: PINs with serials', () => {
    expect(
      vtpassBillDelivery({
        code: '000',
        cards: [
          { Serial: 'WRN182', Pin: '0987' },
          { Serial: 'WRN183', Pin: '0988' },
        ],
        purchased_code: 'x pin',
      }),
    ).toEqual({
      pins: [
        { pin: '0987', serial: 'WRN182' },
        { pin: '0988', serial: 'WRN183' },
      ],
      purchasedCode: 'x pin',
    });
  });
  it('WAEC registration tokens, JAMB Pin, or the PINs written in purchased_code', () => {
    expect(vtpassBillDelivery({ tokens: ['Token : 12345', '67890'] })?.pins).toEqual([{ pin: '12345' }, { pin: '67890' }]);
    expect(vtpassBillDelivery({ Pin: 'Pin : 3678251321392432' })?.pins).toEqual([{ pin: '3678251321392432' }]);
    expect(vtpassBillDelivery({ purchased_code: 'Serial No:WRN1, pin: 11||Serial No:WRN2, pin: 22' })?.pins).toEqual([
      { pin: '11', serial: 'WRN1' },
      { pin: '22', serial: 'WRN2' },
    ]);
  });
  it('an answer that names no PIN delivers nothing (none is invented)', () => {
    expect(vtpassBillDelivery({ code: '000', content: { transactions: { status: 'delivered' } } })).toBeUndefined();
    expect(classifyVtpassPay(http({ code: '000', content: { transactions: { status: 'delivered' } } })).bill).toBeUndefined();
  });
});

describe('merchant-verify of a smartcard', () => {
  it('valid: name, current bouquet and code, due date, renewal amount; WrongBillersCode: invalid; no answer: unavailable', () => {
    const valid = http({
      code: '000',
      content: { Customer_Name: 'ADA', Current_Bouquet: 'DStv Padi', Current_Bouquet_Code: 'dstv-padi', Due_Date: '2026-03-15', Renewal_Amount: 4400 },
    });
    expect(classifyVtpassBiller(valid)).toEqual({
      kind: 'valid',
      customerName: 'ADA',
      currentBouquet: 'DStv Padi',
      currentBouquetCode: 'dstv-padi',
      dueDate: '2026-03-15',
      renewalAmountNaira: 4400,
    });
    expect(classifyVtpassBiller(http({ code: '000', content: { error: 'wrong', WrongBillersCode: true } }))).toEqual({ kind: 'invalid', message: 'wrong' });
    expect(classifyVtpassBiller({ kind: 'timeout' })).toEqual({ kind: 'unavailable', reason: 'timeout' });
  });
});

describe('request shapes', () => {
  it('cable: provider by id or name; smartcard 10–11 digits; Showmax takes a phone', () => {
    expect(buyCableRequest.parse({ cableName: 2, smartCardNo: '1212 121 212', plan: 'dstv:dstv-padi' })).toMatchObject({
      cableName: { name: 'DSTV' },
      smartCardNo: '1212121212',
    });
    expect(buyCableRequest.safeParse({ cableName: 'showmax', smartCardNo: '1212121212', plan: 'showmax:full' }).success).toBe(false);
    expect(buyCableRequest.safeParse({ cableName: 'DSTV', smartCardNo: '1212121212' }).error?.issues[0]?.message).toBe(BILL_MSG.selectBouquet);
  });
  it('exam: quantity 1–10 (default 1); JAMB one PIN with a profile id', () => {
    expect(buyExamRequest.parse({ exam: 'waec' })).toMatchObject({ quantity: 1 });
    expect(buyExamRequest.parse({ exam: 'waec', quantity: '10' })).toMatchObject({ quantity: 10 });
    expect(buyExamRequest.safeParse({ exam: 'waec', quantity: 11 }).error?.issues[0]?.message).toBe(BILL_MSG.quantityRange);
    expect(buyExamRequest.safeParse({ exam: 'jamb-de' }).error?.issues[0]?.message).toBe(BILL_MSG.enterProfileId);
    expect(buyExamRequest.safeParse({ exam: 'jamb-de', profileId: '1212121212', quantity: 2 }).error?.issues[0]?.message).toBe(BILL_MSG.quantityOne);
  });
});
