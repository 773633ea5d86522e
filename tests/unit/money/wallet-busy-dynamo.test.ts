/**
 * Rules: a balance change that cannot get through before its function's
 * deadline (less the margin) gives up having written nothing, and the HTTP layer answers 503 with
 * Retry-After and a message, never 500. The same request_id sent again afterwards settles exactly
 * once (the record id derived from it is the idempotency key). Through the real Lambda handlers on
 * DynamoDB Local.
 */
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { ulid } from 'ulid';
import { describe, expect, it, vi } from 'vitest';

vi.hoisted(() => {
  process.env.JWT_SECRET = 'test-secret-test-secret-test-secret-0123456789';
  process.env.POWERTOOLS_LOG_LEVEL = 'SILENT';
  process.env.FULFILMENT_QUEUE_URL = 'http://127.0.0.1:9/queue/nobody-listens';
});

import { API_BASE_PATH, RETRY_AFTER_SECONDS, RETRY_DEADLINE_MARGIN_MS } from '../../../shared/constants.js';
import { MSG } from '../../../shared/messages.js';
import { routeByOperation, type Operation } from '../../../shared/routes.js';
import { issueToken } from '../../../functions/adapters/token.js';
import { dynamoLedger } from '../../../functions/adapters/dynamo/wallet/ledger.js';
import { handler as purchases } from '../../../functions/handlers/http/purchases.js';
import { handler as transfers } from '../../../functions/handlers/http/transfers.js';
import { useDynamoDb } from '../../support/dynamo.js';
import { chainOf, fund, newUser } from './fakes.js';

useDynamoDb();

type User = Awaited<ReturnType<typeof newUser>>;
type Handler = (event: APIGatewayProxyEventV2, context: Context) => Promise<APIGatewayProxyStructuredResultV2>;

/** A Lambda context with `remainingMs` left when the handler starts. */
const withRemaining = (remainingMs: number) => {
  const deadline = Date.now() + remainingMs;
  return { getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()) } as Context;
};

async function call(handler: Handler, operation: Operation, user: User, body: unknown, context: Context = {} as Context) {
  const route = routeByOperation(operation);
  const event = {
    version: '2.0',
    routeKey: `${route.method} ${API_BASE_PATH}${route.path}`,
    rawPath: `${API_BASE_PATH}${route.path}`,
    rawQueryString: '',
    headers: { 'content-type': 'application/json', 'x-auth-token': await issueToken({ ...user, tokenVersion: 0 }) },
    requestContext: { http: { method: route.method, path: `${API_BASE_PATH}${route.path}`, sourceIp: '127.0.0.1', protocol: 'HTTP/1.1', userAgent: 'test' } },
    body: JSON.stringify(body),
    isBase64Encoded: false,
  } as unknown as APIGatewayProxyEventV2;
  const response = await handler(event, context);
  return { status: response.statusCode!, headers: response.headers ?? {}, body: JSON.parse(response.body as string) };
}

describe('a busy wallet or a spent deadline answers 503 with Retry-After, and the same request_id then settles once', () => {
  it('a purchase with no time left before its deadline writes nothing and answers 503 "try again", never 500', async () => {
    const buyer = await newUser();
    await fund(buyer, 1_000_00);
    const body = { network: 1, mobile_number: '08011111111', amount: 100, request_id: `burst-${ulid()}` };
    // The whole remaining time is the margin: the ledger's retry loop may not start a write.
    const refused = await call(purchases, 'buyAirtime', buyer, body, withRemaining(RETRY_DEADLINE_MARGIN_MS));
    expect(refused.status).toBe(503);
    expect(refused.headers['retry-after']).toBe(String(RETRY_AFTER_SECONDS));
    expect(refused.body).toEqual({ msg: MSG.walletBusy });
    const untouched = await chainOf(buyer.userId);
    expect(untouched.wallet.balanceKobo).toBe(1_000_00);
    expect(untouched.records.filter((r) => r.trans_Type === 'airtime')).toHaveLength(0);

    // The same request_id after Retry-After: charged once, however often it is sent.
    const settled = await call(purchases, 'buyAirtime', buyer, body, withRemaining(10_000));
    expect(settled.status).toBe(200);
    const again = await call(purchases, 'buyAirtime', buyer, body, withRemaining(10_000));
    expect(again.status).toBe(200);
    expect(settled.body.receipt._id).toEqual(expect.any(String));
    expect(again.body.receipt._id).toBe(settled.body.receipt._id);
    const { wallet, check, records } = await chainOf(buyer.userId);
    expect(check.ok).toBe(true);
    expect(records.filter((r) => r.trans_Type === 'airtime')).toHaveLength(1);
    expect(wallet.balanceKobo).toBe(1_000_00 - 99_00);
  });

  it('a transfer with no time left answers 503 with Retry-After and moves nothing; its retry moves the money once', async () => {
    const sender = await newUser();
    const receiver = await newUser();
    await fund(sender, 500_00);
    const body = { userName: receiver.userName, amount: 200, request_id: `t-${ulid()}` };
    const refused = await call(transfers, 'transferFund', sender, body, withRemaining(RETRY_DEADLINE_MARGIN_MS));
    expect(refused).toMatchObject({ status: 503, headers: { 'retry-after': String(RETRY_AFTER_SECONDS) }, body: { msg: MSG.walletBusy } });
    expect((await dynamoLedger.getWallet(sender.userId)).balanceKobo).toBe(500_00);
    expect((await dynamoLedger.getWallet(receiver.userId)).balanceKobo).toBe(0);

    expect((await call(transfers, 'transferFund', sender, body)).status).toBe(200);
    expect((await call(transfers, 'transferFund', sender, body)).status).toBe(200);
    expect((await dynamoLedger.getWallet(sender.userId)).balanceKobo).toBe(300_00);
    expect((await dynamoLedger.getWallet(receiver.userId)).balanceKobo).toBe(200_00);
  });
});
