/**
 * Which plan id a panel is asked for. A plan keeps only the supplier plan ids an admin entered;
 * a panel without one for the plan is skipped for it (a definite failure before any call, so the
 * next supplier is tried) — never asked for our id, which means another plan at a panel that
 * numbers plans its own way (GLAD). Only a panel configured with `sharesOurPlanIds` is asked for
 * our id when none was entered; an entered id always wins.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dynamoCatalogue } from '../../../functions/adapters/dynamo/purchases/catalogue.js';
import { dynamoTransactions } from '../../../functions/adapters/dynamo/transactions/transactions.js';
import { parseSuppliersConfig, type SupplierConfig } from '../../../functions/adapters/suppliers/suppliers-config.js';
import { supplierDirectory } from '../../../functions/adapters/suppliers/index.js';
import { MsorgSupplier } from '../../../functions/adapters/suppliers/msorg/gateway.js';
import { newPlan } from '../../../functions/domain/products/data-plans.js';
import { fulfilPurchase } from '../../../functions/domain/purchases/fulfilment.js';
import { placeDataPurchase } from '../../../functions/domain/purchases/purchases.js';
import type { DataOrder } from '../../../functions/domain/purchases/suppliers-port.js';
import { MsorgSimulator } from '../../../infra/local/simulators/msorg.js';
import type { Listening } from '../../../infra/local/util.js';
import { useDynamoDb } from '../../support/dynamo.js';
import { serveSimulator } from '../electricity/support.js';
import { fund, harness, newUser } from '../money/fakes.js';
import { expectMoneyInvariants } from '../money-in-out/fakes.js';

useDynamoDb();

const NOW = new Date('2026-01-01T00:00:00Z');
const OUR_ID = 9_500;
const GLAD_ID = 1_950;
const TOKEN = 'panel-token';
const PANEL_PLAN = { name: '1GB', priceNaira: 250, network: 'MTN' };

describe('an admin-added plan keeps only the supplier ids entered', () => {
  it('none entered: no supplier gets an id (not ours by default)', () => {
    const check = newPlan(OUR_ID, { planType: 'MTN', planName: '1GB', smartEarnerPrice: 300_00 }, { now: NOW });
    expect(check.ok && check.plan.supplierPlanIds).toEqual({});
  });
  it('the ids entered are kept as entered, for those suppliers only', () => {
    const check = newPlan(OUR_ID, { planType: 'MTN', planName: '1GB', smartEarnerPrice: 300_00, supplierPlanIds: { GLAD: GLAD_ID } }, { now: NOW });
    expect(check.ok && check.plan.supplierPlanIds).toEqual({ GLAD: GLAD_ID });
  });
});

describe('the MSORG supplier configuration: sharesOurPlanIds', () => {
  const base = { protocol: 'msorg', baseUrl: 'https://panel.example.com', networkIds: { MTN: 1 } };
  it('absent means the panel numbers plans its own way; true is accepted; anything else is refused', () => {
    const [glad, alaro] = parseSuppliersConfig(
      JSON.stringify([
        { ...base, name: 'GLAD' },
        { ...base, name: 'ALARO', sharesOurPlanIds: true },
      ]),
    );
    expect(glad).not.toHaveProperty('sharesOurPlanIds', true);
    expect(alaro).toMatchObject({ name: 'ALARO', sharesOurPlanIds: true });
    expect(() => parseSuppliersConfig(JSON.stringify([{ ...base, name: 'ALARO', sharesOurPlanIds: 'yes' }]))).toThrow();
  });
});

describe('which plan id a panel is asked for (MSORG simulators over HTTP)', () => {
  const panels = {
    GLAD: new MsorgSimulator({ name: 'GLAD', token: TOKEN, networkIds: { MTN: 1 }, plans: { [GLAD_ID]: PANEL_PLAN } }),
    ALARO: new MsorgSimulator({ name: 'ALARO', token: TOKEN, networkIds: { MTN: 1 }, plans: { [OUR_ID]: PANEL_PLAN } }),
  };
  const servers: Listening[] = [];
  const configs: SupplierConfig[] = [];
  beforeAll(async () => {
    for (const [name, simulator] of Object.entries(panels)) {
      const { server, baseUrl } = await serveSimulator(simulator);
      servers.push(server);
      configs.push(
        parseSuppliersConfig(JSON.stringify([{ name, protocol: 'msorg', baseUrl, networkIds: { MTN: 1 }, sharesOurPlanIds: name === 'ALARO' }]))[0]!,
      );
    }
  });
  afterAll(async () => {
    for (const simulator of Object.values(panels)) simulator.close();
    for (const server of servers) await server.close();
  });
  const gateway = (name: 'GLAD' | 'ALARO') => new MsorgSupplier({ config: configs.find((c) => c.name === name)!, token: async () => TOKEN, timeoutMs: 2_000 });
  let n = 0;
  const order = (supplierPlanIds: DataOrder['supplierPlanIds']): DataOrder => ({
    requestId: `PLANID-${n++}`,
    network: 'MTN',
    phoneNumber: '08011111111',
    planId: OUR_ID,
    planName: '1GB',
    supplierPlanIds,
  });

  it('a panel numbering its own way without an entered id is skipped: a definite failure, nothing sent', async () => {
    const o = order({});
    expect(await gateway('GLAD').buyData(o)).toMatchObject({ outcome: 'failed', reason: 'plan_not_mapped' });
    expect(panels.GLAD.callsReport(o.requestId).count).toBe(0);
  });

  it('an entered id is what the panel is asked for, whether or not it shares our ids', async () => {
    expect(await gateway('GLAD').buyData(order({ GLAD: GLAD_ID }))).toMatchObject({ outcome: 'delivered', request: { body: { plan: GLAD_ID } } });
    expect(await gateway('ALARO').buyData(order({ ALARO: 77 }))).toMatchObject({ request: { body: { plan: 77 } } });
  });

  it('a panel configured to share our ids is asked for our id when none was entered', async () => {
    expect(await gateway('ALARO').buyData(order({}))).toMatchObject({ outcome: 'delivered', request: { body: { plan: OUR_ID } } });
  });

  it('through fulfilment: an admin-added plan without ids skips GLAD (never asked for a wrong plan) and ALARO delivers it with our id', async () => {
    const check = newPlan(OUR_ID, { planType: 'MTN', planName: '1GB', smartEarnerPrice: 300_00, planCostPrice: 250_00 }, { now: new Date() });
    if (!check.ok) throw new Error(check.problem);
    await dynamoCatalogue.createPlan(check.plan);
    // The admin chose GLAD for MTN: GLAD first, then ALARO.
    const directory = supplierDirectory(
      configs,
      (config) => new MsorgSupplier({ config, token: async () => TOKEN, timeoutMs: 2_000 }),
      async () => 'GLAD',
    );
    expect((await directory.forNetwork('MTN', 'data')).map((g) => g.name)).toEqual(['GLAD', 'ALARO']);
    const h = harness(directory);
    const user = await newUser();
    await fund(user, 1_000_00);
    const placed = await placeDataPurchase(
      { userId: user.userId, userName: user.userName, userType: 'smart earner', network: 'MTN', phoneNumber: '08011111111', planId: OUR_ID },
      { ...h.purchase, catalogue: dynamoCatalogue },
    );
    if (placed.kind !== 'accepted') throw new Error(placed.kind);
    const id = placed.record.id;
    expect(await fulfilPurchase(id, h.fulfilment)).toBe('success');
    const record = await dynamoTransactions.get(id);
    expect(record!.attempts!.map((a) => [a.supplier, a.outcome, a.reason])).toEqual([
      ['GLAD', 'failed', 'plan_not_mapped'],
      ['ALARO', 'delivered', expect.any(String)],
    ]);
    expect(panels.GLAD.callsReport(id).count).toBe(0);
    expect(panels.ALARO.callsReport(id).transactions?.[0]).toMatchObject({ plan: OUR_ID });
    await expectMoneyInvariants([user.userId]);
  });
});
