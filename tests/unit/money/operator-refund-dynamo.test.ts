/**
 * An operator's refund (domain/operator-refunds.ts) on a real DynamoDB Local: which transactions it
 * refunds, that repeats and concurrent calls pay once, and that a supplier's late "delivered" leaves
 * the refunded purchase refunded and is logged for operators; and that its audit entry is in the
 * refund's own write (one entry per refund, with before/after; no refund without its entry).
 */
import { describe, expect, it } from 'vitest';
import { ulid } from 'ulid';
import { dynamoAuditTrail } from '../../../functions/adapters/dynamo/back-office/audit.js';
import { auditEntry } from '../../../functions/domain/back-office/audit.js';
import { dayOf } from '../../../functions/domain/back-office/sales-stats.js';
import { routeByOperation } from '../../../shared/routes.js';
import { dynamoLedger } from '../../../functions/adapters/dynamo/wallet/ledger.js';
import { dynamoTransactions } from '../../../functions/adapters/dynamo/transactions/transactions.js';
import { fulfilPurchase } from '../../../functions/domain/purchases/fulfilment.js';
import { refundAsOperator, type OperatorRefundDeps } from '../../../functions/domain/back-office/operator-refunds.js';
import type { SupplierOutcome } from '../../../functions/domain/purchases/purchase-state.js';
import type { Logger } from '../../../functions/domain/logger.js';
import { useDynamoDb, withDynamoMiddleware } from '../../support/dynamo.js';
import { OPERATOR_REFUND_WRITES, PARTITION_PREFIXES } from '../../../shared/table.js';
import { chainOf, FakeSupplier, placedAirtime } from './fakes.js';
import { toTransactionView } from '../../../functions/domain/transactions/transactions.js';
import { NO_REFUND_REASON, REFUND_REASON_MSG } from '../../../shared/messages.js';

useDynamoDb({ stream: true });

const principal = { userId: 'ops-id', userName: 'ops', isAdmin: false, isAgent: true };
const operatorOn = (id: string) => ({
  userName: 'ops',
  role: 'agent' as const,
  request: { route: routeByOperation('refundTransaction'), principal, params: { id }, query: {}, body: null, requestId: 'req-1' },
});
const OPERATOR = operatorOn('-');
const adminPrincipal = { userId: 'boss-id', userName: 'boss', isAdmin: true, isAgent: false };
/** An admin refunding `id`, with a reason unless given none. */
const adminOn = (id: string, reason?: string) => ({
  userName: 'boss',
  role: 'admin' as const,
  reason,
  request: {
    route: routeByOperation('refundTransaction'),
    principal: adminPrincipal,
    params: { id },
    query: {},
    body: reason ? { reason } : null,
    requestId: 'req-2',
  },
});

async function refundEntries(id: string) {
  const entries = await dynamoAuditTrail.list({ day: dayOf(new Date().toISOString()), operation: 'refundTransaction' }, 1000);
  return entries.filter((entry) => entry.target.id === id);
}

function recordingLog(): Logger & { errors: { message: string; details?: Record<string, unknown> }[] } {
  const errors: { message: string; details?: Record<string, unknown> }[] = [];
  return { errors, info() {}, warn() {}, error: (message, details) => errors.push({ message, details }) };
}

function refundDeps(): OperatorRefundDeps {
  return { transactions: dynamoTransactions, ledger: dynamoLedger, log: recordingLog(), now: () => new Date(), newId: () => ulid() };
}

const purchase = (supplier: FakeSupplier) => placedAirtime(supplier);

const delivering = () =>
  new FakeSupplier(
    'ALARO',
    () => 'delivered',
    () => 'delivered',
  );

describe('an operator refunds a purchase', () => {
  it('refunds an open purchase once: credit, refund record, status refunded, announced once by the stream', async () => {
    const { h, user, id } = await purchase(delivering());
    const deps = refundDeps();
    const result = await refundAsOperator(id, OPERATOR, deps);
    expect(result).toMatchObject({ kind: 'refunded', refund: { trans_Type: 'refund', amountKobo: 99_00, relatedTransactionId: id } });
    expect(await dynamoTransactions.get(id)).toMatchObject({ trans_Status: 'refunded', refundReason: 'operator_refund:agent:ops' });
    await h.drainOutbox();
    expect(h.publisher.events.map((event) => [event.transactionId, event.status])).toEqual([[id, 'refunded']]);
    const { wallet, check } = await chainOf(user.userId);
    expect(wallet.balanceKobo).toBe(1_000_00);
    expect(check.ok).toBe(true);
  });

  it('an admin\'s body-less refund of a delivered purchase (the spec\'s payload) is accepted: "no reason given" in its audit entry and on the transaction', async () => {
    const { h, id } = await purchase(delivering());
    expect(await fulfilPurchase(id, h.fulfilment)).toBe('success');
    expect(await refundAsOperator(id, adminOn(id), refundDeps())).toMatchObject({ kind: 'refunded' });
    const [entry] = await refundEntries(id);
    expect(entry).toMatchObject({ role: 'admin', after: { trans_Status: 'refunded', reason: NO_REFUND_REASON } });
    const refunded = await dynamoTransactions.get(id);
    expect(toTransactionView(refunded!).refundReason).toBe(`${REFUND_REASON_MSG.operatorRefund}: ${NO_REFUND_REASON}`);
  });

  it('an admin refunds a delivered purchase with a reason, and the reason is in its audit entry and on the transaction', async () => {
    const { h, user, id } = await purchase(delivering());
    expect(await fulfilPurchase(id, h.fulfilment)).toBe('success');
    expect(await refundAsOperator(id, adminOn(id, 'customer says no airtime arrived'), refundDeps())).toMatchObject({ kind: 'refunded' });
    const [entry] = await refundEntries(id);
    expect(entry).toMatchObject({
      role: 'admin',
      before: { trans_Status: 'success' },
      after: { trans_Status: 'refunded', reason: 'customer says no airtime arrived' },
    });
    // The typed reason, not the supplier's success text, is what the transaction says.
    expect(toTransactionView((await dynamoTransactions.get(id))!).refundReason).toBe(`${REFUND_REASON_MSG.operatorRefund}: customer says no airtime arrived`);
    // The reversal is a second settlement: announced as refunded after the success.
    await h.drainOutbox();
    expect(h.publisher.events.map((event) => event.status)).toEqual(['success', 'refunded']);
    expect((await dynamoLedger.getWallet(user.userId)).balanceKobo).toBe(1_000_00);
  });

  it('rejection: an agent may not refund a delivered purchase; no money moves, no entry', async () => {
    const { h, user, id } = await purchase(delivering());
    expect(await fulfilPurchase(id, h.fulfilment)).toBe('success');
    expect(await refundAsOperator(id, operatorOn(id), refundDeps())).toEqual({ kind: 'delivered_admin_only' });
    expect(await dynamoTransactions.get(id)).toMatchObject({ trans_Status: 'success' });
    expect((await dynamoLedger.getWallet(user.userId)).balanceKobo).toBe(901_00);
    expect(await refundEntries(id)).toEqual([]);
  });

  it("rejection: a purchase delivered between the agent's read and the refund write is not refunded by the agent", async () => {
    const { h, user, id } = await purchase(delivering());
    const open = await dynamoTransactions.get(id);
    expect(open).toMatchObject({ trans_Status: 'processing' });
    expect(await fulfilPurchase(id, h.fulfilment)).toBe('success');
    // The agent's use case read the purchase while it was open: the write itself must refuse the delivered one.
    const staleRead = { ...refundDeps(), transactions: { get: async () => open } };
    expect(await refundAsOperator(id, operatorOn(id), staleRead)).toEqual({ kind: 'delivered_admin_only' });
    expect((await dynamoLedger.getWallet(user.userId)).balanceKobo).toBe(901_00);
  });

  it('rejection: a second refund, and 10 concurrent ones, pay once', async () => {
    const { user, id } = await purchase(delivering());
    const results = await Promise.all(Array.from({ length: 10 }, () => refundAsOperator(id, OPERATOR, refundDeps())));
    expect(results.filter((r) => r.kind === 'refunded')).toHaveLength(1);
    expect(results.filter((r) => r.kind === 'already_refunded')).toHaveLength(9);
    expect(await refundAsOperator(id, OPERATOR, refundDeps())).toEqual({ kind: 'already_refunded' });
    const { wallet, records, check } = await chainOf(user.userId);
    expect(wallet.balanceKobo).toBe(1_000_00);
    expect(records.filter((r) => r.trans_Type === 'refund')).toHaveLength(1);
    expect(check.ok).toBe(true);
  });

  it('rejection: unknown ids, wallet fundings and refund records are not refunded; no money moves', async () => {
    const { user, id } = await purchase(delivering());
    await refundAsOperator(id, OPERATOR, refundDeps());
    const { records } = await chainOf(user.userId);
    const funding = records.find((r) => r.trans_Type === 'wallet')!;
    const refund = records.find((r) => r.trans_Type === 'refund')!;
    expect(await refundAsOperator('01NOSUCHTRANSACTION0000000', OPERATOR, refundDeps())).toEqual({ kind: 'not_found' });
    expect(await refundAsOperator(funding.id, OPERATOR, refundDeps())).toEqual({ kind: 'type_not_refundable' });
    expect(await refundAsOperator(refund.id, OPERATOR, refundDeps())).toEqual({ kind: 'type_not_refundable' });
    expect((await dynamoLedger.getWallet(user.userId)).balanceKobo).toBe(1_000_00);
  });
});

describe("a refund's audit entry is in the refund's own write", () => {
  it('one refund, one entry: who, the status and the balance before and after', async () => {
    const { user, id } = await purchase(delivering());
    expect(await refundAsOperator(id, operatorOn(id), refundDeps())).toMatchObject({ kind: 'refunded' });
    const entries = await refundEntries(id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actorName: 'ops',
      role: 'agent',
      status: 200,
      target: { id },
      before: { trans_Status: 'processing', userName: user.userName, balanceKobo: 901_00 },
      after: { trans_Status: 'refunded', userName: user.userName, balanceKobo: 1_000_00, amountKobo: 99_00 },
    });
  });

  it("rejection: 10 concurrent refunds and a repeat write one entry, the winner's", async () => {
    const { id } = await purchase(delivering());
    await Promise.all(Array.from({ length: 10 }, () => refundAsOperator(id, operatorOn(id), refundDeps())));
    await refundAsOperator(id, operatorOn(id), refundDeps());
    expect(await refundEntries(id)).toHaveLength(1);
  });

  it('rejection: an entry that cannot be put (its key taken) leaves the purchase unrefunded and the money unmoved', async () => {
    const { user, id } = await purchase(delivering());
    const at = new Date();
    const taken = `TAKEN${ulid()}`;
    expect(await dynamoAuditTrail.append(auditEntry(operatorOn(id).request, 200, at, taken))).toBe('appended');
    const result = await refundAsOperator(id, operatorOn(id), { ...refundDeps(), now: () => at, newId: () => taken });
    expect(result.kind).not.toBe('refunded');
    expect(await dynamoTransactions.get(id)).toMatchObject({ trans_Status: 'processing' });
    expect((await dynamoLedger.getWallet(user.userId)).balanceKobo).toBe(901_00);
  });
});

describe('a refund racing the supplier', () => {
  it('the supplier delivers after the operator refunded: the purchase stays refunded, one credit, logged for operators', async () => {
    let release!: (outcome: SupplierOutcome) => void;
    const answered = new Promise<SupplierOutcome>((resolve) => (release = resolve));
    let called!: () => void;
    const submitted = new Promise<void>((resolve) => (called = resolve));
    const supplier = new FakeSupplier('ALARO', () => {
      called();
      return answered;
    });
    const { h, user, id } = await purchase(supplier);
    const log = recordingLog();
    const delivery = fulfilPurchase(id, { ...h.fulfilment, log });
    await submitted;
    expect(await refundAsOperator(id, OPERATOR, refundDeps())).toMatchObject({ kind: 'refunded' });
    release('delivered');
    expect(await delivery).toBe('settled_elsewhere');
    expect(await dynamoTransactions.get(id)).toMatchObject({ trans_Status: 'refunded' });
    expect(log.errors).toEqual([
      expect.objectContaining({
        message: 'supplier delivered a purchase that was already refunded; it stays refunded',
        details: expect.objectContaining({ transactionId: id }),
      }),
    ]);
    const { wallet, records, check } = await chainOf(user.userId);
    expect(wallet.balanceKobo).toBe(1_000_00);
    expect(records.filter((r) => r.trans_Type === 'refund')).toHaveLength(1);
    expect(check.ok).toBe(true);
  });
});

describe('what an operator refund writes stays inside the refunds function’s grant (OPERATOR_REFUND_WRITES)', () => {
  it('every item of the refund’s own write, a delivered purchase’s reversal included, lies under a granted prefix with a granted action', async () => {
    const { h, id } = await purchase(delivering());
    expect(await fulfilPurchase(id, h.fulfilment)).toBe('success');
    const written: { action: string; pk: string }[] = [];
    const capture = (next: any) => async (args: any) => {
      for (const item of args.input?.TransactItems ?? []) {
        if (item.Put) written.push({ action: 'dynamodb:PutItem', pk: String(item.Put.Item.pk) });
        if (item.Update) written.push({ action: 'dynamodb:UpdateItem', pk: String(item.Update.Key.pk) });
        if (item.Delete) written.push({ action: 'dynamodb:DeleteItem', pk: String(item.Delete.Key.pk) });
      }
      return next(args);
    };
    expect(await withDynamoMiddleware(capture, () => refundAsOperator(id, adminOn(id, 'reversed by hand'), refundDeps()))).toMatchObject({ kind: 'refunded' });
    const outside = written.filter(
      ({ action, pk }) =>
        !pk.startsWith(PARTITION_PREFIXES.audit) && !OPERATOR_REFUND_WRITES.some((grant) => pk.startsWith(grant.prefix) && grant.actions.includes(action)),
    );
    expect(written.length).toBeGreaterThan(3);
    expect(outside).toEqual([]);
  });
});
