/**
 * A bulk purchase's line records (domain/bulk.ts): each put only if absent (the listing's counters
 * follow from the stream), so a batch expanded twice writes each line once; read back by their ids. Once
 * all are written the batch is marked expanded and leaves the sweeper's open index.
 */
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import type { BulkLineStore } from '../../../domain/purchases/bulk.js';
import type { TransactionRecord } from '../../../domain/transactions/transactions.js';
import { batchGetItems } from '../batch-get.js';
import { db, tableName } from '../client.js';
import { isConditionFailure } from '../conditions.js';
import { conditionalUpdate } from '../conditional-writes.js';
import { stored } from '../items.js';
import { keys } from '../keys.js';
import { REMOVE_OPEN_LISTING, transactionItem } from '../transactions/transactions.js';

async function createLine(record: TransactionRecord): Promise<boolean> {
  try {
    await db().send(new PutCommand({ TableName: tableName(), Item: transactionItem(record), ConditionExpression: 'attribute_not_exists(pk)' }));
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
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
