/**
 * The money routes through their real Lambda handlers (middy, token check, principal loaded from
 * the table) on DynamoDB Local. The fulfilment queue does not answer here on purpose (nothing
 * listens at its URL): a purchase must still be answered when the hand-off fails (the sweeper heals it).
 */
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { describe, expect, it, vi } from 'vitest';

vi.hoisted(() => {
  process.env.JWT_SECRET = 'test-secret-test-secret-test-secret-0123456789';
  process.env.POWERTOOLS_LOG_LEVEL = 'SILENT';
  process.env.FULFILMENT_QUEUE_URL = 'http://127.0.0.1:9/queue/nobody-listens';
});

import { API_BASE_PATH } from '../../../shared/constants.js';
import { routeByOperation, type Operation } from '../../../shared/routes.js';
import { issueToken } from '../../../functions/adapters/token.js';
import { dynamoLedger } from '../../../functions/adapters/dynamo/wallet/ledger.js';
import { dynamoTransactions } from '../../../functions/adapters/dynamo/transactions/transactions.js';
import { COUPON_ALPHABET } from '../../../functions/domain/money/coupons.js';
import { handler as purchases } from '../../../functions/handlers/http/purchases.js';
import { handler as transactions } from '../../../functions/handlers/http/transactions.js';
import { handler as wallet } from '../../../functions/handlers/http/wallet.js';
import { useDynamoDb } from '../../support/dynamo.js';
import { drainCounters } from '../../support/outbox.js';
import { chainOf, fund, newUser } from './fakes.js';

useDynamoDb({ stream: true });

type User = Awaited<ReturnType<typeof newUser>>;
type Handler = (event: APIGatewayProxyEventV2, context: Context) => Promise<APIGatewayProxyStructuredResultV2>;

async function tokenOf(user: User): Promise<string> {
  return issueToken({ ...user, tokenVersion: 0 });
}

async function call(handler: Handler, operation: Operation, user: User | undefined, input: { body?: unknown; query?: Record<string, string> } = {}) {
  const route = routeByOperation(operation);
  const event = {
    version: '2.0',
    routeKey: `${route.method} ${API_BASE_PATH}${route.path}`,
    rawPath: `${API_BASE_PATH}${route.path}`,
    rawQueryString: new URLSearchParams(input.query ?? {}).toString(),
    headers: { 'content-type': 'application/json', ...(user ? { 'x-auth-token': await tokenOf(user) } : {}) },
    queryStringParameters: input.query,
    requestContext: { http: { method: route.method, path: `${API_BASE_PATH}${route.path}`, sourceIp: '127.0.0.1', protocol: 'HTTP/1.1', userAgent: 'test' } },
    body: input.body === undefined ? undefined : JSON.stringify(input.body),
    isBase64Encoded: false,
  } as unknown as APIGatewayProxyEventV2;
  const response = await handler(event, {} as Context);
  return { status: response.statusCode!, body: JSON.parse(response.body as string) };
}

describe('coupons', () => {
  it('an admin generates a single-use code of ≥ 12 unambiguous characters for an existing user', async () => {
    const admin = await newUser('smart earner', { isAdmin: true });
    const owner = await newUser();
    const res = await call(wallet, 'generateCoupon', admin, { body: { userAccount: owner.userName.toUpperCase(), amount: '2500.50' } });
    expect(res.status).toBe(201);
    expect(res.body.msg).toBe('Coupon generated successfully');
    expect(res.body.coupon).toMatchObject({ owner: owner.userName, amount: 2500.5 });
    // The original shows data.couponCode (client/src/context/UserContext.js, generateCoupon).
    expect(res.body.couponCode).toBe(res.body.coupon.code);
    expect(res.body.coupon.code.length).toBeGreaterThanOrEqual(12);
    expect([...res.body.coupon.code].every((c: string) => COUPON_ALPHABET.includes(c))).toBe(true);
  });

  it('generating for an unknown user → 404 "User not found"; above the maximum → 400; a non-admin → 403', async () => {
    const admin = await newUser('smart earner', { isAdmin: true });
    const owner = await newUser();
    expect(await call(wallet, 'generateCoupon', admin, { body: { userAccount: 'nobody-here', amount: 100 } })).toMatchObject({
      status: 404,
      body: { msg: 'User not found' },
    });
    expect((await call(wallet, 'generateCoupon', admin, { body: { userAccount: owner.userName, amount: 1_000_001 } })).status).toBe(400);
    expect((await call(wallet, 'generateCoupon', admin, { body: { userAccount: owner.userName, amount: -5 } })).status).toBe(400);
    expect((await call(wallet, 'generateCoupon', owner, { body: { userAccount: owner.userName, amount: 100 } })).status).toBe(403);
  });

  it('the owner redeems once: credited with a wallet transaction; again → "This coupon has already been used"', async () => {
    const admin = await newUser('smart earner', { isAdmin: true });
    const owner = await newUser();
    const code = (await call(wallet, 'generateCoupon', admin, { body: { userAccount: owner.userName, amount: 1000 } })).body.coupon.code as string;
    const redeemed = await call(wallet, 'fundWithCoupon', owner, { body: { userName: owner.userName, coupon: code.toLowerCase() } });
    expect(redeemed).toMatchObject({
      status: 200,
      body: { msg: 'Wallet funded successfully', amount: 1000, receipt: { balance_After: 1000, trans_Type: 'wallet' } },
    });
    expect(await call(wallet, 'fundWithCoupon', owner, { body: { coupon: code } })).toMatchObject({
      status: 409,
      body: { msg: 'This coupon has already been used' },
    });
    expect((await dynamoLedger.getWallet(owner.userId)).balanceKobo).toBe(1000_00);
  });

  it('a coupon cannot be redeemed by someone else, nor on behalf of someone else; unknown codes are refused', async () => {
    const admin = await newUser('smart earner', { isAdmin: true });
    const owner = await newUser();
    const other = await newUser();
    const code = (await call(wallet, 'generateCoupon', admin, { body: { userAccount: owner.userName, amount: 500 } })).body.coupon.code as string;
    expect(await call(wallet, 'fundWithCoupon', other, { body: { coupon: code } })).toMatchObject({
      status: 403,
      body: { msg: 'This coupon does not belong to you' },
    });
    expect((await call(wallet, 'fundWithCoupon', other, { body: { userName: owner.userName, coupon: code } })).status).toBe(403);
    expect(await call(wallet, 'fundWithCoupon', owner, { body: { coupon: 'NOTACODE2345' } })).toMatchObject({
      status: 404,
      body: { msg: 'Invalid coupon code' },
    });
    expect(await call(wallet, 'fundWithCoupon', owner, { body: {} })).toMatchObject({ status: 400, body: { msg: 'Enter a coupon code' } });
    expect((await dynamoLedger.getWallet(other.userId)).balanceKobo).toBe(0);
  });

  it('10 concurrent redemptions of one coupon credit it once', async () => {
    const admin = await newUser('smart earner', { isAdmin: true });
    const owner = await newUser();
    const code = (await call(wallet, 'generateCoupon', admin, { body: { userAccount: owner.userName, amount: 750 } })).body.coupon.code as string;
    const results = await Promise.all(Array.from({ length: 10 }, () => call(wallet, 'fundWithCoupon', owner, { body: { coupon: code } })));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(9);
    const { wallet: w, check, records } = await chainOf(owner.userId);
    expect(w.balanceKobo).toBe(750_00);
    expect(check.ok).toBe(true);
    expect(records).toHaveLength(1);
  });
});

describe('buy airtime', () => {
  it('debits the tier price and answers the receipt with balance_After, even when the fulfilment hand-off fails', async () => {
    const reseller = await newUser('reseller');
    await fund(reseller, 1_000_00);
    const res = await call(purchases, 'buyAirtime', reseller, { body: { network: 1, mobile_number: '08011111111', amount: 500 } });
    expect(res.status).toBe(200);
    expect(res.body.receipt).toMatchObject({
      trans_Status: 'processing',
      trans_Type: 'airtime',
      trans_Network: 'MTN',
      trans_amount: 490,
      balance_Before: 1000,
      balance_After: 510,
    });
  });

  it('below ₦100 → 400 "Minimum purchase is ₦100"; a bad phone → 400; insufficient balance → 400 and no record', async () => {
    const user = await newUser();
    await fund(user, 150_00);
    expect(await call(purchases, 'buyAirtime', user, { body: { network: 2, mobile_number: '08011111111', amount: 99 } })).toMatchObject({
      status: 400,
      body: { msg: 'Minimum purchase is ₦100' },
    });
    expect(await call(purchases, 'buyAirtime', user, { body: { network: 2, mobile_number: '0801111', amount: 100 } })).toMatchObject({
      status: 400,
      body: { msg: 'Please check the phone number entered' },
    });
    expect(await call(purchases, 'buyAirtime', user, { body: { network: 2, mobile_number: '08011111111', amount: 200 } })).toMatchObject({
      status: 400,
      body: { msg: 'Insufficient balance' },
    });
    expect((await call(purchases, 'buyAirtime', user, { body: { network: 5, mobile_number: '08011111111', amount: 100 } })).status).toBe(400);
    expect((await call(purchases, 'buyAirtime', user, { body: { network: 2, mobile_number: '08011111111', amount: '1e3' } })).status).toBe(400);
    const { records, wallet: w } = await chainOf(user.userId);
    expect(records).toHaveLength(1);
    expect(w.balanceKobo).toBe(150_00);
  });

  it('a repeated request_id answers the same receipt and charges once; different details → 409', async () => {
    const user = await newUser();
    await fund(user, 1_000_00);
    const body = { network: 3, mobile_number: '08011111111', amount: 100, request_id: 'my-order-0001' };
    const first = await call(purchases, 'buyAirtime', user, { body });
    const second = await call(purchases, 'buyAirtime', user, { body });
    expect(second.body.receipt._id).toBe(first.body.receipt._id);
    expect((await call(purchases, 'buyAirtime', user, { body: { ...body, amount: 200 } })).status).toBe(409);
    expect((await dynamoLedger.getWallet(user.userId)).balanceKobo).toBe(1_000_00 - 99_00);
  });

  it('without a token → 401', async () => {
    expect((await call(purchases, 'buyAirtime', undefined, { body: {} })).status).toBe(401);
  });
});

describe('transaction listing', () => {
  it('ordinary users see only their own, even when naming someone else; totals are over the filtered set', async () => {
    const alice = await newUser();
    const bob = await newUser();
    await fund(alice, 1_000_00);
    await fund(bob, 1_000_00);
    await call(purchases, 'buyAirtime', alice, { body: { network: 1, mobile_number: '08011111111', amount: 100 } });
    await call(purchases, 'buyAirtime', alice, { body: { network: 2, mobile_number: '08022222222', amount: 200 } });
    // The unfiltered history reads the records: both purchases at once. Its count is summed from the
    // stream (decision 129) and the answer says it may still trail.
    const early = await call(transactions, 'listTransactions', alice, {});
    expect(early.body.transactions).toHaveLength(3);
    expect(early.body.countsUpdating).toBe(true);
    await drainCounters();
    const own = await call(transactions, 'listTransactions', alice, { query: { userName: bob.userName } });
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({ noOfTransaction: 3, totalPages: 1, totalCredit: 1000, totalDebit: 99 + 198, totalSales: 0 });
    expect(own.body.transactions.every((t: { trans_UserName: string }) => t.trans_UserName === alice.userName)).toBe(true);
    // Newest first.
    expect(own.body.transactions[0].trans_amount).toBe(198);
    const filtered = await call(transactions, 'listTransactions', alice, { query: { type: 'airtime', phoneNumber: '0802' } });
    expect(filtered.body).toMatchObject({ noOfTransaction: 1, totalDebit: 198, totalCredit: 0 });
    const dated = await call(transactions, 'listTransactions', alice, { query: { from: '2000-01-01', to: '2000-12-31' } });
    expect(dated.body.noOfTransaction).toBe(0);
  });

  it('admins see everybody and filter by user name; agents too', async () => {
    const admin = await newUser('smart earner', { isAdmin: true });
    const agent = await newUser('smart earner', { isAgent: true });
    const carol = await newUser('reseller');
    await fund(carol, 500_00);
    await call(purchases, 'buyAirtime', carol, { body: { network: 4, mobile_number: '08011111111', amount: 100 } });
    // Counts and filtered pages follow the counters, summed from the stream as the consumer does (decisions 92 and 129).
    await drainCounters();
    const byName = await call(transactions, 'listTransactions', admin, { query: { userName: carol.userName } });
    expect(byName.body.noOfTransaction).toBe(2);
    const all = await call(transactions, 'listTransactions', agent, { query: { userType: 'reseller', status: 'processing' } });
    expect(all.body.transactions.map((t: { trans_UserName: string }) => t.trans_UserName)).toContain(carol.userName);
    expect((await call(transactions, 'listTransactions', admin, { query: { userName: 'no-such-user' } })).body.noOfTransaction).toBe(0);
  });

  it('profit (per transaction, total and per-network stats) is shown to admins and agents only', async () => {
    const admin = await newUser('smart earner', { isAdmin: true });
    const dave = await newUser();
    await fund(dave, 500_00);
    const bought = await call(purchases, 'buyAirtime', dave, { body: { network: 1, mobile_number: '08011111111', amount: 100 } });
    await dynamoTransactions.settleSuccess((await dynamoTransactions.get(bought.body.receipt._id))!, {
      attempts: [],
      supplier: 'ALARO',
      profitKobo: 2_00,
      now: new Date(),
    });
    await drainCounters();
    const asAdmin = await call(transactions, 'listTransactions', admin, { query: { userName: dave.userName } });
    expect(asAdmin.body).toMatchObject({ totalSales: 0, totalSalesNaira: 99, totalProfit: 2, stat: [{ network: 'MTN', total_volume_sold: 100, profit: 2 }] });
    expect(asAdmin.body.transactions[0]).toMatchObject({ trans_Status: 'success', trans_profit: 2 });
    const asDave = await call(transactions, 'listTransactions', dave);
    expect(asDave.body).toMatchObject({ totalSales: 0, totalSalesNaira: 99, totalProfit: 0, stat: [] });
    expect(asDave.body.transactions[0].trans_profit).toBe(0);
  });
});
