/**
 * Data purchases through fulfilment on DynamoDB Local with scripted suppliers: delivered, failover
 * after a definite failure, failure everywhere → refund, ambiguous → pending (no failover) →
 * re-query at the same supplier, duplicate deliveries, and the claim protocol's "at most one
 * submission per supplier". Plus the MSORG adapter's data wire format against a loopback panel.
 * After every scenario the buyer's ledger chain replays to the wallet.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dynamoCatalogue } from '../../../functions/adapters/dynamo/purchases/catalogue.js';
import { dynamoLedger } from '../../../functions/adapters/dynamo/wallet/ledger.js';
import { dynamoTransactions } from '../../../functions/adapters/dynamo/transactions/transactions.js';
import { parseSuppliersConfig } from '../../../functions/adapters/suppliers/suppliers-config.js';
import { MsorgSupplier } from '../../../functions/adapters/suppliers/msorg/gateway.js';
import { newPlan, type Plan } from '../../../functions/domain/products/data-plans.js';
import { fulfilPurchase } from '../../../functions/domain/purchases/fulfilment.js';
import type { SupplierOutcome } from '../../../functions/domain/purchases/purchase-state.js';
import { placeDataPurchase } from '../../../functions/domain/purchases/purchases.js';
import { sweepOne } from '../../../functions/domain/purchases/sweeper.js';
import type { DataOrder } from '../../../functions/domain/purchases/suppliers-port.js';
import { useDynamoDb } from '../../support/dynamo.js';
import { chainOf, directoryOf, FakeSupplier, fund, harness, IMMEDIATE_SWEEP, newUser } from '../money/fakes.js';

useDynamoDb();

let planIds = 7_000;
async function storedPlan(fields: Partial<Plan> = {}): Promise<Plan> {
  const check = newPlan(
    planIds++,
    { planType: 'MTN-CG', planName: '1GB', smartEarnerPrice: 275_00, resellerPrice: 267_00, apiPrice: 264_00, planCostPrice: 255_00 },
    { now: new Date() },
  );
  if (!check.ok) throw new Error(check.problem);
  const plan = { ...check.plan, supplierPlanIds: { ALARO: 22, GLAD: 1022 }, ...fields };
  await dynamoCatalogue.createPlan(plan);
  return plan;
}

/** A supplier that answers `outcome` on submission and `requery` on re-query, recording the data orders it got. */
class DataSupplier extends FakeSupplier {
  readonly orders: DataOrder[] = [];
  constructor(name: string, outcome: SupplierOutcome, requery: SupplierOutcome = 'ambiguous') {
    super(
      name,
      () => outcome,
      () => requery,
    );
  }
  override buyData(order: DataOrder) {
    this.orders.push(order);
    return super.buyData(order);
  }
}

async function buy(suppliers: FakeSupplier[], plan?: Plan) {
  const h = harness(directoryOf(...suppliers));
  const user = await newUser();
  await fund(user, 1_000_00);
  const p = plan ?? (await storedPlan());
  const placed = await placeDataPurchase(
    { userId: user.userId, userName: user.userName, userType: 'smart earner', network: 'MTN', phoneNumber: '08011111111', planId: p.planId },
    { ...h.purchase, catalogue: dynamoCatalogue },
  );
  if (placed.kind !== 'accepted') throw new Error(placed.kind);
  return { h, user, plan: p, id: placed.record.id };
}

async function expectChainOk(userId: string) {
  const { check } = await chainOf(userId);
  expect(check.ok).toBe(true);
}

describe('data fulfilment', () => {
  it('delivered at the chosen supplier: success, sent with that supplier’s own plan id, profit = price − cost', async () => {
    const alaro = new DataSupplier('ALARO', 'delivered');
    const glad = new DataSupplier('GLAD', 'delivered');
    const { h, user, id } = await buy([alaro, glad]);
    expect(await fulfilPurchase(id, h.fulfilment)).toBe('success');
    expect(alaro.orders).toEqual([
      // placedAt: when the purchase was placed (VTpass-style request ids are derived from it).
      {
        requestId: id,
        placedAt: expect.any(String),
        network: 'MTN',
        phoneNumber: '08011111111',
        planId: expect.any(Number),
        planName: '1GB',
        supplierPlanIds: { ALARO: 22, GLAD: 1022 },
        // The chosen supplier's cost of the plan: what its float must cover before it is called.
        costKobo: 255_00,
      },
    ]);
    expect(glad.submissionsOf(id)).toBe(0);
    expect(await dynamoTransactions.get(id)).toMatchObject({
      trans_Status: 'success',
      trans_Type: 'data',
      supplier: 'ALARO',
      submittedTo: ['ALARO'],
      amountKobo: 275_00,
      profitKobo: 20_00,
    });
    expect((await dynamoLedger.getWallet(user.userId)).balanceKobo).toBe(725_00);
    await expectChainOk(user.userId);
  });

  it('a definite failure at the chosen supplier fails over to the next, which delivers; every attempt is on the record', async () => {
    const alaro = new DataSupplier('ALARO', 'failed');
    const glad = new DataSupplier('GLAD', 'delivered');
    const { h, user, id } = await buy([alaro, glad]);
    expect(await fulfilPurchase(id, h.fulfilment)).toBe('success');
    const record = await dynamoTransactions.get(id);
    expect(record).toMatchObject({ trans_Status: 'success', supplier: 'GLAD', submittedTo: ['ALARO', 'GLAD'], profitKobo: 20_00 });
    expect(record!.attempts!.map((a) => [a.supplier, a.kind, a.outcome])).toEqual([
      ['ALARO', 'submit', 'failed'],
      ['GLAD', 'submit', 'delivered'],
    ]);
    // The failure is kept whole (apart); the delivery as its reading, in the settlement's write (decision 139).
    const [failed, delivered] = record!.attempts!;
    expect(failed).toMatchObject({ request: expect.anything(), response: expect.anything(), at: expect.any(String), reason: expect.any(String) });
    expect(delivered).toMatchObject({ at: expect.any(String), reason: expect.any(String) });
    expect(delivered).not.toHaveProperty('response');
    expect([alaro.submissionsOf(id), glad.submissionsOf(id)]).toEqual([1, 1]);
    expect((await dynamoLedger.getWallet(user.userId)).balanceKobo).toBe(725_00);
    await expectChainOk(user.userId);
  });

  it('a definite failure everywhere refunds: money back once, both attempts recorded', async () => {
    const alaro = new DataSupplier('ALARO', 'failed');
    const glad = new DataSupplier('GLAD', 'failed');
    const { h, user, id } = await buy([alaro, glad]);
    expect(await fulfilPurchase(id, h.fulfilment)).toBe('refunded');
    const record = await dynamoTransactions.get(id);
    expect(record).toMatchObject({ trans_Status: 'refunded', submittedTo: ['ALARO', 'GLAD'] });
    expect(record!.attempts!.map((a) => a.supplier)).toEqual(['ALARO', 'GLAD']);
    expect((await dynamoLedger.getWallet(user.userId)).balanceKobo).toBe(1_000_00);
    expect((await dynamoTransactions.listForUser(user.userId, { type: 'refund' })).length).toBe(1);
    await expectChainOk(user.userId);
  });

  it('an ambiguous answer never fails over: pending, the next supplier is not called, the re-query goes to the same supplier', async () => {
    const alaro = new DataSupplier('ALARO', 'ambiguous', 'delivered');
    const glad = new DataSupplier('GLAD', 'delivered');
    const { h, user, id } = await buy([alaro, glad]);
    expect(await fulfilPurchase(id, h.fulfilment)).toBe('pending');
    expect(glad.submissionsOf(id)).toBe(0);
    expect(await sweepOne(id, h.sweeper, IMMEDIATE_SWEEP)).toBe('success');
    expect(alaro.requeries.get(id)).toBe(1);
    expect(glad.requeries.get(id)).toBeUndefined();
    expect(await dynamoTransactions.get(id)).toMatchObject({ trans_Status: 'success', supplier: 'ALARO', profitKobo: 20_00 });
    await expectChainOk(user.userId);
  });

  it('after failover, an ambiguous answer from the second supplier is re-queried there, never resubmitted anywhere', async () => {
    const alaro = new DataSupplier('ALARO', 'failed');
    const glad = new DataSupplier('GLAD', 'ambiguous', 'failed');
    const { h, user, id } = await buy([alaro, glad]);
    expect(await fulfilPurchase(id, h.fulfilment)).toBe('pending');
    expect(await sweepOne(id, h.sweeper, IMMEDIATE_SWEEP)).toBe('refunded');
    expect(glad.requeries.get(id)).toBe(1);
    expect([alaro.submissionsOf(id), glad.submissionsOf(id)]).toEqual([1, 1]);
    expect((await dynamoLedger.getWallet(user.userId)).balanceKobo).toBe(1_000_00);
    await expectChainOk(user.userId);
  });

  it('duplicate and concurrent deliveries of the message: at most one submission per supplier, one outcome', async () => {
    const alaro = new DataSupplier('ALARO', 'failed');
    const glad = new DataSupplier('GLAD', 'delivered');
    const { h, user, id } = await buy([alaro, glad]);
    const results = await Promise.all(Array.from({ length: 6 }, () => fulfilPurchase(id, h.fulfilment)));
    expect(results.filter((r) => r === 'success')).toHaveLength(1);
    expect(results.filter((r) => r !== 'success').every((r) => r === 'claimed_elsewhere' || r === 'already_final')).toBe(true);
    expect(await fulfilPurchase(id, h.fulfilment)).toBe('already_final');
    expect([alaro.submissionsOf(id), glad.submissionsOf(id)]).toEqual([1, 1]);
    await expectChainOk(user.userId);
  });

  it('the store refuses to hand a purchase to a supplier it was already handed to', async () => {
    const { user, id } = await buy([new DataSupplier('ALARO', 'failed')]);
    const now = new Date();
    const attempt = {
      supplier: 'ALARO',
      kind: 'submit' as const,
      request: {},
      response: {},
      at: now.toISOString(),
      outcome: 'failed' as const,
      reason: 'test',
    };
    expect(await dynamoTransactions.claimSubmission(id, 'ALARO', now)).toMatchObject({ id, supplier: 'ALARO', submittedAt: now.toISOString() });
    expect(await dynamoTransactions.claimSubmission(id, 'GLAD', now)).toBeUndefined();
    expect(await dynamoTransactions.switchSupplier(id, 'ALARO', 'GLAD', attempt, now)).toBe(true);
    // Back to ALARO (already tried) is refused even when the caller names the current supplier right.
    expect(await dynamoTransactions.switchSupplier(id, 'GLAD', 'ALARO', { ...attempt, supplier: 'GLAD' }, now)).toBe(false);
    expect((await dynamoTransactions.get(id))!.submittedTo).toEqual(['ALARO', 'GLAD']);
    await dynamoLedger.refundPurchase(id, { reason: 'test cleanup', now });
    await expectChainOk(user.userId);
  });

  it('a plan changed or deleted after the purchase does not change what is delivered (the plan is kept on the purchase)', async () => {
    const alaro = new DataSupplier('ALARO', 'delivered');
    const plan = await storedPlan({ supplierPlanIds: { ALARO: 5 } });
    const { h, id } = await buy([alaro], plan);
    await dynamoCatalogue.deletePlan(plan.planId);
    expect(await fulfilPurchase(id, h.fulfilment)).toBe('success');
    expect(alaro.orders[0]).toMatchObject({ planId: plan.planId, supplierPlanIds: { ALARO: 5 } });
  });
});

describe('the MSORG adapter: data', () => {
  let server: Server;
  let baseUrl = '';
  const seen: { url: string; body: any }[] = [];
  beforeAll(async () => {
    server = createServer((req, res) => {
      let text = '';
      req.on('data', (c) => (text += c));
      req.on('end', () => {
        const body = text ? JSON.parse(text) : undefined;
        seen.push({ url: req.url!, body });
        const failed = body?.mobile_number === '08022222222';
        res.writeHead(failed ? 400 : 200, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify(
            failed ? { error: ['Transaction failed'], Status: 'failed' } : { id: 501, Status: 'successful', api_response: 'gifted 1GB', plan_name: '1GB' },
          ),
        );
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const gateway = (name: 'ALARO' | 'GLAD' = 'GLAD') =>
    new MsorgSupplier({
      config: parseSuppliersConfig(JSON.stringify([{ name, protocol: 'msorg', baseUrl, networkIds: { MTN: 1, GLO: 2, '9MOBILE': 3, AIRTEL: 4 } }]))[0]!,
      token: async () => 'secret',
      timeoutMs: 2_000,
    });
  const order: DataOrder = {
    requestId: 'TXN-DATA-1',
    network: 'AIRTEL',
    phoneNumber: '08011111111',
    planId: 54,
    planName: '1GB',
    supplierPlanIds: { ALARO: 54, GLAD: 1054 },
  };

  it('POST /api/data/ with the panel’s own network id and plan id and our request_id; successful → delivered', async () => {
    const result = await gateway().buyData(order);
    expect(seen.at(-1)).toEqual({
      url: '/api/data/',
      body: { network: 4, mobile_number: '08011111111', plan: 1054, Ported_number: true, request_id: 'TXN-DATA-1' },
    });
    expect(result).toMatchObject({ supplier: 'GLAD', outcome: 'delivered', supplierReference: '501', apiResponse: 'gifted 1GB', httpStatus: 200 });
  });

  it('a panel refusal (400 failed) is a definite failure', async () => {
    expect(await gateway().buyData({ ...order, phoneNumber: '08022222222' })).toMatchObject({ outcome: 'failed', reason: 'http_400' });
  });

  it('a plan the supplier has no id for is a definite failure without any call (so the next supplier is tried)', async () => {
    const before = seen.length;
    expect(await gateway().buyData({ ...order, supplierPlanIds: { ALARO: 54 } })).toMatchObject({ outcome: 'failed', reason: 'plan_not_mapped' });
    expect(seen.length).toBe(before);
  });
});
