/**
 * The catalogue, admin settings, contacts and data purchases through their real Lambda handlers
 * (token check, principal from the table, route access) on DynamoDB Local. The fulfilment queue is
 * absent on purpose: purchases are still answered (the sweeper would heal the hand-off).
 */
import { drainOutbox } from '../../support/outbox.js';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';

vi.hoisted(() => {
  process.env.JWT_SECRET = 'test-secret-test-secret-test-secret-0123456789';
  process.env.POWERTOOLS_LOG_LEVEL = 'SILENT';
  // Nothing listens here: the hand-off fails and the purchase is still answered (the sweeper heals it).
  process.env.FULFILMENT_QUEUE_URL = 'http://127.0.0.1:9/queue/nobody-listens';
});

import { applyRate, formatNaira } from '../../../shared/money.js';
import { CATALOGUE_MSG, costAbovePriceMessage, MSG, priceBelowCostMessage, serviceLockedMessage } from '../../../shared/messages.js';
import { TABLE_KEYS } from '../../../shared/table.js';
import { dynamoCatalogue } from '../../../functions/adapters/dynamo/purchases/catalogue.js';
import { db, tableName } from '../../../functions/adapters/dynamo/client.js';
import { dynamoContacts, keepAllContacts } from '../../../functions/adapters/dynamo/accounts/contacts.js';
import { keys } from '../../../functions/adapters/dynamo/keys.js';
import { dynamoLedger } from '../../../functions/adapters/dynamo/wallet/ledger.js';
import { dynamoTransactions } from '../../../functions/adapters/dynamo/transactions/transactions.js';
import { seedCatalogue, SEED_PLANS } from '../../../functions/catalogue-seed.js';
import type { Contact } from '../../../functions/domain/accounts/contacts.js';
import { fulfilPurchase } from '../../../functions/domain/purchases/fulfilment.js';
import { handler as accounts } from '../../../functions/handlers/http/accounts.js';
import { handler as admin } from '../../../functions/handlers/http/admin.js';
import { handler as catalogue } from '../../../functions/handlers/http/catalogue.js';
import { handler as contacts } from '../../../functions/handlers/http/contacts.js';
import { handler as purchases } from '../../../functions/handlers/http/purchases.js';
import { handler as transactions } from '../../../functions/handlers/http/transactions.js';
import { hashPassword } from '../../../functions/domain/accounts/passwords.js';
import { useDynamoDb } from '../../support/dynamo.js';
import { chainOf, directoryOf, FakeSupplier, fund, harness, newUser } from '../money/fakes.js';
import { call, type Handler } from './http.js';
import type { Operation } from '../../../shared/routes.js';

useDynamoDb({ stream: true });

type User = Awaited<ReturnType<typeof newUser>>;
const adminUser = () => newUser('smart earner', { isAdmin: true });
const agentUser = () => newUser('smart earner', { isAgent: true });

let nextPlanId = 5_000;
async function addPlan(by: User, fields: Record<string, unknown> = {}) {
  const planId = nextPlanId++;
  const res = await call(catalogue, 'addPlan', by, {
    body: {
      planId,
      planType: 'MTN',
      planName: '1GB',
      planValidity: '30 days',
      smartEarnerPrice: 270,
      resellerPrice: 262,
      apiPrice: 259,
      planCostPrice: 250,
      ...fields,
    },
  });
  expect(res.status).toBe(201);
  return res.body.plan as { planId: number; [key: string]: unknown };
}

// First: auto-allocated plan ids of later tests would otherwise take seed ids.
describe('the catalogue seed', () => {
  it('seeds dozens of plans across every network and type, idempotently, keeping admin changes', async () => {
    const first = await seedCatalogue();
    expect(first.plansCreated).toBe(SEED_PLANS.length);
    expect(SEED_PLANS.length).toBeGreaterThanOrEqual(36);
    await dynamoCatalogue.replacePlan({ ...(await dynamoCatalogue.getPlan(2))!, smartEarnerPriceKobo: 299_00 }, (await dynamoCatalogue.getPlan(2))!.updatedAt);
    const second = await seedCatalogue();
    expect(second).toEqual({ plansCreated: 0, plansExisting: SEED_PLANS.length, costPricesCreated: 0 });
    expect((await dynamoCatalogue.getPlan(2))!.smartEarnerPriceKobo).toBe(299_00);
    const types = new Set((await dynamoCatalogue.listPlans()).map((p) => p.planType));
    expect([...types].sort()).toEqual(['9MOBILE', 'AIRTEL', 'GLO', 'MTN', 'MTN-CG', 'MTN-COUPON', 'MTN-SME2']);
    const seeded = new Set(SEED_PLANS.map(([id]) => id));
    for (const plan of (await dynamoCatalogue.listPlans()).filter((p) => seeded.has(p.planId))) {
      // Every tier covers the cost: no seeded plan sells at a loss.
      expect(plan.apiPriceKobo).toBeGreaterThan(plan.planCostPriceKobo);
      expect(plan.supplierPlanIds.ALARO).toBeDefined();
      expect(plan.supplierPlanIds.GLAD).toBeDefined();
    }
  });

  it('login returns the catalogue as subscriptionPlans; plan costs only for admins', async () => {
    await seedCatalogue();
    const password = 'plans-password-1';
    const user = await newUser();
    const { UpdateCommand } = await import('@aws-sdk/lib-dynamodb');
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.credential(user.userId),
        UpdateExpression: 'SET passwordHash = :h',
        ExpressionAttributeValues: { ':h': await hashPassword(password) },
      }),
    );
    const login = await call(accounts, 'login', undefined, { body: { userName: user.userName, password } });
    expect(login.status).toBe(200);
    const plans = login.body.subscriptionPlans;
    expect(plans.MTN.length).toBeGreaterThan(10);
    expect(plans.MTN_CG_PRICE.every((p: any) => p.plan_type === 'MTN-CG')).toBe(true);
    expect(plans.NMOBILE.every((p: any) => p.plan_network === '9MOBILE')).toBe(true);
    expect(plans.NETWORK.map((n: any) => n.id)).toEqual([1, 2, 3, 6]);
    expect(plans.DISCO.map((d: any) => d.id)).toEqual([18, 19, 20, 21, 22, 23, 24, 25, 26, 28, 29]);
    expect(plans.MTN[0]).toEqual(
      expect.objectContaining({
        id: expect.any(Number),
        _id: expect.any(String),
        plan_network: 'MTN',
        plan: expect.any(String),
        plan_amount: expect.any(Number),
        month_validate: expect.any(String),
        my_price: expect.any(Number),
        resellerPrice: expect.any(Number),
        apiPrice: expect.any(Number),
        planCostPrice: 0,
      }),
    );
  });
});

describe('plan manager (admin) and price updates (admin and agent)', () => {
  it('an admin adds a plan: 201 with the management view, naira at the edge', async () => {
    const a = await adminUser();
    const res = await call(catalogue, 'addPlan', a, {
      body: { planType: 'MTN-CG', planName: '2GB', planValidity: '30 days', smartEarnerPrice: '550', planCostPrice: 510 },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      msg: CATALOGUE_MSG.planAdded,
      plan: {
        planType: 'MTN-CG',
        plan_network: 'MTN',
        planName: '2GB',
        plan: '2GB',
        smartEarnerPrice: 550,
        resellerPrice: 550,
        apiPrice: 550,
        planCostPrice: 510,
        volumeRatio: 2,
        isAvailable: true,
      },
    });
    expect(res.body.plan._id).toBe(String(res.body.plan.planId));
    const stored = await dynamoCatalogue.getPlan(res.body.plan.planId);
    expect(stored).toMatchObject({ smartEarnerPriceKobo: 550_00, planCostPriceKobo: 510_00 });
  });

  it('adding is refused without a network ("Select a network"), with a taken id (409), and for agents and users (403)', async () => {
    const a = await adminUser();
    expect(await call(catalogue, 'addPlan', a, { body: { planName: '1GB', smartEarnerPrice: 100 } })).toEqual({
      status: 400,
      body: { msg: MSG.selectNetworkAdmin },
    });
    const plan = await addPlan(a);
    expect(await call(catalogue, 'addPlan', a, { body: { planId: plan.planId, planType: 'GLO', planName: '1GB', smartEarnerPrice: 300 } })).toEqual({
      status: 409,
      body: { msg: CATALOGUE_MSG.planIdTaken },
    });
    expect((await call(catalogue, 'addPlan', await agentUser(), { body: { planType: 'GLO', planName: '1GB', smartEarnerPrice: 100 } })).status).toBe(403);
    expect((await call(catalogue, 'addPlan', await newUser(), { body: { planType: 'GLO', planName: '1GB', smartEarnerPrice: 100 } })).status).toBe(403);
  });

  it('an admin edits and deletes a plan; an unknown plan is 404', async () => {
    const a = await adminUser();
    const plan = await addPlan(a);
    const edited = await call(catalogue, 'updatePlan', a, { body: { planId: plan.planId, isAvailable: false, planValidity: '7 days' } });
    expect(edited).toMatchObject({
      status: 200,
      body: { msg: CATALOGUE_MSG.planUpdated, plan: { isAvailable: false, planValidity: '7 days', smartEarnerPrice: 270 } },
    });
    expect((await call(catalogue, 'updatePlan', a, { body: { planId: 999_999, isAvailable: true } })).status).toBe(404);
    expect(await call(catalogue, 'deletePlan', a, { query: { planId: String(plan.planId) } })).toEqual({
      status: 200,
      body: { msg: CATALOGUE_MSG.planDeleted },
    });
    expect(await call(catalogue, 'deletePlan', a, { query: { planId: String(plan.planId) } })).toEqual({
      status: 404,
      body: { msg: CATALOGUE_MSG.planNotFound },
    });
    expect((await call(catalogue, 'deletePlan', await agentUser(), { query: { planId: '1' } })).status).toBe(403);
  });

  it('admins and agents update tier prices; nothing to change → "Please enter a valid value"; users → 403', async () => {
    const a = await adminUser();
    const plan = await addPlan(a);
    const agent = await agentUser();
    const res = await call(catalogue, 'updatePrice', agent, { body: { dataId: plan.planId, newPrice: { reseller: '255', price: '', api: 0 } } });
    expect(res).toMatchObject({ status: 200, body: { msg: CATALOGUE_MSG.priceUpdated, plan: { smartEarnerPrice: 270, resellerPrice: 255, apiPrice: 259 } } });
    expect(await call(catalogue, 'updatePrice', a, { body: { dataId: plan.planId, newPrice: {} } })).toEqual({
      status: 400,
      body: { msg: MSG.enterValidValue },
    });
    expect(await call(catalogue, 'updatePrice', a, { body: { dataId: plan.planId, newPrice: { price: 'abc' } } })).toEqual({
      status: 400,
      body: { msg: MSG.enterValidValue },
    });
    expect((await call(catalogue, 'updatePrice', await newUser(), { body: { dataId: plan.planId, newPrice: { price: 1 } } })).status).toBe(403);
    expect((await call(catalogue, 'listPlans', agent)).body.plans.some((p: any) => p.planId === plan.planId)).toBe(true);
    expect((await call(catalogue, 'listPlans', await newUser())).status).toBe(403);
  });

  it("rejection: no price below cost for anyone — an agent's ₦1 for a ₦250 plan, an admin's too, a new or edited plan: 400 naming the cost, nothing changed", async () => {
    const a = await adminUser();
    const plan = await addPlan(a);
    const belowCost = { status: 400, body: { msg: priceBelowCostMessage('₦250.00') } };
    expect(await call(catalogue, 'updatePrice', await agentUser(), { body: { dataId: plan.planId, newPrice: { price: 1 } } })).toEqual(belowCost);
    expect(await call(catalogue, 'updatePrice', a, { body: { dataId: plan.planId, newPrice: { api: 249.99 } } })).toEqual(belowCost);
    expect(await call(catalogue, 'updatePlan', a, { body: { planId: plan.planId, resellerPrice: 100 } })).toEqual(belowCost);
    expect(await call(catalogue, 'addPlan', a, { body: { planType: 'MTN', planName: '1GB', smartEarnerPrice: 100, planCostPrice: 250 } })).toEqual(belowCost);
    expect(await dynamoCatalogue.getPlan(plan.planId)).toMatchObject({ smartEarnerPriceKobo: 270_00, resellerPriceKobo: 262_00, apiPriceKobo: 259_00 });
    // At cost is not below it.
    expect((await call(catalogue, 'updatePrice', a, { body: { dataId: plan.planId, newPrice: { api: 250 } } })).status).toBe(200);
  });

  it('rejection: a cost price that would put a plan under its price is refused, naming the plan; no plan is re-costed', async () => {
    const a = await adminUser();
    const plan = await addPlan(a, { planType: 'AIRTEL', planName: '1GB', smartEarnerPrice: 300, resellerPrice: 290, apiPrice: 280, planCostPrice: 260 });
    const before = (await dynamoCatalogue.listCostPrices()).find((c) => c.planType === 'AIRTEL');
    const refused = await call(catalogue, 'setCostPrice', a, { body: { network: 'AIRTEL', costPrice: 10_000 } });
    expect(refused.status).toBe(400);
    // The first AIRTEL plan found is named with what it would cost (₦10,000 per GB × its volume).
    const airtel = (await dynamoCatalogue.listPlans()).filter((p) => p.planType === 'AIRTEL');
    const named = airtel.map((p) => costAbovePriceMessage(formatNaira(applyRate(10_000_00, Math.round(p.volumeRatio * 10_000))), p.planId));
    expect(named).toContain(refused.body.msg);
    expect((await dynamoCatalogue.listCostPrices()).find((c) => c.planType === 'AIRTEL')).toEqual(before);
    expect((await dynamoCatalogue.getPlan(plan.planId))!.planCostPriceKobo).toBe(260_00);
  });

  it('a cost price re-costs every plan of its type by volume and no other; zero → "enter a valid price"', async () => {
    const a = await adminUser();
    const sme2Half = await addPlan(a, { planType: 'MTN-SME2', planName: '500MB' });
    const sme2Two = await addPlan(a, { planType: 'MTN-SME2', planName: '2GB', smartEarnerPrice: 570, resellerPrice: 560, apiPrice: 555 });
    const glo = await addPlan(a, { planType: 'GLO', planName: '1GB' });
    const res = await call(catalogue, 'setCostPrice', a, { body: { network: 'MTN-SME2', costPrice: 265 } });
    expect(res).toMatchObject({ status: 200, body: { msg: CATALOGUE_MSG.costPriceUpdated, costPrice: { network: 'MTN-SME2', costPrice: 265 } } });
    expect(res.body.plansUpdated).toBeGreaterThanOrEqual(2);
    expect((await dynamoCatalogue.getPlan(sme2Half.planId))!.planCostPriceKobo).toBe(132_50);
    expect((await dynamoCatalogue.getPlan(sme2Two.planId))!.planCostPriceKobo).toBe(530_00);
    expect((await dynamoCatalogue.getPlan(glo.planId))!.planCostPriceKobo).toBe(250_00);
    expect(await call(catalogue, 'setCostPrice', a, { body: { network: 'MTN-SME2', costPrice: 0 } })).toEqual({
      status: 400,
      body: { msg: MSG.enterValidPrice },
    });
    expect(await call(catalogue, 'setCostPrice', a, { body: { costPrice: 10 } })).toEqual({ status: 400, body: { msg: MSG.selectNetworkAdmin } });
    const listed = await call(catalogue, 'listCostPrices', a);
    // Bare array: what the original admin screen maps (client/src/context/UserContext.js, getCostPriceAndSupplier).
    expect(listed.body).toHaveLength(7);
    expect(listed.body).toContainEqual(expect.objectContaining({ network: 'MTN-SME2', costPrice: 265 }));
    expect((await call(catalogue, 'setCostPrice', await agentUser(), { body: { network: 'GLO', costPrice: 1 } })).status).toBe(403);
  });

  it('the public price list needs no login and shows only available plans; POST /prices filters by network', async () => {
    const a = await adminUser();
    const visible = await addPlan(a, { planType: 'AIRTEL', planName: '750MB', smartEarnerPrice: 210.5, planCostPrice: 190 });
    const hidden = await addPlan(a, { planType: 'AIRTEL', planName: '3GB', isAvailable: false });
    const all = await call(catalogue, 'listPrices', undefined);
    expect(all.status).toBe(200);
    expect(Array.isArray(all.body)).toBe(true);
    const row = all.body.find((r: any) => r.id === visible.planId);
    expect(row).toEqual({
      _id: String(visible.planId),
      id: visible.planId,
      plan_network: 'AIRTEL',
      plan_type: 'AIRTEL',
      plan: '750MB',
      plan_amount: 210.5,
      my_price: 210.5,
      resellerPrice: 262,
      apiPrice: 259,
      month_validate: '30 days validity',
      isAvailable: true,
    });
    expect(all.body.some((r: any) => r.id === hidden.planId)).toBe(false);
    const airtel = await call(catalogue, 'filterPrices', undefined, { body: { network: 3 } });
    expect(airtel.body.length).toBeGreaterThan(0);
    expect(airtel.body.every((r: any) => r.plan_network === 'AIRTEL')).toBe(true);
    expect(await call(catalogue, 'filterPrices', undefined, { body: {} })).toEqual({ status: 400, body: { msg: MSG.selectNetwork } });
    // The original's plan screen posts whatever network is selected; one we do not sell lists nothing.
    expect(await call(catalogue, 'filterPrices', undefined, { body: { network: 'VODAFONE' } })).toEqual({ status: 200, body: [] });
  });
});

describe('service locks', () => {
  it('an admin locks MTN data: buying MTN data is refused before any debit; airtime and other networks go on; unlocking restores it', async () => {
    const a = await adminUser();
    const plan = await addPlan(a, { planType: 'MTN', planName: '1GB' });
    const gloPlan = await addPlan(a, { planType: 'GLO', planName: '1GB' });
    const buyer = await newUser();
    await fund(buyer, 1_000_00);
    const locked = await call(admin, 'updateServices', a, { body: { serviceName: 'MTN', serviceType: 'data', serviceStatus: 'locked' } });
    expect(locked).toMatchObject({ status: 200, body: { msg: CATALOGUE_MSG.serviceUpdated, service: { _id: 'data:MTN', serviceStatus: 'locked' } } });
    try {
      expect(await call(purchases, 'buyData', buyer, { body: { network: 1, mobile_number: '08011111111', plan: plan.planId } })).toEqual({
        status: 400,
        body: { msg: serviceLockedMessage('MTN', 'data') },
      });
      expect((await dynamoLedger.getWallet(buyer.userId)).balanceKobo).toBe(1_000_00);
      expect((await dynamoTransactions.listForUser(buyer.userId, { type: 'data' })).length).toBe(0);
      expect((await call(purchases, 'buyData', buyer, { body: { network: 2, mobile_number: '08011111111', plan: gloPlan.planId } })).status).toBe(200);
      expect((await call(purchases, 'buyAirtime', buyer, { body: { network: 1, mobile_number: '08011111111', amount: 100 } })).status).toBe(200);
      const services = await call(admin, 'checkServices', a);
      // Bare array with isAvailable beside serviceStatus (client/src/context/UserContext.js, checkServices).
      expect(services.body).toContainEqual(
        expect.objectContaining({ _id: 'data:MTN', serviceName: 'MTN', serviceType: 'data', serviceStatus: 'locked', isAvailable: false }),
      );
      expect(services.body).toContainEqual(expect.objectContaining({ _id: 'airtime:MTN', serviceStatus: 'available', isAvailable: true }));
    } finally {
      await call(admin, 'updateServices', a, { body: { serviceName: 'MTN', serviceType: 'data', serviceStatus: 'available' } });
    }
    expect((await call(purchases, 'buyData', buyer, { body: { network: 1, mobile_number: '08011111111', plan: plan.planId } })).status).toBe(200);
  });

  it('locking MTN-CG data refuses only CG plans; locking GLO airtime refuses GLO airtime with no debit', async () => {
    const a = await adminUser();
    const cg = await addPlan(a, { planType: 'MTN-CG', planName: '1GB' });
    const sme = await addPlan(a, { planType: 'MTN', planName: '1GB' });
    const buyer = await newUser();
    await fund(buyer, 1_000_00);
    await call(admin, 'updateServices', a, { body: { serviceName: 'MTN-CG', serviceType: 'data', serviceStatus: false } });
    await call(admin, 'updateServices', a, { body: { serviceName: 'GLO', serviceType: 'airtime', serviceStatus: 'disable' } });
    try {
      expect((await call(purchases, 'buyData', buyer, { body: { network: 1, mobile_number: '08011111111', plan: cg.planId } })).body.msg).toBe(
        serviceLockedMessage('MTN-CG', 'data'),
      );
      expect((await call(purchases, 'buyData', buyer, { body: { network: 1, mobile_number: '08011111111', plan: sme.planId } })).status).toBe(200);
      expect(await call(purchases, 'buyAirtime', buyer, { body: { network: 2, mobile_number: '08011111111', amount: 100 } })).toEqual({
        status: 400,
        body: { msg: serviceLockedMessage('GLO', 'airtime') },
      });
      expect((await dynamoLedger.getWallet(buyer.userId)).balanceKobo).toBe(1_000_00 - 270_00);
    } finally {
      await call(admin, 'updateServices', a, { body: { serviceName: 'MTN-CG', serviceType: 'data', serviceStatus: true } });
      await call(admin, 'updateServices', a, { body: { serviceName: 'GLO', serviceType: 'airtime', serviceStatus: 'enable' } });
    }
    expect((await chainOf(buyer.userId)).check.ok).toBe(true);
  });

  it('only admins manage locks and suppliers', async () => {
    const agent = await agentUser();
    expect((await call(admin, 'updateServices', agent, { body: { serviceName: 'MTN', serviceType: 'data', serviceStatus: 'locked' } })).status).toBe(403);
    expect((await call(admin, 'checkServices', agent)).status).toBe(403);
    expect((await call(admin, 'setSupplier', agent, { body: { network: 'MTN', supplierName: 'GLAD' } })).status).toBe(403);
  });

  it('the supplier per network defaults to ALARO; an admin chooses GLAD for one network', async () => {
    const a = await adminUser();
    const before = await call(admin, 'listSuppliers', a);
    // A bare array, as the original admin screen maps it (client/src/context/UserContext.js, fetchSupplier).
    expect(before.body).toEqual(['MTN', 'GLO', 'AIRTEL', '9MOBILE'].map((network) => ({ network, supplierName: 'ALARO', updatedAt: null })));
    const set = await call(admin, 'setSupplier', a, { body: { network: 'AIRTEL', supplierName: 'GLAD' } });
    expect(set).toMatchObject({ status: 200, body: { msg: CATALOGUE_MSG.supplierUpdated, supplier: { network: 'AIRTEL', supplierName: 'GLAD' } } });
    expect(set.body.suppliers).toContainEqual(expect.objectContaining({ network: 'AIRTEL', supplierName: 'GLAD' }));
    expect(await call(admin, 'setSupplier', a, { body: { network: 'AIRTEL', supplierName: 'ACME' } })).toEqual({
      status: 400,
      body: { msg: CATALOGUE_MSG.selectSupplier },
    });
    await call(admin, 'setSupplier', a, { body: { network: 'AIRTEL' } });
    expect((await call(admin, 'listSuppliers', a)).body).toContainEqual(expect.objectContaining({ network: 'AIRTEL', supplierName: 'ALARO' }));
  });
});

describe('buying data: tier pricing and profit', () => {
  it('a smart earner pays my_price, a reseller resellerPrice, an api user apiPrice; delivered → profit = price − cost', async () => {
    const a = await adminUser();
    const plan = await addPlan(a, { planType: 'GLO', planName: '2GB', smartEarnerPrice: 510, resellerPrice: 495, apiPrice: 490, planCostPrice: 480 });
    const alaro = new FakeSupplier('ALARO', () => 'delivered');
    const h = harness(directoryOf(alaro));
    const expected = { 'smart earner': 510, reseller: 495, 'api user': 490 } as const;
    for (const [userType, price] of Object.entries(expected) as [keyof typeof expected, number][]) {
      const buyer = await newUser(userType);
      await fund(buyer, 1_000_00);
      const bought = await call(purchases, 'buyData', buyer, { body: { network: 2, mobile_number: '08012345678', plan: String(plan.planId) } });
      expect(bought).toMatchObject({
        status: 200,
        body: {
          msg: CATALOGUE_MSG.dataProcessing,
          receipt: {
            trans_Type: 'data',
            trans_Status: 'processing',
            trans_amount: price,
            balance_After: 1000 - price,
            trans_Network: 'GLO 2GB',
            trans_volume: '2GB (30 days)',
          },
        },
      });
      expect(await fulfilPurchase(bought.body.receipt._id, h.fulfilment)).toBe('success');
      const record = await dynamoTransactions.get(bought.body.receipt._id);
      expect(record).toMatchObject({ trans_Status: 'success', costKobo: 480_00, profitKobo: (price - 480) * 100, supplier: 'ALARO' });
      // The user's whole history (a type filter reads counters summed from the stream, which this file does not run).
      const admins = await call(transactions, 'listTransactions', a, { query: { userName: buyer.userName } });
      expect(admins.body.transactions[0]).toMatchObject({ trans_profit: price - 480, trans_Status: 'success' });
      expect((await chainOf(buyer.userId)).check.ok).toBe(true);
    }
  });

  it('an unavailable plan, a plan of another network and an unknown plan are refused with no debit', async () => {
    const a = await adminUser();
    const off = await addPlan(a, { planType: 'MTN', isAvailable: false });
    const glo = await addPlan(a, { planType: 'GLO' });
    const buyer = await newUser();
    await fund(buyer, 500_00);
    expect(await call(purchases, 'buyData', buyer, { body: { network: 1, mobile_number: '08011111111', plan: off.planId } })).toEqual({
      status: 400,
      body: { msg: CATALOGUE_MSG.planUnavailable },
    });
    expect(await call(purchases, 'buyData', buyer, { body: { network: 1, mobile_number: '08011111111', plan: glo.planId } })).toEqual({
      status: 400,
      body: { msg: CATALOGUE_MSG.planNotForNetwork },
    });
    expect(await call(purchases, 'buyData', buyer, { body: { network: 1, mobile_number: '08011111111', plan: 987_654 } })).toEqual({
      status: 400,
      body: { msg: CATALOGUE_MSG.planUnavailable },
    });
    expect(await call(purchases, 'buyData', buyer, { body: { network: 4, mobile_number: '08011111111', plan: glo.planId } })).toEqual({
      status: 400,
      body: { msg: MSG.invalidNetwork },
    });
    expect(await call(purchases, 'buyData', buyer, { body: { network: 2, mobile_number: '08011111111' } })).toEqual({
      status: 400,
      body: { msg: MSG.provideAllValues },
    });
    const poor = await newUser();
    expect(await call(purchases, 'buyData', poor, { body: { network: 2, mobile_number: '08011111111', plan: glo.planId } })).toEqual({
      status: 400,
      body: { msg: MSG.insufficientBalance },
    });
    expect((await dynamoLedger.getWallet(buyer.userId)).balanceKobo).toBe(500_00);
  });
});

describe('contacts', () => {
  const raw = async (userId: string, contactId: string) =>
    (await db().send(new GetCommand({ TableName: tableName(), Key: keys.contact(userId, contactId), ConsistentRead: true }))).Item;
  /** The old 30-day expiry (the table's TTL attribute) on a contact, as contacts saved while contacts still expired carry it. */
  const setRaw = async (userId: string, contactId: string, expiresAt: number) =>
    db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.contact(userId, contactId),
        UpdateExpression: 'SET #ttl = :expiry',
        ExpressionAttributeNames: { '#ttl': TABLE_KEYS.ttlAttribute },
        ExpressionAttributeValues: { ':expiry': expiresAt },
      }),
    );

  it('saving a contact stores it under the user’s partition with no TTL attribute (kept until deleted); the list returns it', async () => {
    const user = await newUser();
    const saved = await call(contacts, 'addContact', user, { body: { contactName: 'Mum', contactNumber: '08033333333' } });
    expect(saved).toMatchObject({
      status: 201,
      body: { msg: CATALOGUE_MSG.contactSaved, contact: { contactName: 'Mum', contactNumber: '08033333333', contactNetwork: 'MTN' } },
    });
    expect(saved.body.contactList).toHaveLength(1);
    const item = await raw(user.userId, saved.body.contact._id);
    expect(item!.pk).toBe(`USER#${user.userId}`);
    expect(item![TABLE_KEYS.ttlAttribute]).toBeUndefined();
    expect((await call(contacts, 'listContacts', user)).body).toEqual({ contactList: saved.body.contactList });
    expect(await call(contacts, 'addContact', user, { body: { contactNumber: '08033333333' } })).toEqual({ status: 400, body: { msg: MSG.allFieldsRequired } });
  });

  it('edits and deletes only the owner’s contacts: someone else’s id is 404 and stays untouched', async () => {
    const owner = await newUser();
    const other = await newUser();
    const saved = await call(contacts, 'addContact', owner, { body: { contactName: 'Dad', contactNumber: '08044444444', contactNetwork: 'GLO' } });
    const id = saved.body.contact._id as string;
    expect(await call(contacts, 'updateContact', other, { params: { id }, body: { contactName: 'Hacked' } })).toEqual({
      status: 404,
      body: { msg: CATALOGUE_MSG.contactNotFound },
    });
    expect(await call(contacts, 'deleteContact', other, { params: { id } })).toEqual({ status: 404, body: { msg: CATALOGUE_MSG.contactNotFound } });
    const edited = await call(contacts, 'updateContact', owner, { params: { id }, body: { contactName: 'Daddy', contactNetwork: 'AIRTEL' } });
    expect(edited).toMatchObject({
      status: 200,
      body: { msg: CATALOGUE_MSG.contactUpdated, contact: { contactName: 'Daddy', contactNetwork: 'AIRTEL', contactNumber: '08044444444' } },
    });
    expect(await call(contacts, 'updateContact', owner, { params: { id }, body: {} })).toEqual({ status: 400, body: { msg: MSG.allFieldsRequired } });
    expect(await call(contacts, 'deleteContact', owner, { params: { id } })).toMatchObject({
      status: 200,
      body: { msg: CATALOGUE_MSG.contactDeleted, contactList: [] },
    });
    expect((await call(contacts, 'listContacts', other)).body.contactList).toEqual([]);
  });

  it('an id no contact can have (bad characters, over 64) is not found; one over the edge bound is refused', async () => {
    const user = await newUser();
    for (const id of ['a#b', 'x'.repeat(65)]) {
      expect(await call(contacts, 'updateContact', user, { params: { id }, body: { contactName: 'X' } })).toEqual({
        status: 404,
        body: { msg: CATALOGUE_MSG.contactNotFound },
      });
      expect(await call(contacts, 'deleteContact', user, { params: { id } })).toEqual({ status: 404, body: { msg: CATALOGUE_MSG.contactNotFound } });
    }
    expect(await call(contacts, 'deleteContact', user, { params: { id: 'x'.repeat(3_000) } })).toEqual({ status: 400, body: { msg: 'id is invalid' } });
  });

  it('a contact stays however long it is unused; one saved with the old 30-day expiry loses it when listed, edited or bought for, and the migration removes it from all', async () => {
    const user = await newUser();
    const t0 = new Date('2030-01-01T00:00:00.000Z');
    const day = 24 * 3600 * 1000;
    const contact = (id: string, number: string): Contact => ({
      contactId: id,
      userId: user.userId,
      contactName: id,
      contactNumber: number,
      contactNetwork: 'MTN',
      createdAt: t0.toISOString(),
      lastUsedAt: t0.toISOString(),
    });
    await dynamoContacts.create(contact('idle', '08011110003'));
    expect((await raw(user.userId, 'idle'))![TABLE_KEYS.ttlAttribute]).toBeUndefined();
    // A year on, unused: still listed, still editable.
    expect((await dynamoContacts.list(user.userId)).map((c) => c.contactId)).toEqual(['idle']);
    expect(await dynamoContacts.update(user.userId, 'idle', { contactName: 'still here' }, new Date(t0.getTime() + 365 * day))).toMatchObject({
      contactName: 'still here',
    });

    // Contacts saved before the change carry the table's TTL attribute, one already past it (TTL lags).
    const past = Math.floor((Date.now() - day) / 1000);
    for (const id of ['old-listed', 'old-edited', 'old-bought']) {
      await dynamoContacts.create(contact(id, id === 'old-bought' ? '08011110009' : '08011110008'));
      await setRaw(user.userId, id, past);
    }
    const listed = await dynamoContacts.list(user.userId);
    expect(listed.map((c) => c.contactId).sort()).toEqual(['idle', 'old-bought', 'old-edited', 'old-listed']);
    // The reading rule: listing removed every old expiry, so DynamoDB's TTL has nothing to delete.
    for (const id of ['old-listed', 'old-edited', 'old-bought']) expect((await raw(user.userId, id))![TABLE_KEYS.ttlAttribute]).toBeUndefined();

    // Writes remove it too.
    await setRaw(user.userId, 'old-edited', past);
    await setRaw(user.userId, 'old-bought', past);
    await dynamoContacts.update(user.userId, 'old-edited', { contactName: 'edited' }, new Date());
    expect((await raw(user.userId, 'old-edited'))![TABLE_KEYS.ttlAttribute]).toBeUndefined();
    expect(await dynamoContacts.touchNumber(user.userId, '08011110009', new Date())).toBe(1);
    expect((await raw(user.userId, 'old-bought'))![TABLE_KEYS.ttlAttribute]).toBeUndefined();

    // The migration: every contact still carrying an expiry loses it; nothing else is touched; a second run finds none.
    await setRaw(user.userId, 'old-listed', past);
    const dry = await keepAllContacts({ dryRun: true });
    expect(dry.examined).toBeGreaterThanOrEqual(1);
    expect((await raw(user.userId, 'old-listed'))![TABLE_KEYS.ttlAttribute]).toBe(past);
    const run = await keepAllContacts({ dryRun: false });
    expect(run.kept).toBeGreaterThanOrEqual(1);
    expect((await raw(user.userId, 'old-listed'))![TABLE_KEYS.ttlAttribute]).toBeUndefined();
    expect((await keepAllContacts({ dryRun: false })).examined).toBe(0);
  });

  it('a purchase refreshes only the buyer’s contacts of that number, through the HTTP purchase path and the table stream too', async () => {
    const buyer = await newUser();
    const stranger = await newUser();
    await fund(buyer, 1_000_00);
    const mine = await call(contacts, 'addContact', buyer, { body: { contactName: 'Sis', contactNumber: '08055550000' } });
    const theirs = await call(contacts, 'addContact', stranger, { body: { contactName: 'Sis', contactNumber: '08055550000' } });
    const mineBefore = (await raw(buyer.userId, mine.body.contact._id))!;
    const theirsBefore = (await raw(stranger.userId, theirs.body.contact._id))!;
    await new Promise((r) => setTimeout(r, 1_100));
    expect((await call(purchases, 'buyAirtime', buyer, { body: { network: 1, mobile_number: '08055550000', amount: 100 } })).status).toBe(200);
    // Off the request path: the table's stream refreshes them.
    await drainOutbox({ queue: { enqueue: async () => undefined }, events: { transactionSettled: async () => undefined }, contacts: dynamoContacts });
    const mineAfter = (await raw(buyer.userId, mine.body.contact._id))!;
    expect(mineAfter[TABLE_KEYS.ttlAttribute]).toBeUndefined();
    expect(mineAfter.lastUsedAt > (mineBefore.lastUsedAt as string)).toBe(true);
    expect(await raw(stranger.userId, theirs.body.contact._id)).toEqual(theirsBefore);
  });
});

describe('contacts are looked up only for numbers they may be saved under', () => {
  it('a purchase to a number none of the buyer’s contacts was saved under costs no contacts look-up; one to a saved number does', async () => {
    const buyer = await newUser();
    await fund(buyer, 1_000_00);
    await call(contacts, 'addContact', buyer, { body: { contactName: 'Bro', contactNumber: '08066660000' } });
    const stranger = await call(purchases, 'buyAirtime', buyer, { body: { network: 1, mobile_number: '08066661111', amount: 100 } });
    const saved = await call(purchases, 'buyAirtime', buyer, { body: { network: 1, mobile_number: '08066660000', amount: 100 } });
    expect((await dynamoTransactions.get(stranger.body.receipt._id))?.toSavedContact).toBe(false);
    expect((await dynamoTransactions.get(saved.body.receipt._id))?.toSavedContact).toBe(true);
    const lookedUp: string[] = [];
    const touchNumber = async (userId: string, number: string) => (userId === buyer.userId && lookedUp.push(number), 0);
    await drainOutbox({ queue: { enqueue: async () => undefined }, events: { transactionSettled: async () => undefined }, contacts: { touchNumber } });
    expect(lookedUp).toEqual(['08066660000']);
  });
});

// Last: random inputs may create plans or contacts.
describe('any input yields a well-formed answer', () => {
  it('every catalogue, admin, contact and data-purchase operation answers below 500 with JSON, whatever the body', async () => {
    const a = await adminUser();
    await fund(a, 100_00);
    const operations: [Handler, Operation][] = [
      [catalogue, 'filterPrices'],
      [catalogue, 'addPlan'],
      [catalogue, 'updatePlan'],
      [catalogue, 'updatePrice'],
      [catalogue, 'setCostPrice'],
      [admin, 'setSupplier'],
      [admin, 'updateServices'],
      [contacts, 'addContact'],
      [contacts, 'updateContact'],
      [purchases, 'buyData'],
    ];
    const fieldNames = [
      'network',
      'planId',
      'dataId',
      'newPrice',
      'costPrice',
      'planType',
      'planName',
      'smartEarnerPrice',
      'supplierName',
      'serviceName',
      'serviceType',
      'serviceStatus',
      'contactName',
      'contactNumber',
      'mobile_number',
      'plan',
      'volumeRatio',
      'supplierPlanIds',
    ];
    const body = fc.oneof(fc.jsonValue(), fc.dictionary(fc.constantFrom(...fieldNames), fc.jsonValue()));
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...operations), body, fc.string({ maxLength: 70 }), async ([handler, operation], input, id) => {
        const res = await call(handler, operation, a, { body: input, params: { id }, query: { planId: id } });
        expect(res.status).toBeGreaterThanOrEqual(200);
        expect(res.status).toBeLessThan(500);
        expect(res.body).not.toBeNull();
        if (res.status >= 400) expect(typeof res.body.msg).toBe('string');
      }),
      { numRuns: 150 },
    );
    expect(await call(catalogue, 'deletePlan', a, { query: { planId: '-1' } })).toEqual({ status: 400, body: { msg: CATALOGUE_MSG.planNotFound } });
  }, 60_000);
});
