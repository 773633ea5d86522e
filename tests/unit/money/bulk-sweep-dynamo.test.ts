/**
 * A bulk batch whose consumer never ran (its message lost, or dead-lettered) is not lost money
 * (decision 83 (docs/decisions/0083-*)): until every line is written the batch sits in the sweeper's open index, and
 * the sweeper hands it to the consumer again as a batch; once expanded it leaves the index, and only
 * its lines (open purchases) are swept from then on. On DynamoDB Local.
 */
import { describe, expect, it } from 'vitest';
import { dynamoBulkLines } from '../../../functions/adapters/dynamo/purchases/bulk-lines.js';
import { dynamoTransactions } from '../../../functions/adapters/dynamo/transactions/transactions.js';
import { expandBatch, lineIdsOf, placeBulkAirtime } from '../../../functions/domain/purchases/bulk.js';
import { silentLogger } from '../../../functions/domain/logger.js';
import { sweepOpenPurchases } from '../../../functions/domain/purchases/sweeper.js';
import { useDynamoDb } from '../../support/dynamo.js';
import { directoryOf, FakeSupplier, fund, harness, IMMEDIATE_SWEEP, newUser } from './fakes.js';

useDynamoDb();

const openIds = async () => (await dynamoTransactions.listOpen(1_000)).items.map((item) => item.id);

describe('a bulk batch the consumer has not expanded', () => {
  it('waits in the open index, is re-enqueued as a batch by the sweeper, and leaves the index once its lines are written', async () => {
    const h = harness(directoryOf(new FakeSupplier('ALARO', () => 'delivered')));
    const user = await newUser();
    await fund(user, 1_000_00);
    const placed = await placeBulkAirtime(
      { userId: user.userId, userName: user.userName, userType: user.userType },
      'bulk-sweep-0001',
      [
        { network: 'MTN', phoneNumber: '08011111111', faceValueKobo: 100_00 },
        { network: 'MTN', phoneNumber: '08011112222', faceValueKobo: 100_00 },
      ],
      h.purchase,
    );
    if (placed.kind !== 'accepted') throw new Error(placed.kind);
    const batchId = placed.batch.id;
    expect(await openIds()).toContain(batchId);

    await sweepOpenPurchases(h.sweeper, IMMEDIATE_SWEEP);
    const sent = h.queue.sent.flatMap((id, i) => (id === batchId ? [h.queue.options[i]] : []));
    expect(sent).toEqual([{ purchase: { type: 'bulk', network: 'AIRTIME' } }]);

    const expand = () => expandBatch(batchId, { transactions: dynamoTransactions, bulkLines: dynamoBulkLines, log: silentLogger, now: () => new Date() });
    expect(await expand()).toEqual({ kind: 'expanded', created: 2, existed: 0 });
    expect(await dynamoTransactions.get(batchId)).toMatchObject({ trans_Status: 'success', expandedAt: expect.any(String) });
    const open = await openIds();
    expect(open).not.toContain(batchId);
    expect(open).toEqual(expect.arrayContaining(lineIdsOf(placed.batch)));

    h.queue.take();
    h.queue.options.length = 0;
    await sweepOpenPurchases(h.sweeper, IMMEDIATE_SWEEP);
    expect(h.queue.sent).not.toContain(batchId);
    // Expanded again (a late copy of its message): nothing new, and it stays out of the index.
    expect(await expand()).toEqual({ kind: 'expanded', created: 0, existed: 2 });
    expect(await openIds()).not.toContain(batchId);
  });
});
