/**
 * Group commit on a busy wallet (decision 88 (docs/decisions/0088-*)). A writer that lost the wallet's sequence
 * number to another writer does not simply read and try again: with fifty writers on one wallet
 * almost every try loses, one winner per round. It queues its change beside the wallet
 * (`WALLETQ#<userId>`, in queue order) and any waiting writer commits the whole queue in one
 * TransactWriteItems, planned by domain/wallet-group-commit.ts:
 *   - the wallet, conditional on the seq read (an Update, or a ConditionCheck when nothing is accepted);
 *   - per accepted change, the Put of its record (`attribute_not_exists`) and the Delete of its queue item;
 *   - per refused debit, its queue item marked with the refusal
 * (a purchase's service locks were read before it queued; the listing's counters follow from the stream).
 * Each writer waits on its own queue item: gone with its record written, it answers the record;
 * marked, it answers the refusal. A writer that reaches its deadline withdraws its item with a
 * conditional Delete before answering "try again", so nothing is ever written for a caller that was
 * told it was not: either the withdrawal or the commit wins, never both.
 */
import { DeleteCommand, GetCommand, PutCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { TABLE_KEYS } from '../../../../shared/table.js';
import { compareReplay } from '../../../domain/wallet/ledger.js';
import type { TransactionDraft, TransactionRecord } from '../../../domain/transactions/transactions.js';
import { nextLookWaitMs, planGroup, type QueueRefusal, type QueuedWalletChange, type WalletGroupWrite } from '../../../domain/wallet/wallet-group-commit.js';
import { hasTimeFor, invocationDeadline, slowestSendMs } from '../../invocation.js';
import { db, tableName } from '../client.js';
import { failedConditions, isConditionFailure } from '../conditions.js';
import { MAX_TRANSACT_ITEMS, type TransactItem } from '../conditional-writes.js';
import { stored, WALLET_QUEUED_ENTITY } from '../items.js';
import { keys } from '../keys.js';
import { isConflict, realSleep } from '../retry.js';
import { getTransaction, transactionItem } from '../transactions/transactions.js';
import { readWallet, walletWrite, type QueueOpening } from './wallet-item.js';

/**
 * Changes one commit takes at most: two items each, leaving room for the wallet and the committer's
 * lease (100 items in all). A burst of 50 on one wallet (one written directly, 49 queued) fits one commit.
 */
export const GROUP_MAX_CHANGES = 49;
/** …and with transfers among them, three items each (and up to one other wallet each). */
export const GROUP_MAX_TRANSFERS = 24;
/** The soonest a writer can give up waiting: a queued change needs at least one look. */
const WAIT_BASE_MS = 25;
/**
 * A commit leaves out changes whose writers stop waiting within this time: one of them withdrawing
 * while the commit is on its way could refuse the whole commit. (A longer margin under load, one
 * of the leader's slowest requests, left out most of a burst: its waiters were near their stops.)
 */
const COMMIT_MARGIN_MS = 300;
/** A commit's requests, one after another: the queue, the wallets, the write. */
const COMMIT_REQUESTS = 3;
/**
 * Waits between a waiter's looks at its queue item (domain nextLookWaitMs): up to half a second, and
 * behind the head at least as long as its last look took. Each look is a request the commits share
 * DynamoDB with: a burst of 50 on two cores sent 8.2–12.4 queries a purchase while every waiter looked
 * from 25 ms on, 6.4–6.7 paced by one look's time (5.1–5.8 by two or three looks, whose longer sleeps
 * this machine's noise could not tell apart; decision 108 (docs/decisions/0108-*)).
 */
const LOOK_PACING = { baseMs: WAIT_BASE_MS, capMs: 500, looksPerWait: 1 };
/** Queue items a waiter reads to find the head: the first live one among the oldest few. */
const HEAD_LOOKUP = 8;
/** A queue item nobody can still be waiting for is removed by the table's TTL a day later. */
const QUEUE_ITEM_TTL_SECONDS = 86_400;

export interface QueuedWrite {
  direction: 'debit' | 'credit';
  draft: TransactionDraft;
  /** A transfer's credit to the other wallet (its debit is `draft`). */
  counterpart?: TransactionDraft;
}

/** A change as a commit wrote it: its record, and a transfer's credit record. */
export interface CommittedChange {
  record: TransactionRecord;
  counterpartRecord?: TransactionRecord;
}

export type QueuedWriteOutcome =
  | ({ kind: 'written' } & CommittedChange)
  | { kind: 'record_exists' }
  | { kind: 'insufficient_balance'; balanceKobo: number }
  /** The writer's time ran out and its change was withdrawn: nothing was written. */
  | { kind: 'withdrawn' };

/**
 * The committer's lease (decision 140 (docs/decisions/0140-*)): one item in the queue's partition, its
 * sort key before every queue key (those are ISO times), that a head writes in each of its commits
 * while it goes on committing what queues behind it. While it runs, a waiter that leads does not
 * commit: two commits of the same changes cost the table both writes, and only one can win. It only
 * decides who sends the next commit; every commit stays conditional on the wallet's seq and on each
 * queue item still waiting, so a lease that lapses or is ignored can cost time, never money.
 */
export const LEASE_KEY = '#committer';
/**
 * The least a lease runs from its commit's write: that write and the holder's next commit (three
 * requests) land within it. Under a burst one write took 1.2 s: a lease of 1 s lapsed as it landed,
 * and a waiter's duplicate commit of 20 changes took the table 1 s to refuse. The holder gives it up
 * as it stops, so its length only matters when the holder dies: then waiters commit once it lapses.
 */
const LEASE_MIN_MS = 3_000;
/** The lease item's entity (not a queued change: reads of the queue leave it out). */
const WALLET_QUEUE_LEASE_ENTITY = 'WalletQueueLease';
const isLease = (item: Record<string, unknown>) => item.sk === LEASE_KEY;

async function readQueue(userId: string): Promise<QueuedWalletChange[]> {
  const page = await db().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': keys.walletQueue(userId) },
      ConsistentRead: true,
    }),
  );
  return (page.Items ?? []).filter((item) => !isLease(item)).map((item) => stored.walletQueued.read(item));
}

/** The lease a commit by `holder` (its writer's queue key) renews: until its next commit has had time to land. */
function leasePut(userId: string, holder: string): TransactItem {
  // Never past the holder's own deadline: it cannot commit after it.
  const untilMs = Math.min(Date.now() + Math.max(LEASE_MIN_MS, (COMMIT_REQUESTS + 1) * slowestSendMs()), invocationDeadline() ?? Infinity);
  return {
    Put: {
      TableName: tableName(),
      Item: {
        ...keys.walletQueued(userId, LEASE_KEY),
        entity: WALLET_QUEUE_LEASE_ENTITY,
        holder,
        untilMs,
        [TABLE_KEYS.ttlAttribute]: Math.ceil(untilMs / 1000) + QUEUE_ITEM_TTL_SECONDS,
      },
    },
  };
}

/** The holder gives its lease up as it stops committing; one that fails lapses at its time. */
async function releaseLease(userId: string, holder: string): Promise<void> {
  try {
    await db().send(
      new DeleteCommand({
        TableName: tableName(),
        Key: keys.walletQueued(userId, LEASE_KEY),
        ConditionExpression: 'holder = :holder',
        ExpressionAttributeValues: { ':holder': holder },
      }),
    );
  } catch {
    // Another holder's lease now, already gone, or a conflict with a commit: it lapses by itself.
  }
}

/** How long a commit of several changes keeps its wallet's queue open to direct tries (wallet-item.ts `QueueOpening`). */
const QUEUE_OPEN_MS = 1_000;

/** A wallet's write in a commit; with nothing accepted, only a check that it is as read. */
function walletGroupWrite(write: WalletGroupWrite, changes: number, queue?: QueueOpening): TransactItem {
  const written = walletWrite(write.userId, write, write.changedAt, [], queue);
  if (changes) return written;
  const { Key, ConditionExpression } = written.Update!;
  return {
    ConditionCheck: {
      TableName: tableName(),
      Key,
      ConditionExpression,
      ...(write.createsWallet ? {} : { ExpressionAttributeValues: { ':expectedSeq': write.expectedSeq } }),
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

/** What a commit's item stands for: a condition failing there says what to do about it. */
type ItemRole = { role: 'wallet' } | { role: 'record'; queueKey: string } | { role: 'queue item' } | { role: 'lease' };

/** A commit's changes at most: fewer when transfers take a third item each (their credit's record). */
const maxChangesFor = (waiting: readonly QueuedWalletChange[]) => (waiting.some((change) => change.counterpart) ? GROUP_MAX_TRANSFERS : GROUP_MAX_CHANGES);

/**
 * One group commit of the wallet's queue as it stands: the records written (by queue key), or
 * none when another writer moved a wallet or the queue first (the caller looks again). `holder`: the
 * queue key of the writer committing, which renews its lease in the same write.
 */
export async function commitQueue(userId: string, now: Date = new Date(), holder?: string): Promise<Map<string, CommittedChange>> {
  const waiting = (await readQueue(userId)).filter((change) => !change.refusal && change.expiresAtMs > now.getTime());
  if (!waiting.length) return new Map();
  const maxChanges = maxChangesFor(waiting);
  const counterpartIds = [...new Set(waiting.slice(0, maxChanges).flatMap((change) => (change.counterpart ? [change.counterpart.userId] : [])))];
  // Read after the queue: whatever the plan takes from the queue, the write is conditional on these seqs.
  const [wallet, ...others] = await Promise.all([readWallet(userId), ...counterpartIds.map((id) => readWallet(id))]);
  const counterpartWallets = new Map(counterpartIds.map((id, i) => [id, others[i]!]));
  // Planned as of now, after the reads: under load they take a while.
  const plannedAt = Math.max(now.getTime(), Date.now());
  const plan = planGroup(wallet!, waiting, plannedAt + COMMIT_MARGIN_MS, maxChanges, counterpartWallets);
  if (!plan.accepted.length && !plan.refused.length) return new Map();
  const items: Array<{ item: TransactItem; is: ItemRole }> = [];
  const add = (is: ItemRole, ...added: TransactItem[]) => items.push(...added.map((item) => ({ item, is })));
  // A commit of several changes (a burst, not one writer after another) keeps the queue open a moment.
  const keptOpen = plan.accepted.length > 1 ? { openUntilMs: Date.now() + QUEUE_OPEN_MS } : undefined;
  add({ role: 'wallet' }, walletGroupWrite({ userId, ...plan.wallet }, plan.accepted.length, keptOpen));
  for (const write of plan.counterparts) add({ role: 'wallet' }, walletGroupWrite(write, 1));
  for (const { queueKey, record, counterpartRecord } of plan.accepted) {
    for (const written of [record, ...(counterpartRecord ? [counterpartRecord] : [])]) {
      add({ role: 'record', queueKey }, { Put: { TableName: tableName(), Item: transactionItem(written), ConditionExpression: 'attribute_not_exists(pk)' } });
    }
    add(
      { role: 'queue item' },
      {
        Delete: {
          TableName: tableName(),
          Key: keys.walletQueued(userId, queueKey),
          // Its writer still waits: withdrawn or expired, the change is not written.
          ConditionExpression: `${STILL_QUEUED} AND expiresAtMs > :sentAt`,
          ExpressionAttributeValues: { ':sentAt': Date.now() },
        },
      },
    );
  }
  for (const { queueKey, balanceKobo } of plan.refused)
    add({ role: 'queue item' }, { Update: markRefused(userId, queueKey, { kind: 'insufficient_balance', balanceKobo }) });
  // The holder renews its lease while it goes on committing: after its own change is written here
  // (it commits again before answering, then gives the lease up), or in a commit that follows it.
  const holderGoesOn =
    holder !== undefined && (plan.accepted.some((change) => change.queueKey === holder) || !waiting.some((change) => change.queueKey === holder));
  if (holderGoesOn) add({ role: 'lease' }, leasePut(userId, holder));
  if (items.length > MAX_TRANSACT_ITEMS) throw new Error(`group commit of ${plan.accepted.length} changes needs ${items.length} items`);
  // The write, as slow as the slowest request yet, must be answered before the deadline; the reads
  // before it could run late without harm (nothing was written), so only the write is held to it.
  if (!hasTimeFor(1)) return new Map();
  try {
    await db().send(new TransactWriteCommand({ TransactItems: items.map(({ item }) => item) }));
    return new Map(plan.accepted.map(({ queueKey, record, counterpartRecord }) => [queueKey, { record, ...(counterpartRecord ? { counterpartRecord } : {}) }]));
  } catch (error) {
    const failed = failedConditions(error);
    if (!failed) {
      if (isConflict(error)) return new Map();
      throw error;
    }
    const roles = failed.map((index) => items[index]?.is);
    // A wallet moved: another commit came first (and wrote these records, most likely). Nothing to
    // clear away; the next look plans again. (Clearing its changes one by one, each a request, took
    // one burst's leader past its function's timeout.)
    if (roles.some((is) => is?.role === 'wallet')) return new Map();
    // A record that already exists while the wallet is as read: the same request_id went through
    // another way, so that change is done; its writer finds its record.
    await Promise.all(roles.flatMap((is) => (is?.role === 'record' ? [withdraw(userId, is.queueKey)] : [])));
    // Or a queue item was withdrawn or refused meanwhile: the next look plans again.
    return new Map();
  }
}

/** Tries of a withdrawal that meets a commit in flight on its item (TransactionConflict). */
const WITHDRAW_ATTEMPTS = 4;
const WITHDRAW_RETRY_MS = 30;

/**
 * Removes a waiting queue item; false when it was no longer waiting (committed, refused or already
 * gone). A commit holding the item refuses the Delete for as long as it takes: the Delete is sent
 * again (a writer may not answer "nothing written" while its change may still be committed).
 */
async function withdraw(userId: string, queueKey: string): Promise<boolean> {
  for (let attempt = 1; ; attempt++) {
    try {
      await db().send(new DeleteCommand({ TableName: tableName(), Key: keys.walletQueued(userId, queueKey), ConditionExpression: STILL_QUEUED }));
      return true;
    } catch (error) {
      if (isConditionFailure(error)) return false;
      if (!isConflict(error) || attempt >= WITHDRAW_ATTEMPTS) throw error;
      await realSleep(WITHDRAW_RETRY_MS * attempt);
    }
  }
}

/**
 * What became of a change no longer waiting in the queue: its record, or nothing written. After a
 * withdrawal that found the change no longer waiting (`mayBeRefused`), no record means a commit
 * refused it: its queue item holds the refusal.
 */
async function outcomeOf(write: QueuedWrite, mayBeRefused?: { Key: Record<string, string> }): Promise<QueuedWriteOutcome> {
  // Read at once, not one after another: this runs at the end of the writer's time.
  const [record, counterpartRecord, queued] = await Promise.all([
    getTransaction(write.draft.id),
    write.counterpart ? getTransaction(write.counterpart.id) : undefined,
    mayBeRefused ? db().send(new GetCommand({ TableName: tableName(), Key: mayBeRefused.Key, ConsistentRead: true })) : undefined,
  ]);
  if (!record) {
    if (!mayBeRefused || queued?.Item?.refusal === undefined) return { kind: 'withdrawn' };
    await db().send(new DeleteCommand({ TableName: tableName(), Key: mayBeRefused.Key }));
    return stored.walletQueuedRefusal.read(queued.Item, mayBeRefused.Key);
  }
  if (compareReplay(record, write.draft) !== 'same') return { kind: 'record_exists' };
  return { kind: 'written', record, ...(counterpartRecord ? { counterpartRecord } : {}) };
}

/**
 * Commits a head makes of the changes queued behind its own before it answers, at most: each one
 * that takes something delays the head's own answer by a commit, so a steady stream of writers does
 * not hold one caller for ever (the next head, under its own lease, takes over).
 */
const FOLLOW_ON_COMMITS = 6;

/**
 * A head whose change is written commits what queued behind it, under its lease, while changes wait
 * and it has time, so the next group waits neither for its head's next look nor for a second commit
 * of the same changes; then it gives its lease up. Only a speed-up: the head's own answer no longer
 * depends on it, so a failure here is left to the waiters, who commit for themselves.
 */
async function commitWhatFollows(userId: string, holder: string, now: () => number): Promise<void> {
  try {
    for (let commit = 0; commit < FOLLOW_ON_COMMITS && hasTimeFor(COMMIT_REQUESTS); commit++) {
      if ((await commitQueue(userId, new Date(now()), holder)).size === 0) return;
    }
  } catch {
    // The waiters' own looks and commits take over.
  } finally {
    await releaseLease(userId, holder);
  }
}

/**
 * Queues `write` on its wallet and waits, committing the queue itself, until the change is written
 * or refused, or `stopAt` (ms) comes: then the change is withdrawn and nothing was written.
 */
export async function writeThroughQueue(write: QueuedWrite, stopAt: number, now: () => number = Date.now): Promise<QueuedWriteOutcome> {
  const { userId } = write.draft;
  // No time left to wait for a commit: nothing is queued, nothing is written.
  if (now() + WAIT_BASE_MS >= stopAt) return { kind: 'withdrawn' };
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
          ...(write.counterpart ? { counterpart: write.counterpart } : {}),
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
   * Where this writer's change stands, from one read of the queue's oldest items: gone (committed or
   * withdrawn: its record says which), refused, or waiting, and then whether it leads the live queue.
   * Only the leader reads the whole queue and commits it, so fifty waiters do not send fifty
   * transactions of which one can win. A head whose writer is gone expires, and the next change leads.
   * One request a look, not a read of the change and another of the head: fifty waiters' looks share
   * DynamoDB with the commit they wait for.
   */
  const look = async (): Promise<{ state: 'gone' } | { state: 'refused'; refusal: QueueRefusal } | { state: 'waiting'; leads: boolean }> => {
    const { Items = [], LastEvaluatedKey } = await db().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': Key.pk },
        ProjectionExpression: 'sk, expiresAtMs, refusal, holder, untilMs',
        Limit: HEAD_LOOKUP,
        ConsistentRead: true,
      }),
    );
    const lease = Items.find(isLease);
    const mine = Items.find((item) => item.sk === queueKey);
    if (mine?.refusal !== undefined) return { state: 'refused', refusal: stored.walletQueuedRefusal.read(mine, Key) };
    if (!mine) {
      // Queue keys only grow: not among the oldest, it is gone unless older ones fill the whole read.
      const olderFillTheRead = LastEvaluatedKey !== undefined && String(Items.at(-1)?.sk) < queueKey;
      return olderFillTheRead ? { state: 'waiting', leads: false } : { state: 'gone' };
    }
    const head = Items.find((item) => !isLease(item) && item.refusal === undefined && Number(item.expiresAtMs) > now() + COMMIT_MARGIN_MS);
    // Another head still committing what follows its own change will take this one too.
    const leased = lease !== undefined && lease.holder !== queueKey && Number(lease.untilMs) > now();
    return { state: 'waiting', leads: head?.sk === queueKey && !leased };
  };
  /**
   * Withdraws the change; one committed or refused just now is answered from its record, or else
   * its queue item (no further look).
   */
  const leave = async (): Promise<QueuedWriteOutcome> => ((await withdraw(userId, queueKey)) ? { kind: 'withdrawn' } : outcomeOf(write, { Key }));
  let wait = 0;
  for (;;) {
    const lookedAt = now();
    const where = await look();
    const lookMs = now() - lookedAt;
    if (where.state === 'gone') return outcomeOf(write);
    if (where.state === 'refused') {
      // The look projected the refusal: the item is only cleared away.
      await db().send(new DeleteCommand({ TableName: tableName(), Key }));
      return where.refusal;
    }
    if (where.leads) {
      // Without time for a commit's write before its own answer is due, the head steps aside: a
      // commit that outlived its invocation would charge callers told only of a timeout. Only the
      // write is held to it: the reads before it cannot charge anyone (commitQueue checks again
      // before writing). Held to all three requests, a head that had seen one 1.5 s request under
      // load stepped aside 5.5 s before its deadline.
      if (!hasTimeFor(1)) return leave();
      const mine = (await commitQueue(userId, new Date(now()), queueKey)).get(queueKey);
      if (mine) {
        await commitWhatFollows(userId, queueKey, now);
        return { kind: 'written', ...mine };
      }
    }
    wait = nextLookWaitMs(wait, { ms: lookMs, behindHead: !where.leads }, LOOK_PACING);
    // At its advertised stop exactly, no sooner: a commit may have taken the change, trusting it.
    if (now() + wait >= stopAt) return leave();
    await realSleep(wait);
  }
}
