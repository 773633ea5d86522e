/**
 * The transaction outbox's rule (domain/transaction-outbox.ts): what one change of a record causes,
 * decided from its images before and after the write.
 */
import { describe, expect, it } from 'vitest';
import { outboxActions, perBatchOwnerWebhooks, runOutboxActions, type OutboxAction } from '../../../functions/domain/transactions/transaction-outbox.js';
import type { TransactionRecord } from '../../../functions/domain/transactions/transactions.js';
import { silentLogger } from '../../../functions/domain/logger.js';
import { airtimePurchaseRecord } from '../../support/transaction-record.js';
import { RecordingPublisher, RecordingQueue } from './fakes.js';

const placed = airtimePurchaseRecord({ id: 'T1', userId: 'U1', trans_UserName: 'ada', trans_Status: 'processing', profitKobo: undefined });
const kinds = (actions: OutboxAction[]) => actions.map((action) => action.kind);
const changed = (before: TransactionRecord, changes: Partial<TransactionRecord>): TransactionRecord => ({ ...before, ...changes });

describe('a new record', () => {
  it('a new open airtime purchase goes to fulfilment with its type and network, and refreshes contacts of the number', () => {
    const actions = outboxActions(undefined, placed);
    expect(actions).toEqual([
      { kind: 'fulfil', transactionId: 'T1', purchase: { type: 'airtime', network: 'MTN' } },
      { kind: 'touch_contacts', userId: 'U1', phoneNumber: '08011111111', at: new Date(placed.createdAt) },
    ]);
  });

  it('a purchase to a number the buyer’s profile says no contact was saved under looks up no contacts', () => {
    expect(kinds(outboxActions(undefined, changed(placed, { toSavedContact: false })))).toEqual(['fulfil']);
    expect(kinds(outboxActions(undefined, changed(placed, { toSavedContact: true })))).toEqual(['fulfil', 'touch_contacts']);
  });

  it('an electricity purchase goes to fulfilment but touches no contact (a meter is no phone number)', () => {
    expect(kinds(outboxActions(undefined, changed(placed, { trans_Type: 'electricity', trans_Network: 'Ikeja' })))).toEqual(['fulfil']);
  });

  it('a provider funding written as success is announced; a coupon or transfer credit is not', () => {
    const funding = changed(placed, {
      trans_Type: 'wallet',
      trans_Status: 'success',
      funding: { provider: 'squad', reference: 'R1', paidKobo: 100_00, chargeKobo: 1_00 },
    });
    expect(outboxActions(undefined, funding)).toEqual([
      { kind: 'announce', event: expect.objectContaining({ transactionId: 'T1', type: 'wallet', status: 'success' }) },
    ]);
    expect(outboxActions(undefined, changed(placed, { trans_Type: 'wallet', trans_Status: 'success' }))).toEqual([]);
    expect(outboxActions(undefined, changed(placed, { trans_Type: 'refund', trans_Status: 'success' }))).toEqual([]);
  });
});

describe('a change of a record', () => {
  it('open → success is announced once; later changes that keep the status announce nothing', () => {
    const delivered = changed(placed, { trans_Status: 'success', settledAt: '2026-01-01T00:01:00.000Z' });
    expect(outboxActions(placed, delivered)).toEqual([{ kind: 'announce', event: expect.objectContaining({ transactionId: 'T1', status: 'success' }) }]);
    expect(outboxActions(delivered, changed(delivered, { apiResponse: 'late detail' }))).toEqual([]);
  });

  it('a claim, a hand-over to the next supplier and a move to pending announce nothing', () => {
    const claimed = changed(placed, { submittedAt: '2026-01-01T00:00:01.000Z', supplier: 'ALARO' });
    expect(outboxActions(placed, claimed)).toEqual([]);
    expect(outboxActions(claimed, changed(claimed, { supplier: 'GLAD' }))).toEqual([]);
    expect(outboxActions(claimed, changed(claimed, { trans_Status: 'pending' }))).toEqual([]);
  });

  it('a reversal (success → refunded) is a second settlement, announced as refunded', () => {
    const delivered = changed(placed, { trans_Status: 'success' });
    const actions = outboxActions(delivered, changed(delivered, { trans_Status: 'refunded' }));
    expect(actions).toEqual([{ kind: 'announce', event: expect.objectContaining({ status: 'refunded' }) }]);
  });

  it('a withdrawal goes to the payout queue when written, and settles once: pending → refunded is announced, processing → pending is not', () => {
    const withdrawal = changed(placed, { trans_Type: 'withdrawal', trans_Status: 'processing' });
    expect(outboxActions(undefined, withdrawal)).toEqual([{ kind: 'pay_out', transactionId: 'T1' }]);
    const pending = changed(withdrawal, { trans_Status: 'pending' });
    expect(outboxActions(withdrawal, pending)).toEqual([]);
    expect(kinds(outboxActions(pending, changed(pending, { trans_Status: 'refunded' })))).toEqual(['announce']);
  });
});

describe('a cable TV payment remembers its decoder', () => {
  const cable = changed(placed, {
    trans_Type: 'cable',
    bill: {
      family: 'cable',
      serviceId: 'dstv',
      productCode: 'dstv:dstv-padi',
      productName: 'DStv Padi',
      variationCode: 'dstv-padi',
      provider: 'DSTV',
      billersCode: '1212121212',
      quantity: 1,
      amountKobo: 2_950_00,
      customerPhone: '08011111111',
      customerName: 'DEMO CUSTOMER',
    },
  });

  it('once delivered, and only then: a refund or a purchase still open remembers nothing', () => {
    const delivered = changed(cable, { trans_Status: 'success', settledAt: '2026-11-28T10:00:00.000Z' });
    expect(outboxActions(cable, delivered).find((action) => action.kind === 'remember_decoder')).toEqual({
      kind: 'remember_decoder',
      userId: cable.userId,
      decoder: { cableName: 'DSTV', smartCardNo: '1212121212', customerName: 'DEMO CUSTOMER', lastUsedAt: '2026-11-28T10:00:00.000Z' },
    });
    expect(kinds(outboxActions(undefined, cable))).not.toContain('remember_decoder');
    expect(kinds(outboxActions(cable, changed(cable, { trans_Status: 'refunded' })))).not.toContain('remember_decoder');
    expect(kinds(outboxActions(delivered, changed(delivered, { updatedAt: 'later' })))).not.toContain('remember_decoder');
  });

  it('an exam PIN or an airtime purchase remembers no decoder', () => {
    expect(kinds(outboxActions(placed, changed(placed, { trans_Status: 'success' })))).not.toContain('remember_decoder');
  });
});

describe('carrying the actions out', () => {
  const deps = (contacts = { touchNumber: async () => 1 }, withUrl: string[] = []) => {
    const asked: string[] = [];
    const owners = { hasWebhook: async (userId: string) => (asked.push(userId), withUrl.includes(userId)) };
    const decoders = { remembered: [] as unknown[], remember: async (userId: string, decoder: unknown) => void decoders.remembered.push([userId, decoder]) };
    return {
      queue: new RecordingQueue(),
      payouts: new RecordingQueue(),
      events: new RecordingPublisher(),
      contacts,
      decoders,
      owners,
      asked,
      log: silentLogger,
    };
  };

  it('the settled-event rule (only owners with a webhook URL reach the webhook queue): every announced event carries ownerWebhook, from the purchase when it has it, else looked up once per user per batch', async () => {
    const d = deps(undefined, ['U2']);
    const batch = { ...d, owners: perBatchOwnerWebhooks(d.owners) };
    const settle = (record: typeof placed) => outboxActions(record, changed(record, { trans_Status: 'success' }));
    // A purchase copied its buyer's flag when placed: no look-up.
    await runOutboxActions(settle(changed(placed, { ownerWebhook: false })), batch);
    await runOutboxActions(settle(changed(placed, { id: 'T2', ownerWebhook: true })), batch);
    // A funding (no flag on its record), twice for U2 and once for U3: one look-up per user.
    const funding = (id: string, userId: string) =>
      changed(placed, {
        id,
        userId,
        trans_Type: 'wallet',
        funding: { provider: 'squad', reference: id, paidKobo: 100_00, chargeKobo: 1_00 },
        trans_Status: 'processing',
      });
    for (const [id, userId] of [
      ['F1', 'U2'],
      ['F2', 'U2'],
      ['F3', 'U3'],
    ] as const)
      await runOutboxActions(settle(funding(id, userId)), batch);
    expect(d.events.events.map((event) => [event.transactionId, event.ownerWebhook])).toEqual([
      ['T1', false],
      ['T2', true],
      ['F1', true],
      ['F2', true],
      ['F3', false],
    ]);
    expect(d.asked).toEqual(['U2', 'U3']);
  });

  it('sends the fulfilment and payout messages and publishes the event', async () => {
    const d = deps();
    await runOutboxActions([...outboxActions(undefined, placed), ...outboxActions(placed, changed(placed, { trans_Status: 'success' }))], d);
    await runOutboxActions(outboxActions(undefined, changed(placed, { id: 'W1', trans_Type: 'withdrawal' })), d);
    expect(d.payouts.sent).toEqual(['W1']);
    expect(d.queue.sent).toEqual(['T1']);
    expect(d.queue.options).toEqual([{ purchase: { type: 'airtime', network: 'MTN' } }]);
    expect(d.events.events.map((event) => event.status)).toEqual(['success']);
  });

  it('rejection: a refused hand-off or publish throws (the stream retries the record); a contacts failure does not', async () => {
    const failingContacts = deps({
      touchNumber: async () => {
        throw new Error('throttled');
      },
    });
    await expect(runOutboxActions(outboxActions(undefined, placed), failingContacts)).resolves.toBeUndefined();
    const d = deps();
    d.queue.failing = true;
    await expect(runOutboxActions(outboxActions(undefined, placed), d)).rejects.toThrow('queue unavailable');
    d.events.failing = true;
    await expect(runOutboxActions(outboxActions(placed, changed(placed, { trans_Status: 'failed' })), d)).rejects.toThrow('bus unavailable');
  });
});
