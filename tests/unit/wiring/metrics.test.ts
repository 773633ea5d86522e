/**
 * Custom metrics as the functions print them (EMF lines on stdout): the names, units and dimension
 * sets of shared/metrics.ts, which the stack's alarms and dashboard read; counted where an outcome
 * is known, once; never failing or cluttering an invocation that has nothing to count.
 */
import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.hoisted(() => {
  // This file reads the lines; the unit setup silences them everywhere else.
  process.env.POWERTOOLS_METRICS_DISABLED = 'false';
  process.env.POWERTOOLS_LOG_LEVEL = 'SILENT';
});

import { API_BASE_PATH } from '../../../shared/constants.js';
import { METRIC_NAMES, METRIC_SHAPES, METRICS_NAMESPACE, METRICS_SERVICE, type MetricKey } from '../../../shared/metrics.js';
import { routeByOperation } from '../../../shared/routes.js';
import { meteredGateway, meteredPayouts, meteredRefunds, meteredSettlements } from '../../../functions/adapters/metered.js';
import { countWebhookDelivery, supplierCallOutcome } from '../../../functions/adapters/metrics.js';
import type { PurchaseDeps } from '../../../functions/domain/purchases/purchases.js';
import { silentLogger } from '../../../functions/domain/logger.js';
import type { TransactionRecord } from '../../../functions/domain/transactions/transactions.js';
import { buyAirtimeOperation } from '../../../functions/handlers/http/purchases.js';
import { backgroundFunction } from '../../../functions/middleware/background.js';
import { httpService, ok, type EdgeDeps, type Principal } from '../../../functions/middleware/http.js';
import type { Ledger } from '../../../functions/domain/wallet/ledger-port.js';
import type { WithdrawalStore } from '../../../functions/domain/money/money-port.js';
import type { AirtimeOrder, SupplierCallResult, SupplierGateway } from '../../../functions/domain/purchases/suppliers-port.js';
import type { TransactionStore } from '../../../functions/domain/transactions/transactions-port.js';

type Emf = { _aws: { CloudWatchMetrics: Array<{ Namespace: string; Dimensions: string[][]; Metrics: Array<{ Name: string; Unit: string }> }> } } & Record<
  string,
  unknown
>;

let stdout: string[];
beforeEach(() => {
  stdout = [];
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    stdout.push(String(chunk));
    return true;
  });
});
afterEach(() => vi.restoreAllMocks());

/** The EMF lines printed so far (other stdout lines are log lines). */
const emfLines = (): Emf[] =>
  stdout
    .flatMap((chunk) => chunk.split('\n'))
    .filter((line) => line.includes('"_aws"'))
    .map((line) => JSON.parse(line) as Emf);

/** What an alarm needs of a line: the namespace, every metric's unit, and the dimension sets of shared/metrics.ts. */
function expectShaped(line: Emf, keys: MetricKey[]) {
  const [directive] = line._aws.CloudWatchMetrics;
  expect(directive!.Namespace).toBe(METRICS_NAMESPACE);
  expect(directive!.Metrics).toEqual(keys.map((key) => ({ Name: METRIC_NAMES[key], Unit: METRIC_SHAPES[key].unit })));
  expect(directive!.Dimensions).toEqual(METRIC_SHAPES[keys[0]!].dimensionSets.map((set) => ['service', ...set]));
  expect(line.service).toBe(METRICS_SERVICE);
}

const principal: Principal = { userId: 'u1', userName: 'ada', userType: 'smart earner', isAdmin: false, isAgent: false, isCouponVendor: false };

function purchaseDeps(debit: Ledger['debitPurchase']): PurchaseDeps {
  return {
    ledger: { debitPurchase: debit } as Ledger,
    now: () => new Date('2026-01-01T10:00:00Z'),
    newId: () => 'T1',
    log: silentLogger,
  };
}

/** The record the ledger writes for a draft: its balances filled in. */
const booked = (draft: object) => ({ ...draft, balanceBeforeKobo: 1_000_00, balanceAfterKobo: 900_00 }) as TransactionRecord;

const buyMtnAirtime = (deps: PurchaseDeps) =>
  buyAirtimeOperation(deps)({ principal, body: { network: 1, mobile_number: '08031234567', amount: 100 } } as never);

describe('purchases', () => {
  it('an accepted purchase prints one EMF line: PurchaseAccepted, under service and under service × Product × Network — no user or phone', async () => {
    const answer = await buyMtnAirtime(purchaseDeps(async (draft) => ({ kind: 'posted', record: booked(draft) })));
    expect(answer.statusCode ?? 200).toBe(200);
    const lines = emfLines();
    expect(lines).toHaveLength(1);
    expectShaped(lines[0]!, ['purchaseAccepted']);
    expect(lines[0]).toMatchObject({ PurchaseAccepted: 1, Product: 'airtime', Network: 'MTN' });
    expect(JSON.stringify(lines[0])).not.toMatch(/08031234567|ada|u1/);
  });

  it('a replayed or refused purchase counts nothing', async () => {
    await buyMtnAirtime(purchaseDeps(async (draft) => ({ kind: 'replayed', record: booked(draft) })));
    await buyMtnAirtime(purchaseDeps(async () => ({ kind: 'insufficient_balance', balanceKobo: 0 })));
    expect(emfLines()).toEqual([]);
  });

  const purchase = { id: 'T1', trans_Type: 'data', trans_Network: 'GLO', supplier: 'GLAD' } as TransactionRecord;

  it('a settlement that won counts delivered, refunded or pending with its supplier; one that lost counts nothing', async () => {
    let wins = true;
    const store = meteredSettlements({
      settleSuccess: async () => (wins ? purchase : undefined),
      markPending: async () => wins,
    } as unknown as TransactionStore);
    const ledger = meteredRefunds({
      refundPurchase: async () => (wins ? { kind: 'refunded', purchase, refund: purchase } : { kind: 'already_refunded', purchase }),
    } as unknown as Ledger);
    const attempt = { supplier: 'GLAD', kind: 'submit', request: null, response: null, at: '', outcome: 'ambiguous', reason: 'x' } as const;
    await store.settleSuccess(purchase, {} as never);
    await ledger.refundPurchase('T1', { reason: 'failed', now: new Date() });
    await store.markPending('T1', [attempt], new Date());
    wins = false;
    await store.settleSuccess(purchase, {} as never);
    await ledger.refundPurchase('T1', { reason: 'failed', now: new Date() });
    await store.markPending('T1', [attempt], new Date());

    const [delivered, refunded, pending, ...more] = emfLines();
    expect(more).toEqual([]);
    expectShaped(delivered!, ['purchaseDelivered']);
    expect(delivered).toMatchObject({ PurchaseDelivered: 1, Supplier: 'GLAD', Product: 'data', Network: 'GLO' });
    expectShaped(refunded!, ['purchaseRefunded']);
    expect(refunded).toMatchObject({ PurchaseRefunded: 1, Supplier: 'GLAD' });
    expectShaped(pending!, ['purchasePending']);
    expect(pending).toMatchObject({ PurchasePending: 1, Supplier: 'GLAD' });
  });
});

describe('supplier calls', () => {
  const order = { requestId: 'T1', network: 'MTN', phoneNumber: '08031234567', faceValueKobo: 100_00 } as AirtimeOrder;
  const answering = (answer: Pick<SupplierCallResult, 'outcome' | 'reason'>): SupplierGateway => ({
    name: 'ALARO',
    protocol: 'msorg',
    buyAirtime: async () => ({ supplier: 'ALARO', ...answer, request: null, response: null }),
    buyData: async () => ({ supplier: 'ALARO', ...answer, request: null, response: null }),
    requery: async () => ({ supplier: 'ALARO', ...answer, request: null, response: null }),
  });
  /** A clock that advances 250 ms per reading. */
  const ticking = () => {
    let now = 0;
    return () => (now += 250);
  };

  it('name the outcome: delivered → success, definite failure → failure, no answer → timeout, other ambiguity → pending', () => {
    expect(supplierCallOutcome({ outcome: 'delivered', reason: 'successful' })).toBe('success');
    expect(supplierCallOutcome({ outcome: 'failed', reason: 'insufficient_balance' })).toBe('failure');
    expect(supplierCallOutcome({ outcome: 'ambiguous', reason: 'timeout' })).toBe('timeout');
    expect(supplierCallOutcome({ outcome: 'ambiguous', reason: 'network_error' })).toBe('timeout');
    expect(supplierCallOutcome({ outcome: 'ambiguous', reason: 'processing' })).toBe('pending');
  });

  it('each purchase call prints one line: the call, its latency in ms, per supplier and per supplier × outcome', async () => {
    await meteredGateway(answering({ outcome: 'delivered', reason: 'successful' }), ticking()).buyAirtime(order);
    const [line, ...more] = emfLines();
    expect(more).toEqual([]);
    expectShaped(line!, ['supplierCall', 'supplierCallLatency']);
    expect(line).toMatchObject({ SupplierCall: 1, SupplierCallLatency: 250, Supplier: 'ALARO', Outcome: 'success' });
  });

  it('a failure or no answer also counts SupplierCallFailed (the failure-rate alarm); re-queries are not purchase calls', async () => {
    const gateway = meteredGateway(answering({ outcome: 'ambiguous', reason: 'timeout' }), ticking());
    await gateway.buyAirtime(order);
    await gateway.requery({ requestId: 'T1' });
    const [line, ...more] = emfLines();
    expect(more).toEqual([]);
    expectShaped(line!, ['supplierCall', 'supplierCallLatency', 'supplierCallFailed']);
    expect(line).toMatchObject({ SupplierCallFailed: 1, Outcome: 'timeout' });
  });

  it('keep what the gateway offers: no electricity where it sells none, its protocol and name', () => {
    const gateway = meteredGateway(answering({ outcome: 'delivered', reason: 'ok' }));
    expect(gateway).toMatchObject({ name: 'ALARO', protocol: 'msorg' });
    expect(gateway.buyElectricity).toBeUndefined();
    expect(gateway.verifyMeter).toBeUndefined();
  });
});

describe('one flush per invocation', () => {
  const context = { awsRequestId: 'r1', functionName: 'Test' } as unknown as Context;

  it('payouts counted during an invocation are printed once, together, when it ends', async () => {
    const store = meteredPayouts({
      settleSuccess: async () => ({}) as never,
      refund: async () => ({ kind: 'refunded' }) as never,
    } as unknown as WithdrawalStore);
    const handler = backgroundFunction(async () => {
      await store.refund('W1', {} as never);
      await store.refund('W2', {} as never);
      await store.settleSuccess('W3', undefined, new Date());
      expect(emfLines()).toEqual([]);
    });
    await handler({}, context);
    const [line, ...more] = emfLines();
    expect(more).toEqual([]);
    expectShaped(line!, ['payoutFailed', 'payoutSucceeded']);
    expect(line).toMatchObject({ PayoutFailed: [1, 1], PayoutSucceeded: 1 });
  });

  it('a background function that counts nothing neither throws nor prints a metric line', async () => {
    await expect(backgroundFunction(async () => 'done')({}, context)).resolves.toBe('done');
    expect(emfLines()).toEqual([]);
  });

  it('an HTTP function that counts nothing neither throws nor prints a metric line', async () => {
    const answer = async () => ok({ fine: true });
    const handler = httpService('webhooks', { squadWebhook: answer, monnifyWebhook: answer, paystackWebhook: answer, vtpassWebhook: answer }, {} as EdgeDeps);
    const route = routeByOperation('squadWebhook');
    const path = `${API_BASE_PATH}${route.path}`;
    const event = {
      routeKey: `${route.method} ${path}`,
      rawPath: path,
      headers: {},
      requestContext: { http: { method: route.method, path, sourceIp: '127.0.0.1' } },
      body: '{}',
      isBase64Encoded: false,
    } as unknown as APIGatewayProxyEventV2;
    const response = await handler(event, context);
    expect(response).toMatchObject({ statusCode: 200 });
    expect(emfLines()).toEqual([]);
  });
});

describe('webhook deliveries to API users', () => {
  it('are counted by status word', () => {
    countWebhookDelivery('delivered');
    const [line] = emfLines();
    expectShaped(line!, ['webhookDelivery']);
    expect(line).toMatchObject({ WebhookDelivery: 1, Status: 'delivered' });
  });
});
