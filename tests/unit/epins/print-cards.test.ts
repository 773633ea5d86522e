/** Recharge cards as printed (web/src/features/recharge-cards/lib/cards.ts): the cards of a receipt, A4 sheets of 3 × 8, the CSV. */
import { describe, expect, it } from 'vitest';
import type { TransactionView } from '../../../shared/api/transactions.js';
import { CARDS_PER_SHEET, cardsCsv, cardsOf, csvFileName, sheetsOf } from '../../../web/src/features/recharge-cards/lib/cards.js';

const batch = (pins: TransactionView['pins'], businessName = 'Ade Phones'): Pick<TransactionView, '_id' | 'epin' | 'pins'> => ({
  _id: 'B1',
  epin: { network: 'MTN', denomination: 100, businessName, ordered: pins?.length ?? 0, delivered: pins?.length ?? 0 },
  pins,
});

describe('a batch as printed', () => {
  it('is one card per PIN, with the network, value, serial, *311*PIN# and the business name', () => {
    expect(cardsOf(batch([{ pin: '9032-1669-9730-07262', serial: '00000022454369256' }]))).toEqual([
      {
        network: 'MTN',
        denomination: 100,
        pin: '9032-1669-9730-07262',
        serial: '00000022454369256',
        dial: '*311*90321669973007262#',
        businessName: 'Ade Phones',
      },
    ]);
    expect(cardsOf(batch(undefined))).toEqual([]);
    expect(cardsOf({ pins: [{ pin: '1', serial: null }] })).toEqual([]);
  });
  it('fills A4 sheets of 24 (3 × 8) in order', () => {
    expect(CARDS_PER_SHEET).toBe(24);
    const sheets = sheetsOf(Array.from({ length: 50 }, (_, i) => i));
    expect(sheets.map((s) => s.length)).toEqual([24, 24, 2]);
    expect(sheets.flat()).toEqual(Array.from({ length: 50 }, (_, i) => i));
    expect(sheetsOf([])).toEqual([]);
  });
  it('downloads as CSV with a header, quoted fields and no spreadsheet formula', () => {
    const cards = cardsOf(batch([{ pin: '1234', serial: '9' }], '=HYPERLINK("x"), Ltd'));
    expect(cardsCsv(cards)).toBe('Network,Denomination (NGN),PIN,Serial,Dial,Business name\r\nMTN,100,1234,9,*311*1234#,"\'=HYPERLINK(""x""), Ltd"\r\n');
    expect(csvFileName(batch([]), 0)).toBe('recharge-cards-MTN-100-x0-B1.csv');
  });
});
