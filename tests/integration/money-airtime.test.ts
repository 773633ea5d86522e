/**
 * Buying airtime over HTTP on the local cloud: coupon funding → POST /buy/airtime → SQS →
 * fulfilment → the MSORG simulator → success / refund / pending → sweeper re-query → final.
 * The simulator decides by phone number (README). The sweeper runs every 500 ms here and
 * re-enqueues unclaimed purchases after 200 ms, so most purchases also get duplicate fulfilment
 * messages: the simulator must still see exactly one submission per purchase.
 */
import { describe, expect, it } from 'vitest';
import { MSG } from '../../shared/messages.js';
import { useLocalCloud } from '../support/local-cloud.js';

const cloud = useLocalCloud({ env: { SWEEPER_STALE_MS: '200', SWEEPER_REQUERY_AFTER_MS: '300' } });

interface Answer {
  status: number;
  body: any;
}

async function api(method: string, path: string, options: { body?: unknown; token?: string } = {}): Promise<Answer> {
  const response = await fetch(`${cloud().baseUrl}/api/v1${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(options.token ? { 'x-auth-token': options.token } : {}) },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

let adminToken: string | undefined;
async function admin(): Promise<string> {
  if (adminToken) return adminToken;
  const login = await api('POST', '/auth/login', { body: cloud().adminLogin });
  expect(login.status).toBe(200);
  adminToken = login.body.token as string;
  return adminToken;
}

let unique = 0;
/** A registered user whose wallet holds `naira` (funded by an admin coupon). */
async function fundedUser(naira: number): Promise<{ token: string; userName: string }> {
  unique += 1;
  const id = `${Date.now().toString(36)}${unique}`;
  const password = 'airtime-password';
  const registered = await api('POST', '/auth/register', {
    body: { userName: `buyer_${id}`, email: `buyer_${id}@example.com`, phoneNumber: '08012345678', password, passwordCheck: password },
  });
  expect(registered.status).toBe(201);
  const token = registered.body.token as string;
  const userName = registered.body.user.userName as string;
  if (naira > 0) {
    const coupon = await api('POST', '/admin/generateCoupon', { token: await admin(), body: { userAccount: userName, amount: naira } });
    expect(coupon.status).toBe(201);
    const redeemed = await api('POST', '/fundWallet/coupon', { token, body: { userName, coupon: coupon.body.coupon.code } });
    expect(redeemed).toMatchObject({ status: 200, body: { amount: naira, receipt: { balance_After: naira } } });
  }
  return { token, userName };
}

async function balance(token: string): Promise<number> {
  return (await api('GET', '/auth', { token })).body.user.balance as number;
}

async function transactionsOf(token: string): Promise<any[]> {
  return (await api('GET', '/transaction', { token })).body.transactions as any[];
}

async function waitForStatus(token: string, id: string, statuses: string[], timeoutMs = 25_000): Promise<any> {
  const deadline = Date.now() + timeoutMs;
  let last: any;
  for (;;) {
    last = (await transactionsOf(token)).find((t) => t._id === id);
    if (last && statuses.includes(last.trans_Status)) return last;
    if (Date.now() > deadline) throw new Error(`transaction ${id} still ${last?.trans_Status} after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 150));
  }
}

async function buy(token: string, mobile_number: string, amount = 100, extra: Record<string, unknown> = {}): Promise<Answer> {
  return api('POST', '/buy/airtime', { token, body: { network: 1, mobile_number, amount, ...extra } });
}

async function expectOneSubmission(id: string): Promise<void> {
  expect((await cloud().simulatorCalls('ALARO', id)).count).toBe(1);
}

describe('buying airtime on the local cloud', () => {
  it('08011111111: delivered → success; charged 99% once', async () => {
    const user = await fundedUser(1000);
    const bought = await buy(user.token, '08011111111', 200);
    expect(bought.status).toBe(200);
    expect(bought.body).toMatchObject({ msg: MSG.airtimeProcessing, receipt: { trans_Status: 'processing', trans_amount: 198, balance_After: 802 } });
    const settled = await waitForStatus(user.token, bought.body.receipt._id, ['success', 'refunded']);
    expect(settled).toMatchObject({ trans_Status: 'success', apiResponseId: expect.any(String) });
    expect(await balance(user.token)).toBe(802);
    await expectOneSubmission(bought.body.receipt._id);
  });

  it('08022222222: definite failure → refunded, balance restored', async () => {
    const user = await fundedUser(500);
    const bought = await buy(user.token, '08022222222', 100);
    expect(bought.status).toBe(200);
    expect(await waitForStatus(user.token, bought.body.receipt._id, ['success', 'refunded'])).toMatchObject({ trans_Status: 'refunded' });
    expect(await balance(user.token)).toBe(500);
    const refund = (await transactionsOf(user.token)).find((t) => t.trans_Type === 'refund');
    expect(refund).toMatchObject({ relatedTransactionId: bought.body.receipt._id, trans_amount: 99, balance_After: 500 });
    await expectOneSubmission(bought.body.receipt._id);
  });

  it('08033333333: pending → re-query → success', async () => {
    const user = await fundedUser(500);
    const bought = await buy(user.token, '08033333333');
    const id = bought.body.receipt._id;
    expect(await waitForStatus(user.token, id, ['success', 'refunded'])).toMatchObject({ trans_Status: 'success' });
    expect(await balance(user.token)).toBe(401);
    await expectOneSubmission(id);
    const calls = await cloud().simulatorCalls('ALARO', id);
    expect(calls.calls.some((c) => c.method === 'GET')).toBe(true);
  });

  it('08044444444: pending → re-query → refunded', async () => {
    const user = await fundedUser(500);
    const bought = await buy(user.token, '08044444444');
    expect(await waitForStatus(user.token, bought.body.receipt._id, ['success', 'refunded'])).toMatchObject({ trans_Status: 'refunded' });
    expect(await balance(user.token)).toBe(500);
    await expectOneSubmission(bought.body.receipt._id);
  });

  it('08055555555: no answer (timeout) → pending → re-query → success', async () => {
    const user = await fundedUser(500);
    const bought = await buy(user.token, '08055555555');
    expect(await waitForStatus(user.token, bought.body.receipt._id, ['success', 'refunded'])).toMatchObject({ trans_Status: 'success' });
    expect(await balance(user.token)).toBe(401);
    await expectOneSubmission(bought.body.receipt._id);
  });

  it('duplicate requests and duplicate fulfilment messages → one purchase, one supplier call', async () => {
    const user = await fundedUser(1000);
    const body = { request_id: `dup-${Date.now()}` };
    const answers = await Promise.all(Array.from({ length: 5 }, () => buy(user.token, '08011111111', 100, body)));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    const ids = new Set(answers.map((a) => a.body.receipt._id));
    expect(ids.size).toBe(1);
    const [id] = [...ids] as [string];
    await waitForStatus(user.token, id, ['success']);
    // Give any straggling duplicate message time to be consumed before counting.
    await new Promise((r) => setTimeout(r, 1_500));
    await expectOneSubmission(id);
    expect(await balance(user.token)).toBe(901);
  });

  it('insufficient balance → 400 "Insufficient balance" and no record', async () => {
    const user = await fundedUser(50);
    expect(await buy(user.token, '08011111111', 100)).toEqual({ status: 400, body: { msg: MSG.insufficientBalance } });
    const list = await transactionsOf(user.token);
    expect(list.map((t) => t.trans_Type)).toEqual(['wallet']);
    expect(await balance(user.token)).toBe(50);
  });
});
