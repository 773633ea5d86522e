/**
 * The platform's counters summed from the stream on DynamoDB Local (adapters/dynamo/stream-counters.ts):
 * rule — each record change counts once however often its batch is delivered. A batch delivered
 * again adds nothing; one delivered again with more records after it adds only those; a batch
 * whose items do not fit in one transaction is written in chunks, each counted once.
 */
import fc from 'fast-check';
import { ulid } from 'ulid';
import { describe, expect, it } from 'vitest';
import { readWalletTotalKobo } from '../../../functions/adapters/dynamo/transactions/sales-stats.js';
import { dynamoTransactions } from '../../../functions/adapters/dynamo/transactions/transactions.js';
import { chunksOf, sumIntoCounters, type SequencedChange } from '../../../functions/adapters/dynamo/transactions/stream-counters.js';
import type { TransactionRecord } from '../../../functions/domain/transactions/transactions.js';
import { useDynamoDb } from '../../support/dynamo.js';
import { drainCounters } from '../../support/outbox.js';

useDynamoDb({ stream: true });

/** Sequence numbers far past the stream's own, unique per test. */
let base = BigInt(`9${Date.now()}`) * 1_000_000n;
const nextSequence = () => String(++base);

/** A funding of `amountKobo` (a new record, credited), on a day `daysAgo` back. */
function funding(amountKobo: number, daysAgo = 0): SequencedChange {
  const createdAt = new Date(Date.now() - daysAgo * 24 * 60 * 60 * 1000).toISOString();
  const after: TransactionRecord = {
    id: ulid(),
    userId: `u${ulid()}`,
    trans_UserName: 'someone',
    userType: 'smart earner',
    trans_Type: 'wallet',
    trans_Status: 'success',
    trans_Network: '',
    phone_number: '',
    amountKobo,
    balanceBeforeKobo: 0,
    balanceAfterKobo: amountKobo,
    walletSeq: 1,
    description: 'test funding',
    createdAt,
    updatedAt: createdAt,
  };
  return { sequenceNumber: nextSequence(), eventId: ulid(), before: undefined, after };
}

async function walletTotal() {
  // The real stream's own changes (none here but the table's history) are summed first, so only ours move it.
  await drainCounters();
  return readWalletTotalKobo();
}

describe("the counters (each user's and the platform's) count each stream record once", () => {
  it('a batch delivered again adds nothing', async () => {
    const before = await walletTotal();
    const batch = [funding(1_00), funding(2_00), funding(3_00)];
    expect(await sumIntoCounters(batch)).toEqual({ chunks: 1, skipped: 0 });
    expect(await readWalletTotalKobo()).toBe(before + 6_00);
    expect(await sumIntoCounters(batch)).toEqual({ chunks: 0, skipped: 3 });
    expect(await readWalletTotalKobo()).toBe(before + 6_00);
    // Each user's own listing counters too (decision 129): one record, its credit, once.
    for (const change of batch) {
      const totals = await dynamoTransactions.listingTotals(change.after.userId, {});
      expect(totals).toMatchObject({ count: 1, figures: { totalCreditKobo: change.after.amountKobo } });
    }
  });

  it('a batch delivered again with more records after it adds only those', async () => {
    const before = await walletTotal();
    const [a, b, c] = [funding(10_00), funding(20_00), funding(40_00)];
    await sumIntoCounters([a!, b!]);
    expect(await sumIntoCounters([a!, b!, c!])).toEqual({ chunks: 1, skipped: 2 });
    expect(await readWalletTotalKobo()).toBe(before + 70_00);
  });

  it('a batch too big for one transaction is written in chunks, each counted once when the batch comes again', async () => {
    const before = await walletTotal();
    // Each a different day: a platform day item per record, more than one transaction holds.
    const batch = Array.from({ length: 150 }, (_, i) => funding(1_00, i));
    expect(chunksOf(batch).length).toBeGreaterThan(1);
    for (const chunk of chunksOf(batch)) expect(chunk.items.length).toBeLessThanOrEqual(99);
    const first = await sumIntoCounters(batch);
    expect(first.chunks).toBeGreaterThan(1);
    expect(await readWalletTotalKobo()).toBe(before + 150_00);
    expect(await sumIntoCounters(batch)).toEqual({ chunks: 0, skipped: 150 });
    expect(await readWalletTotalKobo()).toBe(before + 150_00);
  }, 60_000);

  it('any run of deliveries as the mapping makes them (each batch again from its first record, as often, with as many more records after it, as it likes) counts each record once', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 1, max: 500_00 }), { minLength: 1, maxLength: 40 }),
        fc.array(fc.record({ size: fc.integer({ min: 1, max: 15 }), failures: fc.array(fc.integer({ min: 0, max: 10 }), { maxLength: 2 }) }), {
          minLength: 1,
          maxLength: 12,
        }),
        async (amounts, batches) => {
          const before = await walletTotal();
          const stream = amounts.map((kobo, i) => funding(kobo, i % 3));
          let position = 0;
          for (const { size, failures } of batches) {
            if (position >= stream.length) break;
            const batch = stream.slice(position, position + size);
            // A delivery that failed after writing some chunks is delivered again from its first record, maybe with more after it.
            for (const extra of failures) await sumIntoCounters(stream.slice(position, position + size - Math.min(extra, size - 1)));
            await sumIntoCounters(batch);
            position += batch.length;
          }
          if (position < stream.length) await sumIntoCounters(stream.slice(position));
          expect(await readWalletTotalKobo()).toBe(before + amounts.reduce((a, b) => a + b, 0));
        },
      ),
      { numRuns: 15 },
    );
  }, 120_000);
});
