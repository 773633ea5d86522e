/**
 * "A refused request moves no money": balances and transaction counts of the tracked accounts,
 * read straight from the platform's table, before and after a batch of requests. A change to an
 * account is explained only by a 2xx answer of that batch that came from the account or named it
 * (user name or id in the path, query or body); anything else is reported.
 */
import { OPEN_STATUSES } from '../../shared/constants.js';

export interface TrackedAccount {
  label: string;
  userName: string;
  userId: string;
}

export interface AccountState {
  balanceKobo: number;
  transactions: number;
  /** Purchases and withdrawals still waiting for their outcome. */
  open: number;
}

export type Snapshot = Record<string, AccountState>;

/** One request of a batch, as far as the audit cares. */
export interface Exchange {
  /** The tracked account whose session sent it, if any. */
  callerUserName: string | undefined;
  status: number;
  /** What the request carried: path parameter values, query string, body. */
  sent: string;
}

export interface LedgerReader {
  balanceKobo(userId: string): Promise<number>;
  transactions(userId: string): Promise<Array<{ trans_Type: string; trans_Status: string }>>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const naira = (kobo: number) => `₦${(kobo / 100).toFixed(2)}`;

export function moneyAudit(accounts: TrackedAccount[], ledger: LedgerReader) {
  const snapshot = async (): Promise<Snapshot> => {
    const states = await Promise.all(
      accounts.map(async (account): Promise<[string, AccountState]> => {
        const [balanceKobo, transactions] = await Promise.all([ledger.balanceKobo(account.userId), ledger.transactions(account.userId)]);
        const open = transactions.filter((t) => t.trans_Type !== 'wallet' && (OPEN_STATUSES as readonly string[]).includes(t.trans_Status)).length;
        return [account.userName, { balanceKobo, transactions: transactions.length, open }];
      }),
    );
    return Object.fromEntries(states);
  };

  const same = (a: Snapshot, b: Snapshot) => JSON.stringify(a) === JSON.stringify(b);
  const anyOpen = (s: Snapshot) => Object.values(s).some((state) => state.open > 0);

  /**
   * After a batch that was answered 2xx somewhere, money may still be moving (a purchase settling,
   * a refund): wait until nothing is open and two reads agree, so the next batch starts clean.
   */
  const settled = async (expectMovement: boolean, timeoutMs = 20_000): Promise<Snapshot> => {
    let previous = await snapshot();
    if (!expectMovement && !anyOpen(previous)) return previous;
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      await sleep(400);
      const next = await snapshot();
      if (!anyOpen(next) && same(previous, next)) return next;
      if (Date.now() > deadline) throw new Error(`tracked accounts still settling after ${timeoutMs} ms: ${JSON.stringify(next)}`);
      previous = next;
    }
  };

  /** One line per account whose money or history changed without a 2xx of the batch behind it. */
  const unexplained = (before: Snapshot, after: Snapshot, batch: Exchange[]): string[] =>
    accounts.flatMap((account) => {
      const was = before[account.userName]!;
      const is = after[account.userName]!;
      if (was.balanceKobo === is.balanceKobo && was.transactions === is.transactions) return [];
      const explained = batch.some(
        (e) =>
          e.status >= 200 && e.status < 300 && (e.callerUserName === account.userName || e.sent.includes(account.userName) || e.sent.includes(account.userId)),
      );
      if (explained) return [];
      const refused = batch.filter((e) => e.status >= 400).length;
      return [
        `${account.label} (${account.userName}): balance ${naira(was.balanceKobo)} → ${naira(is.balanceKobo)}, transactions ${was.transactions} → ${is.transactions}, ` +
          `but no 2xx answer of the batch came from or named this account (${refused} of ${batch.length} requests refused)`,
      ];
    });

  return { snapshot, settled, unexplained };
}
