/**
 * The audit log over the single table. An entry lives in its day's partition (`AUDIT#<day>`, sort
 * key `<at>#<id>`), so a day's log is one query, newest first; the byKindCreatedAt index holds it
 * again under its operator (`AUDITBY#<user name>`), so one operator's log, of a day or of all days,
 * is one query too. Entries are put only if absent and never updated: the stack grants the
 * functions that write them PutItem alone on `AUDIT#` items.
 */
import { PutCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { z } from 'zod';
import { PARTITION_PREFIXES } from '../../../../shared/table.js';
import { lagosDaySpan, type AuditEntry, type InWriteAudit } from '../../../domain/back-office/audit.js';
import type { AuditFilter, AuditTrail } from '../../../domain/back-office/audit-port.js';
import { db, tableName } from '../client.js';
import { isConditionFailure } from '../conditions.js';
import { declaringEvery, itemMapping } from '../item-mapping.js';
import { GSI, INDEX } from '../keys.js';
import { queryAll } from '../paginate.js';

export const AUDIT_ENTITY = 'AuditEntry';
const ACTOR_PREFIX = 'AUDITBY#';

const sortKey = (at: string, id: string) => `${at}#${id}`;

export const auditKeys = {
  entry: (entry: Pick<AuditEntry, 'day' | 'at' | 'id'>) => ({ pk: `${PARTITION_PREFIXES.audit}${entry.day}`, sk: sortKey(entry.at, entry.id) }),
  dayPartition: (day: string) => `${PARTITION_PREFIXES.audit}${day}`,
  actorPartition: (userName: string) => `${ACTOR_PREFIX}${userName.toLowerCase()}`,
};

const jsonValue = z.union([z.null(), z.string(), z.number(), z.boolean(), z.array(z.any()), z.record(z.any())]);

const auditItem = itemMapping<AuditEntry>(
  AUDIT_ENTITY,
  declaringEvery<AuditEntry>()(
    z.object({
      id: z.string(),
      at: z.string(),
      day: z.string(),
      actorId: z.string(),
      actorName: z.string(),
      role: z.enum(['admin', 'agent']),
      operation: z.string(),
      method: z.string(),
      path: z.string(),
      target: z.record(z.string()),
      // Any JSON value: written by summaryOf, read back as is.
      summary: jsonValue,
      status: z.number().int(),
      requestId: z.string(),
      before: jsonValue.optional(),
      after: jsonValue.optional(),
    }),
  ),
);

function entryItem(entry: AuditEntry): Record<string, unknown> {
  return {
    ...entry,
    ...auditKeys.entry(entry),
    entity: AUDIT_ENTITY,
    [GSI.byKindCreatedAt.partitionKey]: auditKeys.actorPartition(entry.actorName),
    [GSI.byKindCreatedAt.sortKey]: sortKey(entry.at, entry.id),
  };
}

/** The entry's put, only if absent: alone (`append`) or as one item of the action's own TransactWrite. */
export function auditPut(entry: AuditEntry): { Put: { TableName: string; Item: Record<string, unknown>; ConditionExpression: string } } {
  return { Put: { TableName: tableName(), Item: entryItem(entry), ConditionExpression: 'attribute_not_exists(pk)' } };
}

/** An operator's entry as items of the write that changes what it records (none when no operator asked). */
export function auditPutsFor<Change>(audit: InWriteAudit<Change> | undefined, change: Change): ReturnType<typeof auditPut>[] {
  return audit ? [auditPut(audit(change))] : [];
}

async function append(entry: AuditEntry): Promise<'appended' | 'exists'> {
  try {
    await db().send(new PutCommand(auditPut(entry).Put));
    return 'appended';
  } catch (error) {
    if (isConditionFailure(error)) return 'exists';
    throw error;
  }
}

/** One operator's entries (of a day, or of every day) from the index; otherwise one day's partition. */
function keyCondition(
  filter: AuditFilter,
): Pick<QueryCommandInput, 'IndexName' | 'KeyConditionExpression' | 'ExpressionAttributeNames' | 'ExpressionAttributeValues'> {
  if (!filter.actor) {
    return {
      KeyConditionExpression: '#pk = :pk',
      ExpressionAttributeNames: { '#pk': 'pk' },
      ExpressionAttributeValues: { ':pk': auditKeys.dayPartition(filter.day ?? '') },
    };
  }
  const names = { '#pk': GSI.byKindCreatedAt.partitionKey };
  const partition = { ':pk': auditKeys.actorPartition(filter.actor) };
  if (!filter.day)
    return { IndexName: INDEX.byKindCreatedAt, KeyConditionExpression: '#pk = :pk', ExpressionAttributeNames: names, ExpressionAttributeValues: partition };
  const span = lagosDaySpan(filter.day);
  return {
    IndexName: INDEX.byKindCreatedAt,
    KeyConditionExpression: '#pk = :pk AND #sk BETWEEN :from AND :to',
    ExpressionAttributeNames: { ...names, '#sk': GSI.byKindCreatedAt.sortKey },
    ExpressionAttributeValues: { ...partition, ':from': span.fromIso, ':to': `${span.toIso}#\uffff` },
  };
}

function listingInput(filter: AuditFilter): QueryCommandInput {
  const key = keyCondition(filter);
  if (!filter.operation) return { TableName: tableName(), ...key, ScanIndexForward: false };
  return {
    TableName: tableName(),
    ...key,
    FilterExpression: '#operation = :operation',
    ExpressionAttributeNames: { ...key.ExpressionAttributeNames, '#operation': 'operation' },
    ExpressionAttributeValues: { ...key.ExpressionAttributeValues, ':operation': filter.operation },
    ScanIndexForward: false,
  };
}

async function list(filter: AuditFilter, limit: number): Promise<AuditEntry[]> {
  const items = await queryAll(listingInput(filter), { limit });
  return items.filter((item) => item.entity === AUDIT_ENTITY).map((item) => auditItem.read(item));
}

export const dynamoAuditTrail: AuditTrail = { append, list };
