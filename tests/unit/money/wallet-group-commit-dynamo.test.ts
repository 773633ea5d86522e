/**
 * A burst on one wallet through group commit, on DynamoDB Local (decision 88 (docs/decisions/0088-*)): exactly as
 * many purchases as the balance covers are charged, each once, the chain has no gap, the queue is
 * left empty, and a change whose writer stopped waiting is never written. (How many are answered at
 * their first call, and how fast, is the bench's: `npm run bench -- burst`.)
 */
import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { db, tableName } from '../../../functions/adapters/dynamo/client.js';
import { keys } from '../../../functions/adapters/dynamo/keys.js';
import { readPrincipal } from '../../../functions/adapters/dynamo/accounts/users.js';
import { dynamoLedger, WalletContentionError } from '../../../functions/adapters/dynamo/wallet/ledger.js';
import { commitQueue, LEASE_KEY, writeThroughQueue } from '../../../functions/adapters/dynamo/wallet/wallet-queue.js';
import { noteSendTook, runWithDeadline } from '../../../functions/adapters/invocation.js';
import { placeAirtimePurchase } from '../../../functions/domain/purchases/purchases.js';
import { transferBetweenWallets } from '../../../functions/adapters/dynamo/wallet/transfers.js';
import { transferDrafts } from '../../../functions/domain/wallet/transfers.js';
import type { WalletState } from '../../../functions/domain/wallet/ledger.js';
import { PARTITION_PREFIXES } from '../../../shared/table.js';
import { useDynamoDb, withDynamoMiddleware, type TestMiddleware } from '../../support/dynamo.js';
import { chainOf, directoryOf, fund, harness, newUser, FakeSupplier } from './fakes.js';

useDynamoDb();

// The bursts resend after every 503 until each request settles; on the suite's shared DynamoDB Local,
// under a full run's load, 50 of them took 60 s in one clean-clone run (12 s alone): a generous bound.
// Two dozen at once already queue most changes behind one commit (`npm run bench -- burst` fires 50);
// the bigger bursts cost about 90 s of a clean-clone run for no rule they did not check.

const h = harness(directoryOf(new FakeSupplier('ALARO', () => 'delivered')));
const buy = (user: { userId: string; userName: string }, requestId: string, network: 'MTN' | 'GLO' = 'MTN') =>
  placeAirtimePurchase(
    { userId: user.userId, userName: user.userName, userType: 'smart earner', network, phoneNumber: '08011111111', faceValueKobo: 100_00, requestId },
    h.purchase,
  );
/**
 * A change sent again while the wallet answers "busy", as an API user does after a 503 with Retry-After,
 * but a bounded number of times: a livelock fails here with its cause instead of as the test's timeout.
 * Under a loaded run a change can outlast its 2 s; 20 tries is far more than any run has needed.
 */
const CONTENTION_TRIES = 20;
async function retriedOnContention<T>(change: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await change();
    } catch (error) {
      if (!(error instanceof WalletContentionError) || attempt >= CONTENTION_TRIES) throw error;
    }
  }
}
const settled = (user: { userId: string; userName: string }, requestId: string) => retriedOnContention(() => buy(user, requestId));
const queueOf = async (userId: string) =>
  (
    await db().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': `${PARTITION_PREFIXES.walletQueue}${userId}` },
        ConsistentRead: true,
      }),
    )
  ).Items ?? [];

describe('a burst on one wallet', () => {
  it('24 simultaneous purchases funded for all: each is charged exactly once, and the chain has no gap', async () => {
    const user = await newUser();
    await fund(user, 24 * 99_00);
    const results = await Promise.all(Array.from({ length: 24 }, (_, i) => settled(user, `gc-all-${i}`)));
    expect(results.every((r) => r.kind === 'accepted' || r.kind === 'replayed')).toBe(true);
    const { wallet, check, records } = await chainOf(user.userId);
    expect(check).toMatchObject({ ok: true, balanceKobo: 0, seq: 25 });
    expect(wallet.balanceKobo).toBe(0);
    expect(new Set(records.filter((r) => r.trans_Type === 'airtime').map((r) => r.id)).size).toBe(24);
    expect(await queueOf(user.userId)).toEqual([]);
  }, 240_000);

  it('24 simultaneous purchases on a wallet funded for 5: exactly 5 are charged and 19 answered "insufficient"', async () => {
    const user = await newUser();
    await fund(user, 5 * 99_00 + 50_00);
    const results = await Promise.all(Array.from({ length: 24 }, (_, i) => settled(user, `gc-five-${i}`)));
    expect(results.filter((r) => r.kind === 'accepted' || r.kind === 'replayed')).toHaveLength(5);
    expect(results.filter((r) => r.kind === 'insufficient_balance')).toHaveLength(19);
    const { check } = await chainOf(user.userId);
    expect(check).toMatchObject({ ok: true, balanceKobo: 50_00, seq: 6 });
    expect(await queueOf(user.userId)).toEqual([]);
  }, 240_000);

  it('the same request_id sent many times within a burst is charged once', async () => {
    const user = await newUser();
    await fund(user, 20 * 99_00);
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => settled(user, i % 2 ? `gc-dup-${i}` : 'gc-dup-same')));
    expect(results.filter((r) => r.kind === 'accepted' || r.kind === 'replayed')).toHaveLength(20);
    const { check, records } = await chainOf(user.userId);
    expect(check.ok).toBe(true);
    expect(records.filter((r) => r.trans_Type === 'airtime')).toHaveLength(11);
  }, 240_000);
});

describe('opposite transfers between two wallets at once', () => {
  it('20 transfers, 10 each way, each settle exactly once: both chains replay and the ₦ is conserved', async () => {
    const [a, b] = [await newUser(), await newUser()];
    await fund(a, 1_000_00);
    await fund(b, 1_000_00);
    const send = (from: typeof a, to: typeof a, id: string) =>
      retriedOnContention(() =>
        transferBetweenWallets(transferDrafts({ id, sender: from, receiver: to, amountKobo: (id.endsWith('7') ? 50 : 10) * 100, now: new Date() })),
      );
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => (i % 2 ? send(a, b, `gc-tr-${a.userId}-${i}`) : send(b, a, `gc-tr-${b.userId}-${i}`))),
    );
    expect(results.every((r) => r.kind === 'posted' || r.kind === 'replayed')).toBe(true);
    const [chainA, chainB] = [await chainOf(a.userId), await chainOf(b.userId)];
    expect(chainA.check.ok).toBe(true);
    expect(chainB.check.ok).toBe(true);
    expect(chainA.wallet.balanceKobo + chainB.wallet.balanceKobo).toBe(2_000_00);
    expect(chainA.records.filter((r) => r.trans_Type === 'transfer')).toHaveLength(20);
    expect([...(await queueOf(a.userId)), ...(await queueOf(b.userId))]).toEqual([]);
  }, 240_000);
});

describe('the queue itself', () => {
  const draft = (user: { userId: string; userName: string }, id: string) => ({
    id,
    userId: user.userId,
    trans_UserName: user.userName,
    trans_Type: 'airtime' as const,
    trans_Status: 'processing' as const,
    trans_Network: 'MTN',
    phone_number: '08011111111',
    amountKobo: 99_00,
    description: 'queued',
    createdAt: new Date().toISOString(),
    updatedAt: new Date().toISOString(),
  });

  it('a writer whose time is up withdraws its change: nothing is charged, and no later commit writes it', async () => {
    const user = await newUser();
    await fund(user, 500_00);
    const outcome = await writeThroughQueue({ direction: 'debit', draft: draft(user, `gc-late-${user.userId}`) }, Date.now());
    expect(outcome).toEqual({ kind: 'withdrawn' });
    expect(await queueOf(user.userId)).toEqual([]);
    expect(await dynamoLedger.getWallet(user.userId)).toMatchObject({ balanceKobo: 500_00, seq: 1 });
  });

  /** A change queued by hand, as a writer waiting on it would have queued it. */
  const queueByHand = (user: { userId: string }, change: ReturnType<typeof draft>, queuedAt: string, expiresAtMs: number) =>
    db().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...keys.walletQueued(user.userId, `${queuedAt}#${change.id}`), entity: 'WalletQueued', direction: 'debit', draft: change, expiresAtMs },
      }),
    );

  /**
   * A writer at the end of its time whose withdrawal loses to a commit: `other` waits ahead of it,
   * and the commit (sent by another writer) lands just before the withdrawal's Delete.
   */
  async function lateWriterLosingToACommit(user: { userId: string; userName: string }) {
    const mine = draft(user, `gc-mine-${user.userId}`);
    const other = draft(user, `gc-other-${user.userId}`);
    const start = Date.now();
    await queueByHand(user, other, new Date(start - 1_000).toISOString(), start + 60_000);
    let committed = false;
    const commitBeforeWithdrawal: TestMiddleware = (next, context) => async (args) => {
      const { Key } = (args as { input: { Key?: { sk?: string } } }).input;
      if (!committed && String(context.commandName).startsWith('Delete') && Key?.sk?.endsWith(`#${mine.id}`)) {
        committed = true;
        await commitQueue(user.userId);
      }
      return next(args);
    };
    // Its clock: the queue key and the first check at `start`, then past its stop at once.
    let reads = 0;
    const now = () => (reads++ < 2 ? start : start + 10_000);
    const outcome = await withDynamoMiddleware(commitBeforeWithdrawal, () => writeThroughQueue({ direction: 'debit', draft: mine }, start + 5_000, now));
    return { mine, other, outcome };
  }

  it('a writer whose withdrawal finds its change just committed answers its record: charged once, not told "try again"', async () => {
    const user = await newUser();
    await fund(user, 500_00);
    const { mine, outcome } = await lateWriterLosingToACommit(user);
    expect(outcome).toMatchObject({ kind: 'written', record: { id: mine.id, amountKobo: 99_00 } });
    expect(await queueOf(user.userId)).toEqual([]);
    expect(await dynamoLedger.getWallet(user.userId)).toMatchObject({ balanceKobo: 500_00 - 2 * 99_00, seq: 3 });
    expect((await chainOf(user.userId)).check.ok).toBe(true);
  });

  it('rejects: a writer whose withdrawal finds its change just refused answers "insufficient", charged nothing, its queue item cleared', async () => {
    const user = await newUser();
    await fund(user, 150_00);
    const { other, outcome } = await lateWriterLosingToACommit(user);
    expect(outcome).toEqual({ kind: 'insufficient_balance', balanceKobo: 150_00 - 99_00 });
    expect(await queueOf(user.userId)).toEqual([]);
    const { wallet, records } = await chainOf(user.userId);
    expect(wallet.balanceKobo).toBe(150_00 - 99_00);
    expect(records.filter((r) => r.trans_Type === 'airtime').map((r) => r.id)).toEqual([other.id]);
  });

  it('a commit that loses the wallet to another commit of the same changes clears nothing away: each change is written once', async () => {
    const user = await newUser();
    await fund(user, 500_00);
    const changes = [draft(user, `gc-a-${user.userId}`), draft(user, `gc-b-${user.userId}`)];
    const start = Date.now();
    for (const [i, change] of changes.entries()) await queueByHand(user, change, new Date(start - 1_000 + i).toISOString(), start + 60_000);
    let raced = false;
    const sent: string[] = [];
    const anotherLeaderFirst: TestMiddleware = (next, context) => async (args) => {
      const command = String(context.commandName);
      // The other leader's commit of the same queue lands while this one's is on its way.
      if (!raced && command.startsWith('TransactWrite')) {
        raced = true;
        expect((await commitQueue(user.userId)).size).toBe(2);
        sent.length = 0;
      }
      sent.push(command);
      return next(args);
    };
    expect((await withDynamoMiddleware(anotherLeaderFirst, () => commitQueue(user.userId))).size).toBe(0);
    // Its own refused commit and nothing after it: the other commit's changes are its writers' to read.
    expect(sent.filter((command) => command.startsWith('Delete'))).toEqual([]);
    expect(await queueOf(user.userId)).toEqual([]);
    expect(await dynamoLedger.getWallet(user.userId)).toMatchObject({ balanceKobo: 500_00 - 2 * 99_00, seq: 3 });
    expect((await chainOf(user.userId)).check.ok).toBe(true);
  });

  describe('the queue stays open a moment after a commit of several changes', () => {
    /** The commands a purchase sends, by name (a Put's partition prefix noted: the queue's is `WALLETQ#`). */
    const sentBy = async (work: () => Promise<unknown>) => {
      const sent: string[] = [];
      const note: TestMiddleware = (next, context) => async (args) => {
        const item = (args.input as { Item?: { pk?: string } }).Item;
        sent.push(item?.pk ? `${String(context.commandName)} ${item.pk.split('#')[0]}#` : String(context.commandName));
        return next(args);
      };
      await withDynamoMiddleware(note, work);
      return sent;
    };
    const commitByHand = async (user: { userId: string; userName: string }, count: number) => {
      const start = Date.now();
      for (let i = 0; i < count; i++)
        await queueByHand(user, draft(user, `gc-open-${count}-${i}-${user.userId}`), new Date(start - 1_000 + i).toISOString(), start + 60_000);
      expect((await commitQueue(user.userId)).size).toBe(count);
    };

    it('a purchase arriving just after it queues behind it instead of jumping it (a direct write would refuse the next commit): charged once, in chain order', async () => {
      const user = await newUser();
      await fund(user, 500_00);
      await commitByHand(user, 2);
      const sent = await sentBy(() => buy(user, `gc-open-after-${user.userId}`));
      expect(sent).toContain(`PutItemCommand ${PARTITION_PREFIXES.walletQueue}`);
      expect(await queueOf(user.userId)).toEqual([]);
      const { check } = await chainOf(user.userId);
      expect(check).toMatchObject({ ok: true, balanceKobo: 500_00 - 3 * 99_00, seq: 4 });
    });

    /** The writes a purchase sends before its change joins the queue. */
    const beforeQueueing = (sent: string[]) => sent.slice(0, sent.indexOf(`PutItemCommand ${PARTITION_PREFIXES.walletQueue}`));
    /** A purchase as the HTTP route places it: with the wallet as the caller's read saw it. */
    const buyKnowing = (user: { userId: string; userName: string }, requestId: string, knownWallet: WalletState | undefined) =>
      placeAirtimePurchase(
        {
          userId: user.userId,
          userName: user.userName,
          userType: 'smart earner',
          network: 'MTN',
          phoneNumber: '08011111111',
          faceValueKobo: 100_00,
          requestId,
          knownWallet,
        },
        h.purchase,
      );

    it("a purchase whose caller's read saw the queue open joins it without a direct try (which the table would refuse): charged once", async () => {
      const user = await newUser();
      await fund(user, 500_00);
      await commitByHand(user, 2);
      const caller = await readPrincipal(user.userId);
      const sent = await sentBy(() => buyKnowing(user, `gc-known-open-${user.userId}`, caller!.principal.wallet));
      expect(sent).toContain(`PutItemCommand ${PARTITION_PREFIXES.walletQueue}`);
      expect(beforeQueueing(sent)).not.toContain('TransactWriteItemsCommand');
      expect(await queueOf(user.userId)).toEqual([]);
      expect((await chainOf(user.userId)).check).toMatchObject({ ok: true, balanceKobo: 500_00 - 3 * 99_00, seq: 4 });
    });

    it("rejects: a caller's read that saw no open queue still tries directly first (the queue opened after the read: the try is refused, the change queues)", async () => {
      const user = await newUser();
      await fund(user, 500_00);
      const caller = await readPrincipal(user.userId);
      expect(caller!.principal.wallet?.queueOpenUntilMs).toBeUndefined();
      await commitByHand(user, 2);
      const sent = await sentBy(() => buyKnowing(user, `gc-read-closed-${user.userId}`, caller!.principal.wallet));
      expect(beforeQueueing(sent)).toContain('TransactWriteItemsCommand');
      expect((await chainOf(user.userId)).check).toMatchObject({ ok: true, balanceKobo: 500_00 - 3 * 99_00, seq: 4 });
    });

    it('rejects: after a commit of one change (one writer after another, no burst) the next purchase writes directly, without queueing', async () => {
      const user = await newUser();
      await fund(user, 500_00);
      await commitByHand(user, 1);
      const sent = await sentBy(() => buy(user, `gc-open-lone-${user.userId}`));
      expect(sent).not.toContain(`PutItemCommand ${PARTITION_PREFIXES.walletQueue}`);
      expect((await chainOf(user.userId)).check).toMatchObject({ ok: true, balanceKobo: 500_00 - 2 * 99_00, seq: 3 });
    });
  });

  describe('a head of the queue with too little time left for a commit', () => {
    /** Waits alone on its wallet, so it leads, inside an invocation with 4 s left whose slowest request took `slowestMs`. */
    const leadWith = (user: { userId: string; userName: string }, slowestMs: number) =>
      runWithDeadline(Date.now() + 4_000, () => {
        noteSendTook(slowestMs);
        return writeThroughQueue({ direction: 'debit', draft: draft(user, `gc-head-${slowestMs}-${user.userId}`) }, Date.now() + 2_000);
      });

    it('steps aside: no commit that could outlive its answer, nothing charged, the queue left empty', async () => {
      const user = await newUser();
      await fund(user, 500_00);
      // A 3.1 s write and the margin do not fit in 4 s.
      expect(await leadWith(user, 3_100)).toEqual({ kind: 'withdrawn' });
      expect(await queueOf(user.userId)).toEqual([]);
      expect(await dynamoLedger.getWallet(user.userId)).toMatchObject({ balanceKobo: 500_00, seq: 1 });
    });

    it('rejects: with requests fast enough for a commit it commits its own change', async () => {
      const user = await newUser();
      await fund(user, 500_00);
      expect((await leadWith(user, 100)).kind).toBe('written');
      expect(await dynamoLedger.getWallet(user.userId)).toMatchObject({ balanceKobo: 401_00, seq: 2 });
    });

    it('commits while its write fits, though the three requests of a whole commit would not: 1.2 s requests with 4 s left', async () => {
      const user = await newUser();
      await fund(user, 500_00);
      expect((await leadWith(user, 1_200)).kind).toBe('written');
      expect(await dynamoLedger.getWallet(user.userId)).toMatchObject({ balanceKobo: 401_00, seq: 2 });
    });

    /** A change queued by hand, committed in an invocation with `leftMs` left whose reads of the queue and wallet each take `readMs` (as noted by the SDK's guard). */
    const commitWithReadsTaking = async (user: { userId: string; userName: string }, leftMs: number, readMs: number) => {
      const change = draft(user, `gc-slowreads-${readMs}-${user.userId}`);
      await queueByHand(user, change, new Date().toISOString(), Date.now() + 30_000);
      const slowReads: TestMiddleware = (next, context) => async (args) => {
        if (!String(context.commandName).startsWith('TransactWrite')) noteSendTook(readMs);
        return next(args);
      };
      return withDynamoMiddleware(slowReads, () => runWithDeadline(Date.now() + leftMs, () => commitQueue(user.userId)));
    };

    it('rejects: a commit whose reads ran so slow that its write would not fit sends no write: nothing charged, the change still queued', async () => {
      const user = await newUser();
      await fund(user, 500_00);
      expect((await commitWithReadsTaking(user, 2_500, 2_000)).size).toBe(0);
      expect(await queueOf(user.userId)).toHaveLength(1);
      expect(await dynamoLedger.getWallet(user.userId)).toMatchObject({ balanceKobo: 500_00, seq: 1 });
    });

    it('the same commit with reads fast enough for its write writes the change', async () => {
      const user = await newUser();
      await fund(user, 500_00);
      expect((await commitWithReadsTaking(user, 2_500, 100)).size).toBe(1);
      expect(await queueOf(user.userId)).toEqual([]);
      expect(await dynamoLedger.getWallet(user.userId)).toMatchObject({ balanceKobo: 401_00, seq: 2 });
    });
  });

  describe('a head whose change is written', () => {
    /** A head alone on its wallet; `later` joins the queue while the head's first commit is on its way, so that commit cannot take it. */
    async function headWithALaterChange(user: { userId: string; userName: string }, failFollowOn: boolean) {
      const later = draft(user, `gc-later-${user.userId}`);
      let transactions = 0;
      const laterJoinsDuringTheCommit: TestMiddleware = (next, context) => async (args) => {
        if (String(context.commandName).startsWith('TransactWrite')) {
          transactions++;
          if (transactions === 1) await queueByHand(user, later, new Date(Date.now() + 1_000).toISOString(), Date.now() + 60_000);
          if (transactions === 2 && failFollowOn) throw new Error('the follow-on commit failed');
        }
        return next(args);
      };
      const head = draft(user, `gc-first-${user.userId}`);
      const outcome = await withDynamoMiddleware(laterJoinsDuringTheCommit, () => writeThroughQueue({ direction: 'debit', draft: head }, Date.now() + 5_000));
      return { head, later, outcome };
    }

    it('commits what queued behind it before it answers: the next change waits for no look of its own', async () => {
      const user = await newUser();
      await fund(user, 500_00);
      const { head, later, outcome } = await headWithALaterChange(user, false);
      expect(outcome).toMatchObject({ kind: 'written', record: { id: head.id } });
      expect(await queueOf(user.userId)).toEqual([]);
      const { check, records } = await chainOf(user.userId);
      expect(check).toMatchObject({ ok: true, balanceKobo: 500_00 - 2 * 99_00, seq: 3 });
      expect(
        records
          .filter((r) => r.trans_Type === 'airtime')
          .map((r) => r.id)
          .sort(),
      ).toEqual([head.id, later.id].sort());
    });

    it('rejects: a follow-on commit that fails leaves its own answer as it was; the later change still waits, uncharged', async () => {
      const user = await newUser();
      await fund(user, 500_00);
      const { head, later, outcome } = await headWithALaterChange(user, true);
      expect(outcome).toMatchObject({ kind: 'written', record: { id: head.id } });
      expect((await queueOf(user.userId)).map((item) => item.draft.id)).toEqual([later.id]);
      expect(await dynamoLedger.getWallet(user.userId)).toMatchObject({ balanceKobo: 401_00, seq: 2 });
    });
  });

  describe("another head's lease", () => {
    /** A lease as a head still committing what follows its own change holds it, running until `untilMs`. */
    const leaseByHand = (user: { userId: string }, untilMs: number) =>
      db().send(
        new PutCommand({
          TableName: tableName(),
          Item: { ...keys.walletQueued(user.userId, LEASE_KEY), entity: 'WalletQueueLease', holder: 'another head', untilMs },
        }),
      );

    it('a waiter at the head of the queue does not commit while the lease runs: at its stop it withdraws, nothing charged', async () => {
      const user = await newUser();
      await fund(user, 500_00);
      await leaseByHand(user, Date.now() + 60_000);
      const outcome = await writeThroughQueue({ direction: 'debit', draft: draft(user, `gc-leased-${user.userId}`) }, Date.now() + 1_000);
      expect(outcome).toEqual({ kind: 'withdrawn' });
      expect(await dynamoLedger.getWallet(user.userId)).toMatchObject({ balanceKobo: 500_00, seq: 1 });
    });

    it('rejects: a lease that has lapsed (its holder died) holds nobody back: the head commits, and gives its own lease up', async () => {
      const user = await newUser();
      await fund(user, 500_00);
      await leaseByHand(user, Date.now() - 1);
      const outcome = await writeThroughQueue({ direction: 'debit', draft: draft(user, `gc-lapsed-${user.userId}`) }, Date.now() + 5_000);
      expect(outcome.kind).toBe('written');
      expect(await dynamoLedger.getWallet(user.userId)).toMatchObject({ balanceKobo: 401_00, seq: 2 });
      expect(await queueOf(user.userId)).toEqual([]);
    });
  });

  it('a change left by a writer that stopped waiting (expired) is never committed by another', async () => {
    const user = await newUser();
    await fund(user, 500_00);
    const stale = draft(user, `gc-stale-${user.userId}`);
    await queueByHand(user, stale, '2026-01-01T00:00:00.000Z', Date.now() - 1);
    expect((await commitQueue(user.userId)).size).toBe(0);
    expect(await dynamoLedger.getWallet(user.userId)).toMatchObject({ balanceKobo: 500_00, seq: 1 });
    const fresh = await writeThroughQueue({ direction: 'debit', draft: draft(user, `gc-fresh-${user.userId}`) }, Date.now() + 2_000);
    expect(fresh.kind).toBe('written');
    expect(await dynamoLedger.getWallet(user.userId)).toMatchObject({ balanceKobo: 401_00, seq: 2 });
    expect((await chainOf(user.userId)).check.ok).toBe(true);
  });
});
