/**
 * The money desk's books of supplier calls, kept from the stream on DynamoDB Local by the counters'
 * once-only write (decision 135): rule — every supplier a purchase was handed to lists it under its
 * day (the first of a failed-over one too, and whatever the purchase became); the balance a delivery's
 * answer carried moves the float's state and its hour; a batch delivered again changes nothing; an
 * observation older than the float's kept one leaves the float as it is and the rest of the write goes on.
 */
import { ulid } from 'ulid';
import { describe, expect, it } from 'vitest';
import { dynamoFloats } from '../../../functions/adapters/dynamo/money-desk/floats.js';
import { dynamoReconciliation } from '../../../functions/adapters/dynamo/money-desk/reconciliation.js';
import { sumIntoCounters, type SequencedChange } from '../../../functions/adapters/dynamo/transactions/stream-counters.js';
import { hourOf } from '../../../functions/domain/money-desk/floats.js';
import { lagosDay, shardOf } from '../../../functions/domain/money-desk/reconciliation.js';
import type { SupplierAttempt, TransactionRecord } from '../../../functions/domain/transactions/transactions.js';
import { useDynamoDb } from '../../support/dynamo.js';

useDynamoDb({ stream: true });

/** Sequence numbers far past the stream's own, unique per test. */
let base = BigInt(`8${Date.now()}`) * 1_000_000n;
const change = (before: TransactionRecord | undefined, after: TransactionRecord): SequencedChange => ({
  sequenceNumber: String(++base),
  eventId: ulid(),
  before,
  after,
});

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

function placed(): TransactionRecord {
  const at = minutesAgo(10);
  return {
    id: ulid(),
    userId: `u${ulid()}`,
    trans_UserName: 'buyer',
    userType: 'smart earner',
    trans_Type: 'airtime',
    trans_Status: 'processing',
    trans_Network: 'MTN',
    phone_number: '08011111111',
    amountKobo: 100_00,
    faceValueKobo: 100_00,
    costKobo: 97_00,
    balanceBeforeKobo: 1_000_00,
    balanceAfterKobo: 900_00,
    walletSeq: 2,
    description: 'airtime',
    createdAt: at,
    updatedAt: at,
  };
}

const answer = (supplier: string, at: string, balanceNaira: number): SupplierAttempt => ({
  supplier,
  kind: 'submit',
  request: {},
  response: { Status: 'successful', balance_before: balanceNaira + 97, balance_after: balanceNaira },
  at,
  outcome: 'delivered',
  reason: 'status_successful',
});

/** A purchase claimed for `first`, handed over to `second` after a definite failure, delivered by it. */
function failedOverAndDelivered(first: string, second: string, deliveredAt: string, balanceNaira: number): SequencedChange[] {
  const record = placed();
  const claimed = { ...record, submittedTo: [first], supplier: first, submittedAt: minutesAgo(9) };
  const handedOver = { ...claimed, submittedTo: [first, second], supplier: second, updatedAt: minutesAgo(8) };
  const delivered = {
    ...handedOver,
    trans_Status: 'success' as const,
    profitKobo: 3_00,
    settledAt: deliveredAt,
    updatedAt: deliveredAt,
    attempts: [answer(second, deliveredAt, balanceNaira)],
  };
  return [change(undefined, record), change(record, claimed), change(claimed, handedOver), change(handedOver, delivered)];
}

/** A purchase claimed for `supplier` and refunded (its failure kept beside it, not on the record). */
function refunded(supplier: string): SequencedChange[] {
  const record = placed();
  const claimed = { ...record, submittedTo: [supplier], supplier, submittedAt: minutesAgo(7) };
  const gaveBack = { ...claimed, trans_Status: 'refunded' as const, updatedAt: minutesAgo(6) };
  return [change(undefined, record), change(record, claimed), change(claimed, gaveBack)];
}

async function listed(supplier: string, requestId: string, at: string): Promise<boolean> {
  const page = await dynamoReconciliation.submissionsPage(supplier, lagosDay(at), shardOf(requestId), undefined, 1000);
  return page.items.some((item) => item.requestId === requestId);
}

describe("the money desk's books, kept from the stream", () => {
  it('lists every submission under its supplier (a failed-over one under both, a refunded one too) and observes the answered balance, once however often the batch comes', async () => {
    const [first, second] = [`A${ulid()}`, `B${ulid()}`];
    const deliveredAt = minutesAgo(5);
    const delivered = failedOverAndDelivered(first, second, deliveredAt, 853);
    const gaveBack = refunded(first);
    const batch = [...delivered, ...gaveBack];
    await sumIntoCounters(batch);
    const id = delivered[0]!.after.id;
    expect(await listed(first, id, delivered[1]!.after.submittedAt!)).toBe(true);
    expect(await listed(second, id, delivered[2]!.after.updatedAt)).toBe(true);
    expect(await listed(first, gaveBack[0]!.after.id, gaveBack[1]!.after.submittedAt!)).toBe(true);
    expect(await listed(second, gaveBack[0]!.after.id, gaveBack[1]!.after.submittedAt!)).toBe(false);
    const [state] = await dynamoFloats.get([second]);
    expect(state).toMatchObject({ supplier: second, balanceKobo: 853_00, observedAt: deliveredAt });
    expect(await dynamoFloats.hours(second, hourOf(deliveredAt), hourOf(deliveredAt))).toEqual([
      { hour: hourOf(deliveredAt), openingKobo: 853_00, closingKobo: 853_00 },
    ]);
    // The first supplier's answer was a failure kept beside the record: no balance of it is observed here.
    expect(await dynamoFloats.get([first])).toEqual([]);

    // Delivered again, from its first record: nothing new, nothing moved.
    expect(await sumIntoCounters(batch)).toMatchObject({ chunks: 0 });
    expect((await dynamoFloats.get([second]))[0]).toMatchObject({ balanceKobo: 853_00, observedAt: deliveredAt });
  });

  it("an answer older than the float's kept observation leaves the float as it is; the rest of the write goes on", async () => {
    const [first, second] = [`A${ulid()}`, `B${ulid()}`];
    // The balance poll read the float after the purchase's answer (another shard's batch may do the same).
    const polledAt = minutesAgo(1);
    await dynamoFloats.observe(second, 5_000_00, polledAt);
    const deliveredAt = minutesAgo(2);
    const delivered = failedOverAndDelivered(first, second, deliveredAt, 853);
    await sumIntoCounters(delivered);
    const id = delivered[0]!.after.id;
    expect(await listed(first, id, delivered[1]!.after.submittedAt!)).toBe(true);
    expect(await listed(second, id, delivered[2]!.after.updatedAt)).toBe(true);
    expect((await dynamoFloats.get([second]))[0]).toMatchObject({ balanceKobo: 5_000_00, observedAt: polledAt });
    // The poll's hour keeps its later closing; an hour only the older answer saw is closed by it.
    const hours = new Map((await dynamoFloats.hours(second, hourOf(deliveredAt), hourOf(polledAt))).map((hour) => [hour.hour, hour]));
    expect(hours.get(hourOf(polledAt))?.closingKobo).toBe(5_000_00);
    if (hourOf(deliveredAt) !== hourOf(polledAt)) expect(hours.get(hourOf(deliveredAt))?.closingKobo).toBe(853_00);
    // Counted once: delivered again, it is skipped by its mark.
    expect(await sumIntoCounters(delivered)).toMatchObject({ chunks: 0 });
  });
});
