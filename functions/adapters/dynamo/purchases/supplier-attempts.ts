/**
 * A purchase's supplier attempts (what was sent, what came back), each an item of its own in the
 * purchase's partition (`TXN#<id>`, `ATTEMPT#<at>#<supplier>#<kind>#<n>`) instead of a list inside the
 * record (decision 94 (docs/decisions/0094-*)). The supplier's answer is most of a settled record's bytes: inside it,
 * it took the record past 1 KB, so the settlement's transactional write and each listing index entry
 * it rewrote cost a second KB. Apart, the record stays under 1 KB and each attempt is one plain put.
 *
 * An attempt is written before the status change that follows from it, so no settled purchase lacks
 * the answer it was settled on; the same attempt written again (a redelivered message) rewrites the
 * same item. A delivery's answer is the exception: its reading (who, when, how classified, the float
 * it reported; `deliveryReading`) is appended to the record in the settlement's own write
 * (transactions.ts `settleSuccess`, decisions 130 and 139 (docs/decisions/0139-*)), which the listing's
 * indexes do not copy. The table's stream consumers take records only (sort key `TXN`), never these.
 */
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import type { SupplierAttempt, TransactionRecord } from '../../../domain/transactions/transactions.js';
import { db, tableName } from '../client.js';
import { stored, SUPPLIER_ATTEMPT_ENTITY, TRANSACTION_ENTITY } from '../items.js';
import { keys } from '../keys.js';
import { queryAll } from '../paginate.js';

/** Stored responses are cut to this many characters so a chatty supplier cannot grow an item toward 400 KB. */
const MAX_STORED_RESPONSE_CHARS = 4_000;

export function boundedAttempt(attempt: SupplierAttempt): SupplierAttempt {
  const bound = (value: unknown): unknown => {
    if (value === undefined) return undefined;
    const text = typeof value === 'string' ? value : JSON.stringify(value);
    if (text === undefined || text.length <= MAX_STORED_RESPONSE_CHARS) return value;
    return `${text.slice(0, MAX_STORED_RESPONSE_CHARS)}…(truncated)`;
  };
  return { ...attempt, request: bound(attempt.request), response: bound(attempt.response) };
}

/** Writes the attempts of one supplier call (or of a refund's last calls) beside their purchase. */
export async function recordAttempts(transactionId: string, attempts: readonly SupplierAttempt[]): Promise<void> {
  await Promise.all(
    attempts.map((attempt, n) =>
      db().send(
        new PutCommand({
          TableName: tableName(),
          Item: { ...keys.supplierAttempt(transactionId, attempt, n), entity: SUPPLIER_ATTEMPT_ENTITY, ...boundedAttempt(attempt) },
        }),
      ),
    ),
  );
}

/**
 * The purchase with its attempts, in one consistent read of its partition: those in its own list
 * (written before decision 94) first, then its attempt items, oldest first (their sort keys start
 * with the time). Undefined when there is no transaction record.
 */
export async function readTransactionWithAttempts(transactionId: string): Promise<TransactionRecord | undefined> {
  const recordKey = keys.transaction(transactionId);
  const Items = await queryAll({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': recordKey.pk },
    ConsistentRead: true,
  });
  const recordItem = Items.find((item) => item.sk === recordKey.sk);
  if (!recordItem || recordItem.entity !== TRANSACTION_ENTITY) return undefined;
  const record = stored.transaction.read(recordItem);
  const apart = Items.filter((item) => item.entity === SUPPLIER_ATTEMPT_ENTITY).map((item) => stored.supplierAttempt.read(item));
  if (apart.length === 0) return record;
  // In time order: a settlement's answer is appended to the record itself, after attempts kept apart.
  const attempts = [...(record.attempts ?? []), ...apart].sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
  return { ...record, attempts };
}
