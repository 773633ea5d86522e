/**
 * Driving the platform's HTTP API from integration tests: requests, an admin login, users funded by
 * coupon, balances, a purchase's status over time, and the ledger invariants over a user's history.
 */
import { expect } from 'vitest';
import type { LocalCloud } from './local-cloud.js';

export interface Answer {
  status: number;
  body: any;
}

export function platformClient(cloud: () => LocalCloud, prefix = 'client') {
  const api = async (method: string, path: string, options: { body?: unknown; token?: string; raw?: string; headers?: Record<string, string> } = {}): Promise<Answer> => {
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

  let adminToken: string | undefined;
  const admin = async (): Promise<string> => {
    if (adminToken) return adminToken;
    const login = await api('POST', '/auth/login', { body: cloud().adminLogin });
    expect(login.status).toBe(200);
    adminToken = login.body.token as string;
    return adminToken;
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

  const balance = async (token: string): Promise<number> => (await api('GET', '/auth', { token })).body.user.balance as number;
  const transactionsOf = async (token: string): Promise<any[]> => (await api('GET', '/transaction', { token })).body.transactions as any[];

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
   * Every user this client made: the history chains from ₦0 to the balance (each change exactly its
   * amount, nothing negative), every purchase is final, and refunded ones have exactly one refund.
   */
  const expectLedgerInvariants = async (): Promise<void> => {
    const kobo = (naira: number) => Math.round(naira * 100);
    for (const user of users) {
      const list = [...(await transactionsOf(user.token))].sort((a, b) => a.createdAt.localeCompare(b.createdAt));
      let running = 0;
      for (const t of list) {
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
    }
  };

  return { api, admin, fundedUser, balance, transactionsOf, waitFor, waitForStatus, expectLedgerInvariants };
}
