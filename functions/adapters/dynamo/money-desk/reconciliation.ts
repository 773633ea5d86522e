/**
 * The reconciliation's store (docs/decisions/0122-*):
 *  - `RECON#<supplier>#<day>#<shard>` / `PACK#<requestId>`: a stream batch's submissions to that
 *    partition, put by the table stream's counter consumer from the purchases' hand-overs to the
 *    supplier (decisions 135, 137, 139; books-from-stream.ts); items `<requestId>`, one submission each,
 *    were written before decision 139 and are read alike; a day's shards are read a page at a time;
 *  - `RECON#DAY#<day>` / `HEAD#<supplier>`: a run's head — the day's balances and the counts its
 *    pages add, once per page (`PAGE#<runId>#<page>` marks a page added, in the same transaction);
 *  - `RECON#DAY#<day>` / `ITEM#<supplier>#<requestId>`: a discrepancy, with the admin's resolution.
 */
import { DeleteCommand, GetCommand, PutCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { PARTITION_PREFIXES } from '../../../../shared/table.js';
import { RECONCILIATION_CLASSES, shardOf, type ReconciliationClass } from '../../../domain/money-desk/reconciliation.js';
import type { Discrepancy, DiscrepancyResolution, ReconciliationStore, ReportHead, Submission } from '../../../domain/money-desk/reconciliation-port.js';
import { lagosDay } from '../../../domain/money-desk/reconciliation.js';
import { db, tableName } from '../client.js';
import { cancellationCodes, isConditionFailure } from '../conditions.js';
import { queryAll } from '../paginate.js';

const P = PARTITION_PREFIXES.reconciliation;
const shardPartition = (supplier: string, day: string, shard: number) => `${P}${supplier}#${day}#${shard}`;
const dayPartition = (day: string) => `${P}DAY#${day}`;
const headKey = (day: string, supplier: string) => ({ pk: dayPartition(day), sk: `HEAD#${supplier}` });
const itemKey = (day: string, supplier: string, requestId: string) => ({ pk: dayPartition(day), sk: `ITEM#${supplier}#${requestId}` });
const countAttribute = (kind: ReconciliationClass) => `count_${kind.replace('-', '_')}`;

const num = (value: unknown) => (typeof value === 'number' ? value : null);

function headOf(item: Record<string, unknown>): ReportHead {
  return {
    supplier: String(item.supplier),
    day: String(item.day),
    runId: String(item.runId),
    startedAt: String(item.startedAt),
    openingKobo: num(item.openingKobo),
    closingKobo: num(item.closingKobo),
    topUpsKobo: num(item.topUpsKobo) ?? 0,
    chargedKobo: num(item.chargedKobo),
    deliveredCostKobo: num(item.deliveredCostKobo) ?? 0,
    counts: Object.fromEntries(RECONCILIATION_CLASSES.map((kind) => [kind, num(item[countAttribute(kind)]) ?? 0])) as ReportHead['counts'],
    pagesPending: num(item.pagesPending) ?? 0,
  };
}

const DISCREPANCY_FIELDS = [
  'supplier',
  'day',
  'runId',
  'requestId',
  'kind',
  'note',
  'ourStatus',
  'ourCostKobo',
  'theirChargeKobo',
  'userName',
  'amountKobo',
  'checkedAt',
] as const;

function discrepancyOf(item: Record<string, unknown>): Discrepancy {
  const found = Object.fromEntries(DISCREPANCY_FIELDS.map((field) => [field, item[field] ?? null])) as unknown as Discrepancy;
  return item.resolution ? { ...found, resolution: item.resolution as Discrepancy['resolution'] } : found;
}

function queryAllOf(pk: string, prefix: string): Promise<Record<string, unknown>[]> {
  return queryAll({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': pk, ':prefix': prefix },
  });
}

/**
 * The write of an admin's action on a discrepancy: only while it has none, or only a flag (a flag is
 * not final: settling later, or resolving, replaces it). Also an item of the settle's one write.
 */
export function resolutionUpdate(day: string, supplier: string, requestId: string, resolution: DiscrepancyResolution) {
  return {
    TableName: tableName(),
    Key: itemKey(day, supplier, requestId),
    UpdateExpression: 'SET resolution = :r',
    ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(resolution) OR resolution.#action = :flagged)',
    ExpressionAttributeNames: { '#action': 'action' },
    ExpressionAttributeValues: { ':r': resolution, ':flagged': 'flagged' },
  };
}

/**
 * A submission's item as written before decision 139: one per submission (sort key its request id).
 * Still read alike; no longer written.
 */
export function submissionItem(submission: Submission): Record<string, unknown> & { pk: string; sk: string } {
  const day = lagosDay(submission.submittedAt);
  return { pk: shardPartition(submission.supplier, day, shardOf(submission.requestId)), sk: submission.requestId, entity: 'Submission', ...submission };
}

/** A pack's sort key: after every single item's (request ids are ULIDs, digits first). */
const PACK_PREFIX = 'PACK#';
const SUBMISSION_PACK_ENTITY = 'SubmissionPack';
type PackedSubmission = Omit<Submission, 'supplier'>;

/**
 * A batch's submissions, one item per supplier day and shard (decision 139): each holds, in the batch's
 * order, every submission of the batch to that partition, keyed by the first. Written unconditioned and
 * whole by the stream counters' consumer before its once-only writes (decision 137): a batch delivered
 * again starts with the same record and has the same records or more after it, so it puts the same packs
 * again, each the same or longer. One item of a few hundred bytes per partition costs 1 write unit where
 * one item per submission cost 1 each.
 */
export function submissionPacks(submissions: readonly Submission[]): (Record<string, unknown> & { pk: string; sk: string })[] {
  const packs = new Map<string, { pk: string; sk: string; entity: string; submissions: PackedSubmission[] }>();
  for (const { supplier, ...packed } of submissions) {
    const pk = shardPartition(supplier, lagosDay(packed.submittedAt), shardOf(packed.requestId));
    const pack = packs.get(pk) ?? { pk, sk: `${PACK_PREFIX}${packed.requestId}`, entity: SUBMISSION_PACK_ENTITY, submissions: [] };
    pack.submissions.push(packed);
    packs.set(pk, pack);
  }
  return [...packs.values()];
}

/** The submissions an item of a shard holds: a pack's, in order, or a single item's one. */
function submissionsOfItem(item: Record<string, unknown>, supplier: string): Submission[] {
  const one = (fields: Record<string, unknown>): Submission => ({
    supplier,
    requestId: String(fields.requestId),
    submittedAt: String(fields.submittedAt),
    service: fields.service as Submission['service'],
    ...(fields.placedAt ? { placedAt: String(fields.placedAt) } : {}),
    ...(fields.supplierReference ? { supplierReference: String(fields.supplierReference) } : {}),
  });
  if (item.entity === SUBMISSION_PACK_ENTITY) return ((item.submissions as Record<string, unknown>[] | undefined) ?? []).map(one);
  return [one(item)];
}

/**
 * Where a shard's next page starts: at the item `sk`, past the first `skip` submissions it holds (a page
 * may end inside a pack); without `skip`, after the item `sk` (a cursor written before packs).
 */
type ShardPosition = { pk: string; sk: string; skip?: number };
const positionCursor = (position: ShardPosition) => Buffer.from(JSON.stringify(position)).toString('base64url');
function positionOf(cursor: string | undefined): ShardPosition | undefined {
  if (!cursor) return undefined;
  const position = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as Record<string, unknown>;
  if (typeof position.pk !== 'string' || typeof position.sk !== 'string') return undefined;
  return { pk: position.pk, sk: position.sk, ...(typeof position.skip === 'number' ? { skip: position.skip } : {}) };
}

export const dynamoReconciliation: ReconciliationStore = {
  /** At most `limit` submissions of a shard, in key order, packs unpacked; `next` where the rest starts. */
  async submissionsPage(supplier, day, shard, cursor, limit) {
    const pk = shardPartition(supplier, day, shard);
    const position = positionOf(cursor);
    const inclusive = position?.skip !== undefined;
    const items: Submission[] = [];
    let exclusiveStartKey: Record<string, unknown> | undefined = position && !inclusive ? { pk: position.pk, sk: position.sk } : undefined;
    let skip = position?.skip ?? 0;
    for (;;) {
      const page = await db().send(
        new QueryCommand({
          TableName: tableName(),
          KeyConditionExpression: inclusive && !exclusiveStartKey ? 'pk = :pk AND sk >= :from' : 'pk = :pk',
          ExpressionAttributeValues: { ':pk': pk, ...(inclusive && !exclusiveStartKey ? { ':from': position!.sk } : {}) },
          Limit: limit,
          ExclusiveStartKey: exclusiveStartKey,
        }),
      );
      for (const item of page.Items ?? []) {
        const held = submissionsOfItem(item, supplier).slice(skip);
        const taken = held.slice(0, limit - items.length);
        items.push(...taken);
        if (taken.length < held.length) {
          // The page ends inside this item: the next starts at it, past what this page took.
          return { items, next: positionCursor({ pk, sk: String(item.sk), skip: skip + taken.length }) };
        }
        skip = 0;
        exclusiveStartKey = { pk, sk: item.sk };
        if (items.length >= limit) return { items, next: positionCursor({ pk, sk: String(item.sk) }) };
      }
      if (!page.LastEvaluatedKey) return { items };
      exclusiveStartKey = page.LastEvaluatedKey;
    }
  },

  async startRun(head) {
    const { counts, ...rest } = head;
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          ...headKey(head.day, head.supplier),
          entity: 'ReconciliationHead',
          ...rest,
          ...Object.fromEntries(RECONCILIATION_CLASSES.map((kind) => [countAttribute(kind), counts[kind]])),
        },
      }),
    );
  },

  async head(day, supplier) {
    const answer = await db().send(new GetCommand({ TableName: tableName(), Key: headKey(day, supplier), ConsistentRead: true }));
    return answer.Item ? headOf(answer.Item) : undefined;
  },

  async addPage(day, supplier, runId, pageKey, findings) {
    const names: Record<string, string> = {};
    const values: Record<string, unknown> = { ':run': runId, ':cost': findings.deliveredCostKobo, ':pages': findings.pagesDelta };
    const sets = ['deliveredCostKobo = deliveredCostKobo + :cost', 'pagesPending = pagesPending + :pages'];
    for (const [kind, count] of Object.entries(findings.counts) as [ReconciliationClass, number][]) {
      const i = Object.keys(names).length;
      names[`#c${i}`] = countAttribute(kind);
      values[`:c${i}`] = count;
      sets.push(`#c${i} = #c${i} + :c${i}`);
    }
    try {
      await db().send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Put: {
                TableName: tableName(),
                Item: { pk: dayPartition(day), sk: `PAGE#${runId}#${supplier}#${pageKey}`, entity: 'ReconciliationPage' },
                ConditionExpression: 'attribute_not_exists(pk)',
              },
            },
            {
              Update: {
                TableName: tableName(),
                Key: headKey(day, supplier),
                UpdateExpression: `SET ${sets.join(', ')}`,
                ConditionExpression: 'runId = :run',
                ...(Object.keys(names).length ? { ExpressionAttributeNames: names } : {}),
                ExpressionAttributeValues: values,
              },
            },
          ],
        }),
      );
      return 'added';
    } catch (error) {
      const codes = cancellationCodes(error);
      if (codes?.[0] === 'ConditionalCheckFailed') return 'done_before';
      if (codes?.[1] === 'ConditionalCheckFailed') return 'run_replaced';
      throw error;
    }
  },

  async putDiscrepancy(discrepancy) {
    const fields = DISCREPANCY_FIELDS.filter((field) => discrepancy[field] !== undefined);
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: itemKey(discrepancy.day, discrepancy.supplier, discrepancy.requestId),
        // The admin's resolution, if any, is kept: a later run only refreshes what it found.
        UpdateExpression: `SET entity = :entity, ${fields.map((_, i) => `#f${i} = :f${i}`).join(', ')}`,
        ExpressionAttributeNames: Object.fromEntries(fields.map((field, i) => [`#f${i}`, field])),
        ExpressionAttributeValues: { ':entity': 'Discrepancy', ...Object.fromEntries(fields.map((field, i) => [`:f${i}`, discrepancy[field]])) },
      }),
    );
  },

  async dropDiscrepancy(day, supplier, requestId) {
    await db().send(new DeleteCommand({ TableName: tableName(), Key: itemKey(day, supplier, requestId) }));
  },

  async report(day) {
    const [heads, items] = await Promise.all([queryAllOf(dayPartition(day), 'HEAD#'), queryAllOf(dayPartition(day), 'ITEM#')]);
    const current = new Map(heads.map((item) => [String(item.supplier), String(item.runId)]));
    return {
      heads: heads.map(headOf),
      // A discrepancy left by an older run of its day is shown only once it was acted on (its resolution stays on record).
      discrepancies: items.map(discrepancyOf).filter((item) => item.resolution || current.get(item.supplier) === item.runId),
    };
  },

  async discrepancy(day, supplier, requestId) {
    const answer = await db().send(new GetCommand({ TableName: tableName(), Key: itemKey(day, supplier, requestId), ConsistentRead: true }));
    return answer.Item ? discrepancyOf(answer.Item) : undefined;
  },

  async resolve(day, supplier, requestId, resolution) {
    try {
      await db().send(new UpdateCommand(resolutionUpdate(day, supplier, requestId, resolution)));
      return true;
    } catch (error) {
      if (isConditionFailure(error)) return false;
      throw error;
    }
  },
};
