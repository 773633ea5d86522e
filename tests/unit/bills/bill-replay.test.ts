/**
 * A cable or JAMB purchase resent with its request_id answers from the record it placed, without
 * asking VTpass's merchant-verify again (a replay used to verify first, so a resent request
 * got "verification unavailable" while VTpass was down, though the purchase stood).
 */
import { describe, expect, it } from 'vitest';
import { cableProvider, examProduct } from '../../../shared/bills.js';
import { seedBillProducts } from '../../../functions/domain/products/bill-catalogue.js';
import { transactionIdForRequest } from '../../../functions/domain/ids.js';
import { placeCablePurchase, placeExamPurchase, type BillPurchaseDeps } from '../../../functions/domain/purchases/purchases.js';
import type { TransactionDraft, TransactionRecord } from '../../../functions/domain/transactions/transactions.js';
import type { BillerQuery } from '../../../functions/domain/purchases/suppliers-port.js';

const now = new Date('2026-03-10T09:00:00Z');
const ROWS = seedBillProducts(now);
const buyer = { userId: 'U1', userName: 'ada', userType: 'smart earner' as const, customerPhone: '08011111111', requestId: 'req-1' };
const placedId = transactionIdForRequest(buyer.userId, buyer.requestId);

/** A ledger that holds records by id and answers a second debit of the same id as a replay. */
function harness(stored?: Partial<TransactionRecord>) {
  const records = new Map<string, TransactionRecord>();
  if (stored) records.set(placedId, { id: placedId, ...stored } as TransactionRecord);
  const verifies: BillerQuery[] = [];
  const deps = {
    billProducts: { getBillProduct: async (code: string) => ROWS.find((row) => row.code === code) },
    // VTpass's verify is down throughout.
    verifyBiller: async (query: BillerQuery) => {
      verifies.push(query);
      return { kind: 'unavailable' as const, supplier: 'VTPASS', reason: 'timeout' };
    },
    placedBefore: async (id: string) => records.get(id),
    ledger: {
      debitPurchase: async (draft: TransactionDraft) => {
        const existing = records.get(draft.id);
        if (existing) return { kind: 'replayed' as const, record: existing };
        const record = { ...draft, trans_Status: 'processing' } as unknown as TransactionRecord;
        records.set(draft.id, record);
        return { kind: 'posted' as const, record };
      },
    },
    now: () => now,
    newId: () => 'NEW',
    log: { info: () => undefined, warn: () => undefined, error: () => undefined },
  } as unknown as BillPurchaseDeps;
  return { deps, verifies };
}

const cable = { ...buyer, provider: cableProvider('DSTV')!, smartCardNo: '1212121212', productCode: 'dstv:dstv-padi', subscriptionType: 'change' as const };

describe('a resent bill purchase answers from its record, not from the supplier', () => {
  it('a cable purchase already placed under the request_id is replayed with VTpass verify down, and verify is not asked', async () => {
    const { deps, verifies } = harness({
      trans_Type: 'cable',
      trans_Status: 'success',
      bill: { family: 'cable', customerName: 'ADA OBI', currentBouquet: 'DStv Padi', dueDate: '2026-03-15' } as never,
    });
    const result = await placeCablePurchase(cable, deps);
    expect(result).toMatchObject({ kind: 'replayed', record: { id: placedId, trans_Status: 'success' } });
    expect(verifies).toEqual([]);
  });

  it('a JAMB purchase already placed is replayed without a second profile check', async () => {
    const { deps, verifies } = harness({ trans_Type: 'exam', trans_Status: 'success', bill: { family: 'exam', customerName: 'CANDIDATE ONE' } as never });
    const result = await placeExamPurchase({ ...buyer, exam: examProduct('jamb-utme')!, quantity: 1, profileId: '0123456789' }, deps);
    expect(result).toMatchObject({ kind: 'replayed', record: { id: placedId } });
    expect(verifies).toEqual([]);
  });

  it('rejection: a new request_id is still verified first, and with verify down nothing is placed', async () => {
    const { deps, verifies } = harness();
    expect(await placeCablePurchase(cable, deps)).toEqual({ kind: 'verification_unavailable' });
    expect(verifies).toEqual([{ serviceId: 'dstv', billersCode: '1212121212' }]);
  });
});
