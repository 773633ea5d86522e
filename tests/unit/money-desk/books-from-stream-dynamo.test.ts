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
import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../../../functions/adapters/dynamo/client.js';
import { submissionItem } from '../../../functions/adapters/dynamo/money-desk/reconciliation.js';
import { itemSize } from '../../bench/dynamo-billing.js';
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

describe('submissions packed per supplier day and shard (decision 139)', () => {
  /** Purchases placed and claimed for `supplier` at `at`, all in one shard; their claims, in order. */
  function claimsInOneShard(supplier: string, count: number, at: string, wanted = shardOf(ulid())): SequencedChange[] {
    const claims: SequencedChange[] = [];
    while (claims.length < count) {
      const record = { ...placed(), id: ulid() };
      if (shardOf(record.id) !== wanted) continue;
      claims.push(change(record, { ...record, submittedTo: [supplier], supplier, submittedAt: at }));
    }
    return claims;
  }

  const partitionItems = async (supplier: string, at: string, requestId: string) =>
    (
      await db().send(
        new QueryCommand({
          TableName: tableName(),
          KeyConditionExpression: 'pk = :pk',
          ExpressionAttributeValues: { ':pk': `RECON#${supplier}#${lagosDay(at)}#${shardOf(requestId)}` },
        }),
      )
    ).Items ?? [];

  /** Every submission of a shard, a page of `limit` at a time: the request ids and the pages read. */
  async function readAll(supplier: string, at: string, requestId: string, limit: number) {
    const ids: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await dynamoReconciliation.submissionsPage(supplier, lagosDay(at), shardOf(requestId), cursor, limit);
      expect(page.items.length).toBeLessThanOrEqual(limit);
      ids.push(...page.items.map((item) => item.requestId));
      cursor = page.next;
      pages++;
    } while (cursor);
    return { ids, pages };
  }

  it("puts one item for a batch's submissions to a shard, read a page at a time from inside it, older single items alike", async () => {
    const supplier = `P${ulid()}`;
    const at = minutesAgo(3);
    const claims = claimsInOneShard(supplier, 7, at);
    const ids = claims.map((claim) => claim.after.id);
    // One submission of the same shard written as before decision 139: an item of its own, read with the pack.
    const older = claimsInOneShard(supplier, 1, at, shardOf(ids[0]!))[0]!.after;
    const legacy = { supplier, requestId: older.id, placedAt: older.createdAt, submittedAt: at, service: 'airtime' as const };
    await db().send(new PutCommand({ TableName: tableName(), Item: submissionItem(legacy) }));
    await sumIntoCounters(claims);
    const items = await partitionItems(supplier, at, ids[0]!);
    expect(items.map((item) => item.entity)).toEqual(['Submission', 'SubmissionPack']);
    // Seven submissions in one item under 1 KB: one write unit, where they cost seven.
    expect(itemSize(items[1]!)).toBeLessThanOrEqual(1024);
    const read = await readAll(supplier, at, ids[0]!, 3);
    expect(read.ids).toEqual([older.id, ...ids]);
    expect(read.pages).toBe(3);
    expect(await readAll(supplier, at, ids[0]!, 1000)).toMatchObject({ pages: 1 });
  });

  it('a batch delivered again with more records after its first rewrites its packs longer: nothing listed twice, nothing missed', async () => {
    const supplier = `Q${ulid()}`;
    const at = minutesAgo(3);
    const claims = claimsInOneShard(supplier, 5, at);
    const ids = claims.map((claim) => claim.after.id);
    await sumIntoCounters(claims.slice(0, 3));
    // Read partly (a page ending inside the pack), then the batch comes again with two more records.
    const first = await dynamoReconciliation.submissionsPage(supplier, lagosDay(at), shardOf(ids[0]!), undefined, 2);
    expect(first.items.map((item) => item.requestId)).toEqual(ids.slice(0, 2));
    await sumIntoCounters(claims);
    const items = await partitionItems(supplier, at, ids[0]!);
    expect(items).toHaveLength(1);
    const rest = await dynamoReconciliation.submissionsPage(supplier, lagosDay(at), shardOf(ids[0]!), first.next, 50);
    expect(rest.items.map((item) => item.requestId)).toEqual(ids.slice(2));
    expect(rest.items[0]).toMatchObject({ supplier, submittedAt: at, service: 'airtime' });
  });
});
