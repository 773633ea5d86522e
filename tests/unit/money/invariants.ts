/**
 * Ledger invariants over one user's stored history (DynamoDB Local): the chain replays to the
 * wallet, the balance is never negative, and refunds pair one-to-one with refunded purchases for
 * the purchase's full amount.
 */
import { expect } from 'vitest';
import { chainOf } from './fakes.js';

const PURCHASES = new Set(['airtime', 'data', 'electricity']);

export async function expectLedgerInvariants(userId: string): Promise<void> {
  const { records, wallet, check } = await chainOf(userId);
  expect(check, `chain of ${userId}`).toMatchObject({ ok: true });
  expect(wallet.balanceKobo, 'balance never negative').toBeGreaterThanOrEqual(0);
  const purchases = new Map(records.filter((r) => PURCHASES.has(r.trans_Type)).map((r) => [r.id, r]));
  const refunds = records.filter((r) => r.trans_Type === 'refund');
  const refunded = refunds.map((r) => r.relatedTransactionId);
  expect(new Set(refunded).size, 'at most one refund per purchase').toBe(refunded.length);
  for (const refund of refunds) {
    const purchase = purchases.get(refund.relatedTransactionId ?? '');
    expect(purchase, `refund ${refund.id} belongs to a purchase`).toBeDefined();
    expect(refund.amountKobo, 'a refund gives back what was charged').toBe(purchase!.amountKobo);
  }
  for (const purchase of purchases.values()) {
    expect(refunded.includes(purchase.id), `purchase ${purchase.id} (${purchase.trans_Status}) refunded iff status refunded`).toBe(purchase.trans_Status === 'refunded');
  }
}
