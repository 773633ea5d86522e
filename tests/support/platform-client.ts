/**
 * Driving the platform's HTTP API from integration tests: requests, an admin login, users funded by
 * coupon, balances, a purchase's status over time, and the ledger invariants over a user's history
 * — with the house account's side of the admin credits these users received.
 */
import { decodeJwt } from 'jose';
import { expect } from 'vitest';
import { HOUSE_USER_NAME } from '../../functions/domain/wallet/house-account.js';
import type { LocalCloud } from './local-cloud.js';
import { LISTING_COUNTS_LAG_MS, RETRY_AFTER_SECONDS } from '../../shared/constants.js';

export interface Answer {
  status: number;
  body: any;
}

/**
 * Sends a request again while it answers 503 (a busy wallet: nothing was written), after the
 * Retry-After the platform gives, as an API user is told to; `send` must carry its own request_id,
 * so the request settles once however often it is sent. Gives the first answer that is not 503.
 */
export async function resendWhileBusy(send: () => Promise<Answer>, tries = 30): Promise<Answer> {
  for (let attempt = 1; ; attempt++) {
    const answer = await send();
    if (answer.status !== 503 || attempt >= tries) return answer;
    await new Promise((resolve) => setTimeout(resolve, RETRY_AFTER_SECONDS * 1000));
  }
}

export function platformClient(cloud: () => LocalCloud, prefix = 'client') {
  const api = async (
    method: string,
    path: string,
    options: { body?: unknown; token?: string; raw?: string; headers?: Record<string, string> } = {},
  ): Promise<Answer> => {
    const response = await fetch(`${cloud().baseUrl}/api/v1${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...(options.token ? { 'x-auth-token': options.token } : {}), ...options.headers },
      body: options.raw ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
    });
    const text = await response.text();
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      // Not JSON: kept as text.
    }
    return { status: response.status, body };
  };

  // Session tokens are short (ACCESS_TOKEN_TTL_SECONDS): a long file signs the admin in again rather than outlive one.
  let adminToken: { token: string; until: number } | undefined;
  const admin = async (): Promise<string> => {
    if (adminToken && Date.now() < adminToken.until) return adminToken.token;
    const login = await api('POST', '/auth/login', { body: cloud().adminLogin });
    expect(login.status).toBe(200);
    const { iat, exp } = decodeJwt(login.body.token as string);
    adminToken = { token: login.body.token as string, until: Date.now() + ((exp! - iat!) * 1000) / 2 };
    return adminToken.token;
  };

  let unique = 0;
  const users: { token: string; userName: string }[] = [];
  const fundedUser = async (naira: number): Promise<{ token: string; userName: string }> => {
    unique += 1;
    const id = `${Date.now().toString(36)}${unique}`;
    const password = 'platform-client-password';
    const registered = await api('POST', '/auth/register', {
      body: { userName: `${prefix}_${id}`, email: `${prefix}_${id}@example.com`, phoneNumber: '08012345678', password, passwordCheck: password },
    });
    expect(registered.status).toBe(201);
    const user = { token: registered.body.token as string, userName: registered.body.user.userName as string };
    if (naira > 0) {
      const coupon = await api('POST', '/admin/generateCoupon', { token: await admin(), body: { userAccount: user.userName, amount: naira } });
      expect(coupon.status).toBe(201);
      const redeemed = await api('POST', '/fundWallet/coupon', { token: user.token, body: { userName: user.userName, coupon: coupon.body.coupon.code } });
      expect(redeemed.status).toBe(200);
    }
    users.push(user);
    return user;
  };

  /** A ₦`amount` MTN airtime purchase for `mobile_number` (the simulator decides its fate by the number), accepted; its id. */
  const boughtAirtime = async (token: string, mobile_number = '08011111111', amount = 100): Promise<string> => {
    const bought = await api('POST', '/buy/airtime', { token, body: { network: 1, mobile_number, amount } });
    expect(bought.status).toBe(200);
    return bought.body.receipt._id as string;
  };

  const balance = async (token: string): Promise<number> => (await api('GET', '/auth', { token })).body.user.balance as number;
  const transactionsOf = async (token: string): Promise<any[]> => (await api('GET', '/transaction', { token })).body.transactions as any[];
  /**
   * A listing's page once its counts no longer trail the records: they are summed off the request path,
   * within LISTING_COUNTS_LAG_MS (2 s, decision 129), and the answer says `countsUpdating` until then.
   */
  const countedPage = (auth: { token?: string; headers?: Record<string, string> }, path: string) =>
    waitFor(
      `${path} counted`,
      async () => {
        const answer = await api('GET', path, auth);
        expect(answer.status).toBe(200);
        return answer.body.countsUpdating ? undefined : answer;
      },
      3 * LISTING_COUNTS_LAG_MS,
    );
  /** Every page of a listing (the first page alone stops at 20), counted. */
  const allTransactionsOf = async (token: string, query = ''): Promise<any[]> => {
    const all: any[] = [];
    for (let page = 1; ; page++) {
      const answer = await countedPage({ token }, `/transaction?page=${page}${query}`);
      all.push(...answer.body.transactions);
      if (page >= answer.body.totalPages) return all;
    }
  };
  /** The house account's chain as admins read it, in chain order (it only gives, so each balance is below the last). */
  const houseChain = async (): Promise<any[]> =>
    (await allTransactionsOf(await admin(), `&userName=${encodeURIComponent(HOUSE_USER_NAME)}`)).sort((a, b) => b.balance_Before - a.balance_Before);

  const waitFor = async <T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 25_000): Promise<T> => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = await probe();
      if (found !== undefined) return found;
      if (Date.now() > deadline) throw new Error(`${what} did not happen within ${timeoutMs} ms`);
      await new Promise((r) => setTimeout(r, 150));
    }
  };

  const waitForStatus = (token: string, id: string, statuses: string[], timeoutMs?: number): Promise<any> =>
    waitFor(
      `transaction ${id} reaching ${statuses.join('/')}`,
      async () => {
        const found = (await transactionsOf(token)).find((t) => t._id === id);
        return found && statuses.includes(found.trans_Status) ? found : undefined;
      },
      timeoutMs,
    );

  /**
   * A positive signal before "nothing more happens" to the purchases placed so far: a later purchase
   * (a new user's ₦100 airtime to 08033333333, which the simulator answers "processing") is taken by
   * the fulfilment consumer, then delivered by a sweep's re-query. Once it is delivered, every purchase
   * placed before it has had its fulfilment turn and at least one sweep since. Needs a cloud whose
   * sweeper re-queries soon (SWEEPER_REQUERY_AFTER_MS in the hundreds of milliseconds).
   */
  const laterPurchaseDelivered = async (timeoutMs?: number): Promise<void> => {
    const marker = await fundedUser(100);
    const id = await boughtAirtime(marker.token, '08033333333');
    await waitForStatus(marker.token, id, ['success'], timeoutMs);
  };

  /**
   * Every user this client made: the history chains from ₦0 to the balance (each change exactly its
   * amount, nothing negative; a bulk purchase's lines are paid by their batch's one debit, which equals
   * their sum), every purchase is final, and refunded ones have exactly one refund.
   * When admins credited them, the house account's chain replays too (it alone may be negative),
   * each credit has its house debit, and Σ balances + the house's side = money in − money out.
   */
  const expectLedgerInvariants = async (): Promise<void> => {
    const kobo = (naira: number) => Math.round(naira * 100);
    const lists = new Map<string, any[]>();
    for (const user of users) {
      const list = [...(await allTransactionsOf(user.token))].sort((a, b) => a.createdAt.localeCompare(b.createdAt));
      lists.set(user.userName, list);
      let running = 0;
      // A bulk purchase's lines are paid by their batch's one debit (their balance fields are the batch's): not links of the chain.
      for (const t of list.filter((r) => !r.batchId)) {
        expect(kobo(t.balance_Before), `${user.userName}: ${t._id} continues the chain`).toBe(running);
        expect(kobo(t.balance_After)).toBeGreaterThanOrEqual(0);
        expect(Math.abs(kobo(t.balance_After) - kobo(t.balance_Before))).toBe(kobo(t.trans_amount));
        running = kobo(t.balance_After);
      }
      expect(running).toBe(kobo(await balance(user.token)));
      for (const p of list.filter((t) => ['airtime', 'data', 'electricity'].includes(t.trans_Type))) {
        expect(['success', 'refunded']).toContain(p.trans_Status);
        const refunds = list.filter((t) => t.trans_Type === 'refund' && t.relatedTransactionId === p._id);
        expect(refunds).toHaveLength(p.trans_Status === 'refunded' ? 1 : 0);
      }
      // Each batch's one debit is exactly its lines' charges, and a line moves no money itself.
      for (const batch of list.filter((t) => t.trans_Type === 'bulk')) {
        const lines = list.filter((t) => t.batchId === batch._id);
        expect(
          lines.reduce((sum, t) => sum + kobo(t.trans_amount), 0),
          `${user.userName}: batch ${batch._id} = Σ its lines`,
        ).toBe(kobo(batch.trans_amount));
        for (const line of lines) expect(kobo(line.balance_After)).toBe(kobo(line.balance_Before));
      }
    }
    const records = [...lists.values()].flat();
    const ours = new Set(records.map((t) => t._id));
    const fromElsewhere = records.filter((t) => t.trans_Type === 'transfer' && t.relatedTransactionId && !ours.has(t.relatedTransactionId));
    if (fromElsewhere.length === 0) return;
    const house = await houseChain();
    let running = 0;
    for (const t of house) {
      expect(kobo(t.balance_Before), `house account: ${t._id} continues the chain`).toBe(running);
      expect(kobo(t.balance_Before) - kobo(t.balance_After)).toBe(kobo(t.trans_amount));
      running = kobo(t.balance_After);
    }
    const houseById = new Map(house.map((t) => [t._id, t]));
    let balances = 0;
    for (const user of users) balances += kobo(await balance(user.token));
    let houseSide = 0;
    let moneyInMinusOut = 0;
    for (const t of records) {
      const change = kobo(t.balance_After) - kobo(t.balance_Before);
      const houseDebit = t.trans_Type === 'transfer' ? houseById.get(t.relatedTransactionId) : undefined;
      if (houseDebit) {
        expect(kobo(houseDebit.trans_amount), `house debit of ${t._id}`).toBe(kobo(t.trans_amount));
        houseSide -= kobo(houseDebit.trans_amount);
      } else if (!(t.trans_Type === 'transfer' && ours.has(t.relatedTransactionId))) {
        moneyInMinusOut += change;
      }
    }
    expect(balances + houseSide, 'Σ balances including the house account = money in − money out').toBe(moneyInMinusOut);
  };

  /** Every user's balance as the admin's user list reads it (a full recount), kobo. */
  const recountedBalancesKobo = async (): Promise<number> => {
    let kobo = 0;
    for (let page = 1; ; page++) {
      const answer = await api('GET', `/admin/users?page=${page}`, { token: await admin() });
      expect(answer.status).toBe(200);
      kobo += Math.round(answer.body.totalBalance * 100);
      if (page >= answer.body.totalPages) return kobo;
    }
  };

  /**
   * The dashboard's figures once the stream has summed what moved so far: its running wallet total
   * equals a full recount of the balances and `until` (the state a test waits for) holds. The platform's
   * figures are summed off the request path, so they may lag a write by seconds.
   */
  const settledDashboard = (until: (figures: any) => boolean = () => true): Promise<any> =>
    waitFor('the dashboard catching up with the writes', async () => {
      const answer = await api('GET', '/admin', { token: await admin() });
      expect(answer.status).toBe(200);
      const recounted = await recountedBalancesKobo();
      return Math.round(answer.body.figures.totalBalance * 100) === recounted && until(answer.body.figures) ? answer : undefined;
    });

  return {
    api,
    admin,
    fundedUser,
    boughtAirtime,
    balance,
    transactionsOf,
    allTransactionsOf,
    countedPage,
    houseChain,
    waitFor,
    waitForStatus,
    laterPurchaseDelivered,
    expectLedgerInvariants,
    settledDashboard,
  };
}
