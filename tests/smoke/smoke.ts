/**
 * The smoke test: one user's whole money path against any deployed base URL (the local cloud,
 * LocalStack, AWS). Registers a user, has the admin make a coupon for them, redeems it, buys
 * airtime, waits for the purchase to succeed and checks the balance. Plain fetch, no test
 * framework: `npm run smoke -- <base url>` runs it (tests/smoke/run.ts), and so does an
 * integration test against the local cloud.
 *
 * On the local cloud, 08011111111 is the MSORG simulator's "delivered" number. Against a stack
 * wired to real suppliers it buys real airtime with money the admin's coupon creates.
 */
import { API_BASE_PATH } from '../../shared/constants.js';
import type { RegisterRequest, SessionResponse } from '../../shared/api/accounts.js';
import type { PurchaseResponse } from '../../shared/api/purchases.js';
import type { TransactionListResponse, TransactionView } from '../../shared/api/transactions.js';
import type { FundWithCouponResponse, GenerateCouponResponse } from '../../shared/api/wallet.js';

export interface SmokeOptions {
  baseUrl: string;
  admin: { userName: string; password: string };
  /** Naira put on the coupon (default 500). */
  fundNaira?: number;
  /** Naira of airtime bought (default 100). */
  airtimeNaira?: number;
  /** How long to wait for the purchase to succeed (default 60 s). */
  settleTimeoutMs?: number;
  /** One line per step passed. */
  log?: (line: string) => void;
}

export interface SmokeResult {
  userName: string;
  transactionId: string;
  /** Naira the purchase cost (the user's discount applied). */
  charged: number;
  balance: number;
}

/** A step that did not answer as it should: names the step, the status and the answer. */
export class SmokeFailure extends Error {}

export const SMOKE_PHONE = '08011111111';

export async function runSmoke(options: SmokeOptions): Promise<SmokeResult> {
  const base = options.baseUrl.replace(/\/+$/, '');
  const fundNaira = options.fundNaira ?? 500;
  const log = options.log ?? (() => undefined);

  const call = async <T>(step: string, method: string, path: string, expected: number, body?: unknown, token?: string, logged = true): Promise<T> => {
    const response = await fetch(`${base}${API_BASE_PATH}${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...(token ? { 'x-auth-token': token } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (response.status !== expected) throw new SmokeFailure(`${step}: expected HTTP ${expected}, got ${response.status}: ${text.slice(0, 300)}`);
    if (logged) log(`ok  ${step}`);
    return (text ? JSON.parse(text) : null) as T;
  };

  const userName = `smoke_${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;
  const password = `Smoke-${Math.random().toString(36).slice(2)}-pw`;
  const registration: RegisterRequest = { userName, email: `${userName}@example.com`, phoneNumber: '08012345678', password, passwordCheck: password };
  const user = await call<SessionResponse>('register a user', 'POST', '/auth/register', 201, registration);
  const admin = await call<SessionResponse>('log in as the admin', 'POST', '/auth/login', 200, options.admin);
  const coupon = await call<GenerateCouponResponse>(
    'generate a coupon',
    'POST',
    '/admin/generateCoupon',
    201,
    { userAccount: userName, amount: fundNaira },
    admin.token,
  );
  const funded = await call<FundWithCouponResponse>(
    'redeem the coupon',
    'POST',
    '/fundWallet/coupon',
    200,
    { userName, coupon: coupon.coupon.code },
    user.token,
  );
  if (funded.receipt.balance_After !== fundNaira) throw new SmokeFailure(`redeem the coupon: balance ₦${funded.receipt.balance_After}, expected ₦${fundNaira}`);

  const bought = await call<PurchaseResponse>(
    'buy airtime',
    'POST',
    '/buy/airtime',
    200,
    { network: 1, mobile_number: SMOKE_PHONE, amount: options.airtimeNaira ?? 100 },
    user.token,
  );
  const transactionId = bought.receipt._id;
  const settled = await waitFor(options.settleTimeoutMs ?? 60_000, `purchase ${transactionId} to settle`, async () => {
    const list = await call<TransactionListResponse>('list transactions', 'GET', '/transaction', 200, undefined, user.token, false);
    const found = list.transactions.find((t) => t._id === transactionId);
    return found && FINAL.includes(found.trans_Status) ? found : undefined;
  });
  if (settled.trans_Status !== 'success') throw new SmokeFailure(`wait for success: purchase ${transactionId} ended ${settled.trans_Status}`);
  log(`ok  purchase ${transactionId} succeeded`);

  const session = await call<SessionResponse>('read the balance', 'GET', '/auth', 200, undefined, user.token);
  const charged = bought.receipt.trans_amount;
  const expected = Math.round((fundNaira - charged) * 100) / 100;
  if (session.user.balance !== expected || bought.receipt.balance_After !== expected)
    throw new SmokeFailure(`check the balance: ₦${session.user.balance}, expected ₦${expected} (₦${fundNaira} − ₦${charged})`);
  log(`ok  balance ₦${session.user.balance} = ₦${fundNaira} − ₦${charged}`);
  return { userName, transactionId, charged, balance: session.user.balance };
}

const FINAL: ReadonlyArray<TransactionView['trans_Status']> = ['success', 'refunded'];

async function waitFor<T>(timeoutMs: number, what: string, probe: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await probe();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new SmokeFailure(`wait for ${what}: not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}
