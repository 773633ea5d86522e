/**
 * A bulk purchase's line records (domain/bulk.ts): each put with its owner's listing counters in one
 * write, only if absent, so a batch expanded twice writes each line once; read back by their ids. Once
 * all are written the batch is marked expanded and leaves the sweeper's open index.
 */
import type { BulkLineStore } from '../../../domain/purchases/bulk.js';
import type { TransactionRecord } from '../../../domain/transactions/transactions.js';
import { batchGetItems } from '../batch-get.js';
import { tableName } from '../client.js';
import { conditionalUpdate, transactWrite } from '../conditional-writes.js';
import { stored } from '../items.js';
import { keys } from '../keys.js';
import { createdItems } from '../transactions/listing-aggregates.js';
import { REMOVE_OPEN_LISTING, transactionItem } from '../transactions/transactions.js';

async function createLine(record: TransactionRecord): Promise<boolean> {
  const written = await transactWrite(
    [{ Put: { TableName: tableName(), Item: transactionItem(record), ConditionExpression: 'attribute_not_exists(pk)' } }, ...createdItems(record)],
    `bulk line ${record.id}`,
  );
  if (written.ok) return true;
  if (written.failed.includes(0)) return false;
  throw new Error(`bulk line ${record.id}: unexpected condition failure at ${written.failed.join(', ')}`);
}

/** Every line is written: the batch leaves the sweeper's open index (once; a second mark changes nothing). */
async function markExpanded(batchId: string, at: Date): Promise<void> {
  await conditionalUpdate({
    TableName: tableName(),
    Key: keys.transaction(batchId),
    UpdateExpression: `SET expandedAt = :at ${REMOVE_OPEN_LISTING}`,
    ConditionExpression: 'trans_Type = :bulk AND attribute_not_exists(expandedAt)',
    ExpressionAttributeValues: { ':at': at.toISOString(), ':bulk': 'bulk' },
  });
}

async function getLines(ids: readonly string[]): Promise<TransactionRecord[]> {
  const items = await batchGetItems(
    ids.map((id) => keys.transaction(id)),
    { consistent: true },
  );
  return items.map((item) => stored.transaction.read(item));
}

export const dynamoBulkLines: BulkLineStore = { createLine, markExpanded, getLines };
