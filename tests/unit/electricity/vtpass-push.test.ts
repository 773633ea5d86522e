/**
 * VTpass transaction-update pushes: reading them (nothing in the body is believed, only where to
 * look), and the re-check on DynamoDB Local with a fake VTpass-protocol supplier — the supplier's
 * own re-query decides; a reversal of a delivered purchase refunds once; forged, repeated or
 * misdirected pushes move no money. The ledger chain replays after each.
 */
import { describe, expect, it } from 'vitest';
import { fulfilPurchase, receiveSupplierPush, recheckPurchase } from '../../../functions/domain/purchases/fulfilment.js';
import type { SupplierOutcome } from '../../../functions/domain/purchases/purchase-state.js';
import { placeAirtimePurchase } from '../../../functions/domain/purchases/purchases.js';
import { readVtpassPush, transactionIdOfVtpassRequestId, vtpassRequestId } from '../../../functions/adapters/suppliers/vtpass/answers.js';
import type { RequeryKey, SupplierCallResult } from '../../../functions/domain/purchases/suppliers-port.js';
import { useDynamoDb } from '../../support/dynamo.js';
import { chainOf, directoryOf, FakeSupplier, fund, harness, newUser } from '../money/fakes.js';

const push = (requestId: unknown, type = 'transaction-update') =>
  JSON.stringify({ type, data: { code: '000', requestId, content: { transactions: { status: 'reversed' } } } });

describe('reading a VTpass push', () => {
  const requestId = vtpassRequestId('01JABCDEF0123456789XYZ', '2025-03-01T10:15:00Z');

  it('a transaction-update names our transaction behind the request_id (the Lagos stamp, then our id)', () => {
    expect(requestId).toBe('20250301111501JABCDEF0123456789XYZ');
    expect(readVtpassPush(push(requestId))).toEqual({ kind: 'transaction_update', requestId, transactionId: '01JABCDEF0123456789XYZ' });
    expect(transactionIdOfVtpassRequestId(requestId)).toBe('01JABCDEF0123456789XYZ');
  });

  it('other types and request ids that are not ours are ignored; a body that is not a JSON object or names nothing is unreadable', () => {
    expect(readVtpassPush(push(requestId, 'something-else'))).toMatchObject({ kind: 'ignored' });
    expect(readVtpassPush(push('hello'))).toMatchObject({ kind: 'ignored' });
    expect(readVtpassPush(push('202513011200ABC'))).toMatchObject({ kind: 'ignored' });
    expect(readVtpassPush(push('202501011200'))).toMatchObject({ kind: 'ignored' });
    expect(readVtpassPush(push(undefined))).toMatchObject({ kind: 'unreadable' });
    expect(readVtpassPush('not json')).toMatchObject({ kind: 'unreadable' });
    expect(readVtpassPush('[1]')).toMatchObject({ kind: 'unreadable' });
  });

  it('the receiver queues a re-check of the named purchase, and nothing for the rest', async () => {
    const sent: { id: string; recheck?: string }[] = [];
    const queue = { enqueue: async (id: string, options?: { recheck?: 'msorg' | 'vtpass' }) => void sent.push({ id, ...options }) };
    expect(await receiveSupplierPush(readVtpassPush(push(requestId)), 'vtpass', { queue })).toEqual({
      kind: 'queued',
      transactionId: '01JABCDEF0123456789XYZ',
    });
    expect(await receiveSupplierPush(readVtpassPush(push('hello')), 'vtpass', { queue })).toMatchObject({ kind: 'ignored' });
    expect(sent).toEqual([{ id: '01JABCDEF0123456789XYZ', recheck: 'vtpass' }]);
  });
});

/** A VTpass-protocol fake: delivers airtime; its re-query answers what the test says, `reversed` as VTpass words it. */
class FakeVtpass extends FakeSupplier {
  readonly protocol = 'vtpass' as const;
  requeryAnswer: SupplierOutcome | 'reversed' | 'not_found' = 'delivered';
  constructor(name = 'VTPASS') {
    super(name, () => 'delivered');
  }
  override async requery(key: RequeryKey): Promise<SupplierCallResult> {
    this.requeries.set(key.requestId, (this.requeries.get(key.requestId) ?? 0) + 1);
    const answer = this.requeryAnswer;
    const outcome: SupplierOutcome = answer === 'reversed' || answer === 'not_found' ? 'failed' : answer;
    const reason = answer === 'reversed' ? 'status_reversed' : answer === 'not_found' ? 'not_found' : `status_${outcome}`;
    return { supplier: this.name, outcome, reason, request: key, response: {} };
  }
}

describe('re-checking a purchase after a push (DynamoDB Local)', () => {
  useDynamoDb({ stream: true });

  async function deliveredAt(supplier: FakeSupplier) {
    const h = harness(directoryOf(supplier));
    const user = await newUser();
    await fund(user, 1_000_00);
    const placed = await placeAirtimePurchase(
      { userId: user.userId, userName: user.userName, userType: 'smart earner', network: 'MTN', phoneNumber: '08011111111', faceValueKobo: 100_00 },
      h.purchase,
    );
    if (placed.kind !== 'accepted') throw new Error(placed.kind);
    expect(await fulfilPurchase(placed.record.id, h.fulfilment)).toBe('success');
    return { h, user, id: placed.record.id };
  }

  it('a delivered purchase VTpass reports reversed is refunded once; the repeat changes nothing', async () => {
    const vtpass = new FakeVtpass();
    const { h, user, id } = await deliveredAt(vtpass);
    vtpass.requeryAnswer = 'reversed';
    expect(await recheckPurchase(id, 'vtpass', h.fulfilment)).toBe('reversed');
    expect(await recheckPurchase(id, 'vtpass', h.fulfilment)).toBe('unchanged');
    const { records, wallet, check } = await chainOf(user.userId);
    expect(check.ok).toBe(true);
    expect(wallet.balanceKobo).toBe(1_000_00);
    expect(records.filter((r) => r.trans_Type === 'refund')).toHaveLength(1);
    expect(await h.fulfilment.transactions.get(id)).toMatchObject({ trans_Status: 'refunded', refundReason: 'supplier_reversed:status_reversed' });
    await h.drainOutbox();
    expect(h.publisher.events.filter((e) => e.transactionId === id).map((e) => e.status)).toEqual(['success', 'refunded']);
  });

  it('when the bus is down at a reversal, the stream retries and publishes the refund once (the success before it)', async () => {
    const vtpass = new FakeVtpass();
    const { h, user, id } = await deliveredAt(vtpass);
    await h.drainOutbox();
    vtpass.requeryAnswer = 'reversed';
    expect(await recheckPurchase(id, 'vtpass', h.fulfilment)).toBe('reversed');
    h.publisher.failNext = 1;
    await h.drainOutbox();
    expect(await recheckPurchase(id, 'vtpass', h.fulfilment)).toBe('unchanged');
    await h.drainOutbox();
    expect(h.publisher.events.filter((e) => e.transactionId === id).map((e) => e.status)).toEqual(['success', 'refunded']);
    const { records, wallet, check } = await chainOf(user.userId);
    expect(check.ok).toBe(true);
    expect(wallet.balanceKobo).toBe(1_000_00);
    expect(records.filter((r) => r.trans_Type === 'refund')).toHaveLength(1);
  });

  it('a push for a purchase VTpass still reports delivered, failed or unknown changes nothing after success', async () => {
    const vtpass = new FakeVtpass();
    const { h, user, id } = await deliveredAt(vtpass);
    for (const answer of ['delivered', 'ambiguous', 'failed'] as const) {
      vtpass.requeryAnswer = answer;
      expect(await recheckPurchase(id, 'vtpass', h.fulfilment)).toBe('unchanged');
    }
    const { records, wallet } = await chainOf(user.userId);
    expect(wallet.balanceKobo).toBe(1_000_00 - 99_00);
    expect(records.find((r) => r.id === id)?.trans_Status).toBe('success');
  });

  it('a push naming a purchase held by another protocol, or none at all, re-queries nothing', async () => {
    const msorg = new FakeSupplier('ALARO', () => 'delivered');
    const { h, id } = await deliveredAt(msorg);
    expect(await recheckPurchase(id, 'vtpass', h.fulfilment)).toBe('not_held_by_pusher');
    expect(await recheckPurchase('01JNOSUCHPURCHASE000000000', 'vtpass', h.fulfilment)).toBe('not_found');
    expect(msorg.requeries.size).toBe(0);
  });

  it('an open purchase follows the re-query: "unknown" is left to the sweeper (pending), delivered settles it', async () => {
    const vtpass = new FakeVtpass();
    const h = harness(directoryOf(vtpass));
    const user = await newUser();
    await fund(user, 1_000_00);
    const placed = await placeAirtimePurchase(
      { userId: user.userId, userName: user.userName, userType: 'smart earner', network: 'MTN', phoneNumber: '08033333333', faceValueKobo: 100_00 },
      h.purchase,
    );
    if (placed.kind !== 'accepted') throw new Error(placed.kind);
    // Submitted, answer lost: claimed and still processing.
    await h.fulfilment.transactions.claimSubmission(placed.record.id, 'VTPASS', new Date());
    vtpass.requeryAnswer = 'not_found';
    expect(await recheckPurchase(placed.record.id, 'vtpass', h.fulfilment)).toBe('marked_pending');
    vtpass.requeryAnswer = 'delivered';
    expect(await recheckPurchase(placed.record.id, 'vtpass', h.fulfilment)).toBe('success');
    expect(await recheckPurchase(placed.record.id, 'vtpass', h.fulfilment)).toBe('unchanged');
    expect((await chainOf(user.userId)).wallet.balanceKobo).toBe(1_000_00 - 99_00);
  });
});
