/**
 * Group commit on a busy wallet (README decision 88). A writer that lost the wallet's sequence
 * number to another writer does not simply read and try again: with fifty writers on one wallet
 * almost every try loses, one winner per round. It queues its change beside the wallet
 * (`WALLETQ#<userId>`, in queue order) and any waiting writer commits the whole queue in one
 * TransactWriteItems, planned by domain/wallet-group-commit.ts:
 *   - the wallet, conditional on the seq read (an Update, or a ConditionCheck when nothing is accepted);
 *   - per accepted change, the Put of its record (`attribute_not_exists`) and the Delete of its queue item;
 *   - per refused debit, its queue item marked with the refusal;
 *   - the service-lock checks of the accepted purchases, once each, and the user's listing counters.
 * Each writer waits on its own queue item: gone with its record written, it answers the record;
 * marked, it answers the refusal. A writer that reaches its deadline withdraws its item with a
 * conditional Delete before answering "try again", so nothing is ever written for a caller that was
 * told it was not: either the withdrawal or the commit wins, never both.
 */
import { DeleteCommand, GetCommand, PutCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { PARTITION_PREFIXES, TABLE_KEYS } from '../../../shared/table.js';
import { decorrelatedBackoffMs } from '../../domain/ledger.js';
import type { TransactionDraft, TransactionRecord } from '../../domain/transactions.js';
import { planGroup, type QueueRefusal, type QueuedWalletChange } from '../../domain/wallet-group-commit.js';
import { db, tableName } from './client.js';
import { failedConditions, isConditionFailure } from './conditions.js';
import type { TransactItem } from './conditional-writes.js';
import { stored, WALLET_ENTITY, WALLET_QUEUED_ENTITY } from './items.js';
import { keys } from './keys.js';
import { aggregateItems } from './listing-aggregates.js';
import { isConflict, realSleep } from './retry.js';
import { unlockedChecks } from './service-lock-checks.js';
import { getTransaction, transactionItem } from './transactions.js';
import { readWallet } from './wallet-item.js';

/** DynamoDB's limit on the items of one transaction. */
const MAX_TRANSACT_ITEMS = 100;
/** Changes one commit takes at most: two items each, leaving room for the wallet, locks and counters. */
export const GROUP_MAX_CHANGES = 32;
/** Waits between a waiter's looks at its queue item (decorrelated jitter). */
const WAIT_BASE_MS = 25;
const WAIT_CAP_MS = 250;
/**
 * A commit leaves out changes whose writers stop waiting within this time: one of them withdrawing
 * while the commit is on its way would refuse the whole commit.
 */
const COMMIT_MARGIN_MS = 300;
/** Queue items a waiter reads to find the head: the first live one among the oldest few. */
const HEAD_LOOKUP = 8;
/** A queue item nobody can still be waiting for is removed by the table's TTL a day later. */
const QUEUE_ITEM_TTL_SECONDS = 86_400;

export interface QueuedWrite {
  direction: 'debit' | 'credit';
  draft: TransactionDraft;
  unlessLocked?: { serviceType: string; names: readonly string[] };
}

export type QueuedWriteOutcome =
  | { kind: 'written'; record: TransactionRecord }
  | { kind: 'record_exists' }
  | { kind: 'insufficient_balance'; balanceKobo: number }
  | { kind: 'extra_condition_failed'; index: number }
  /** The writer's time ran out and its change was withdrawn: nothing was written. */
  | { kind: 'withdrawn' };

const queuePartition = (userId: string) => `${PARTITION_PREFIXES.walletQueue}${userId}`;

async function readQueue(userId: string): Promise<QueuedWalletChange[]> {
  const page = await db().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': queuePartition(userId) },
      ConsistentRead: true,
    }),
  );
  return (page.Items ?? []).map((item) => stored.walletQueued.read(item));
}

function walletGroupWrite(userId: string, plan: ReturnType<typeof planGroup>, nowIso: string): TransactItem {
  const Key = keys.wallet(userId);
  const condition = plan.wallet.createsWallet ? 'attribute_not_exists(pk)' : 'seq = :expectedSeq';
  const expected = plan.wallet.createsWallet ? {} : { ':expectedSeq': plan.wallet.expectedSeq };
  if (!plan.accepted.length) return { ConditionCheck: { TableName: tableName(), Key, ConditionExpression: condition, ExpressionAttributeValues: plan.wallet.createsWallet ? undefined : expected } };
  return {
    Update: {
      TableName: tableName(),
      Key,
      UpdateExpression:
        'SET balanceKobo = :balance, seq = :nextSeq, updatedAt = :now, entity = if_not_exists(entity, :entity), userId = if_not_exists(userId, :userId), createdAt = if_not_exists(createdAt, :now)',
      ConditionExpression: condition,
      ExpressionAttributeValues: { ':balance': plan.wallet.balanceAfterKobo, ':nextSeq': plan.wallet.nextSeq, ':now': nowIso, ':entity': WALLET_ENTITY, ':userId': userId, ...expected },
    },
  };
}

/** A queue item still waiting, as read: neither withdrawn nor already refused. */
const STILL_QUEUED = 'attribute_exists(pk) AND attribute_not_exists(refusal)';

function markRefused(userId: string, queueKey: string, refusal: QueueRefusal): NonNullable<TransactItem['Update']> {
  return {
    TableName: tableName(),
    Key: keys.walletQueued(userId, queueKey),
    UpdateExpression: 'SET refusal = :refusal',
    ConditionExpression: STILL_QUEUED,
    ExpressionAttributeValues: { ':refusal': refusal },
  };
}

/**
 * One group commit of the wallet's queue as it stands: the records written (by queue key), or
 * none when another writer moved the wallet or the queue first (the caller looks again).
 */
export async function commitQueue(userId: string, now: Date = new Date()): Promise<Map<string, TransactionRecord>> {
  const waiting = (await readQueue(userId)).filter((change) => !change.refusal && change.expiresAtMs > now.getTime());
  if (!waiting.length) return new Map();
  // Read after the queue: whatever the plan takes from the queue, the write is conditional on this seq.
  const wallet = await readWallet(userId);
  const plan = planGroup(wallet, waiting, now.getTime() + COMMIT_MARGIN_MS, GROUP_MAX_CHANGES);
  if (!plan.accepted.length && !plan.refused.length) return new Map();
  const nowIso = now.toISOString();
  const byKey = new Map(waiting.map((change) => [change.queueKey, change]));
  // Each lock once; which accepted changes asked for it, and as which of their names.
  const checks = new Map<string, { item: TransactItem; askedBy: Array<{ queueKey: string; index: number }> }>();
  for (const { queueKey } of plan.accepted) {
    const locks = byKey.get(queueKey)?.unlessLocked;
    locks?.names.forEach((name, index) => {
      const id = `${locks.serviceType}#${name}`;
      const check = checks.get(id) ?? { item: unlockedChecks(locks.serviceType, [name])[0]!, askedBy: [] };
      check.askedBy.push({ queueKey, index });
      checks.set(id, check);
    });
  }
  const items: TransactItem[] = [
    walletGroupWrite(userId, plan, nowIso),
    ...plan.accepted.flatMap(({ queueKey, record }) => [
      { Put: { TableName: tableName(), Item: transactionItem(record), ConditionExpression: 'attribute_not_exists(pk)' } },
      {
        Delete: {
          TableName: tableName(),
          Key: keys.walletQueued(userId, queueKey),
          // Its writer still waits: withdrawn or expired, the change is not written.
          ConditionExpression: `${STILL_QUEUED} AND expiresAtMs > :sentAt`,
          ExpressionAttributeValues: { ':sentAt': Date.now() },
        },
      },
    ]),
    ...plan.refused.map(({ queueKey, balanceKobo }) => ({ Update: markRefused(userId, queueKey, { kind: 'insufficient_balance', balanceKobo }) })),
    ...[...checks.values()].map((check) => check.item),
    ...aggregateItems(plan.accepted.map(({ record }) => ({ before: undefined, after: record }))),
  ];
  if (items.length > MAX_TRANSACT_ITEMS) throw new Error(`group commit of ${plan.accepted.length} changes needs ${items.length} items`);
  try {
    await db().send(new TransactWriteCommand({ TransactItems: items }));
    return new Map(plan.accepted.map(({ queueKey, record }) => [queueKey, record]));
  } catch (error) {
    const failed = failedConditions(error);
    if (!failed) {
      if (isConflict(error)) return new Map();
      throw error;
    }
    const firstCheck = 1 + 2 * plan.accepted.length + plan.refused.length;
    for (const index of failed) {
      const position = index - 1;
      if (index > 0 && position < 2 * plan.accepted.length && position % 2 === 0) {
        // The record already exists (the same request_id went through another way): this change is done.
        const { queueKey } = plan.accepted[position / 2]!;
        await withdraw(userId, queueKey);
      } else if (index >= firstCheck && index < firstCheck + checks.size) {
        // A service was locked meanwhile: its purchases are refused, no money moved for them.
        for (const { queueKey, index: nameIndex } of [...checks.values()][index - firstCheck]!.askedBy) {
          await refuse(userId, queueKey, { kind: 'extra_condition_failed', index: nameIndex });
        }
      }
    }
    // The wallet moved, or a queue item was withdrawn or refused meanwhile: the next look plans again.
    return new Map();
  }
}

async function refuse(userId: string, queueKey: string, refusal: QueueRefusal): Promise<void> {
  try {
    await db().send(new UpdateCommand(markRefused(userId, queueKey, refusal)));
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}

/** Removes a waiting queue item; false when it was no longer waiting (committed, refused or already gone). */
async function withdraw(userId: string, queueKey: string): Promise<boolean> {
  try {
    await db().send(new DeleteCommand({ TableName: tableName(), Key: keys.walletQueued(userId, queueKey), ConditionExpression: STILL_QUEUED }));
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/** What became of a change no longer waiting in the queue: its record, or nothing written. */
async function outcomeOf(write: QueuedWrite): Promise<QueuedWriteOutcome> {
  const record = await getTransaction(write.draft.id);
  if (!record) return { kind: 'withdrawn' };
  const { draft } = write;
  const same =
    record.userId === draft.userId && record.trans_Type === draft.trans_Type && record.amountKobo === draft.amountKobo && (record.requestFingerprint ?? '') === (draft.requestFingerprint ?? '');
  return same ? { kind: 'written', record } : { kind: 'record_exists' };
}

/**
 * Queues `write` on its wallet and waits, committing the queue itself, until the change is written
 * or refused, or `stopAt` (ms) comes: then the change is withdrawn and nothing was written.
 */
export async function writeThroughQueue(write: QueuedWrite, stopAt: number, now: () => number = Date.now): Promise<QueuedWriteOutcome> {
  const { userId } = write.draft;
  const queueKey = `${new Date(now()).toISOString()}#${write.draft.id}`;
  const Key = keys.walletQueued(userId, queueKey);
  try {
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          ...Key,
          entity: WALLET_QUEUED_ENTITY,
          direction: write.direction,
          draft: write.draft,
          expiresAtMs: stopAt,
          ...(write.unlessLocked ? { unlessLocked: { serviceType: write.unlessLocked.serviceType, names: [...write.unlessLocked.names] } } : {}),
          [TABLE_KEYS.ttlAttribute]: Math.ceil(stopAt / 1000) + QUEUE_ITEM_TTL_SECONDS,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
  } catch (error) {
    // The same request, sent again within the same millisecond, queued it already: wait on that one.
    if (!isConditionFailure(error)) throw error;
  }
  /**
   * Whether this writer's change leads the live queue: only then does it read the whole queue and
   * commit it, so fifty waiters do not send fifty transactions of which one can win. A head whose
   * writer is gone expires, and the next change leads.
   */
  const leads = async () => {
    const { Items = [] } = await db().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': Key.pk },
        ProjectionExpression: 'sk, expiresAtMs, refusal',
        Limit: HEAD_LOOKUP,
        ConsistentRead: true,
      }),
    );
    const head = Items.find((item) => item.refusal === undefined && Number(item.expiresAtMs) > now() + COMMIT_MARGIN_MS);
    return head?.sk === queueKey;
  };
  let wait = 0;
  for (;;) {
    const { Item: item } = await db().send(new GetCommand({ TableName: tableName(), Key, ConsistentRead: true }));
    if (!item) return outcomeOf(write);
    const { refusal } = stored.walletQueued.read(item);
    if (refusal) {
      await db().send(new DeleteCommand({ TableName: tableName(), Key }));
      return refusal;
    }
    if (await leads()) {
      const mine = (await commitQueue(userId, new Date(now()))).get(queueKey);
      if (mine) return { kind: 'written', record: mine };
    }
    wait = decorrelatedBackoffMs(wait, WAIT_BASE_MS, WAIT_CAP_MS);
    if (now() + wait >= stopAt) {
      if (await withdraw(userId, queueKey)) return { kind: 'withdrawn' };
      // Committed or refused just now: the next look says which.
      continue;
    }
    await realSleep(wait);
  }
}
