/**
 * Airtime and data bought through the real fulfilment path with VTpass serving MTN: the domain,
 * the DynamoDB Local adapters, the real VTpass and MSORG adapters, and their simulators over HTTP
 * (the phone number decides the outcome). VTpass is tried first, an MSORG panel (GLAD) next.
 * Then data at the MSORG panel alone: processing → failed, and timeout → delivered.
 * The ledger invariants are checked after every scenario.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { dynamoCatalogue } from '../../../functions/adapters/dynamo/purchases/catalogue.js';
import { dynamoLedger } from '../../../functions/adapters/dynamo/wallet/ledger.js';
import { dynamoTransactions } from '../../../functions/adapters/dynamo/transactions/transactions.js';
import { newPlan } from '../../../functions/domain/products/data-plans.js';
import { fulfilPurchase } from '../../../functions/domain/purchases/fulfilment.js';
import { placeAirtimePurchase, placeDataPurchase, type DataPurchaseResult } from '../../../functions/domain/purchases/purchases.js';
import { sweepOne } from '../../../functions/domain/purchases/sweeper.js';
import type { SupplierDirectory } from '../../../functions/domain/purchases/suppliers-port.js';
import { SIM_NUMBERS } from '../../../infra/local/simulators/msorg.js';
import { VTPASS_SIM_PHONES as PHONE } from '../../../infra/local/simulators/vtpass.js';
import { useDynamoDb } from '../../support/dynamo.js';
import { fund, harness, IMMEDIATE_SWEEP, newUser } from '../money/fakes.js';
import { expectMoneyInvariants } from '../money-in-out/fakes.js';
import { useSimulatedSuppliers } from './simulated-suppliers.js';

useDynamoDb();

/** Our 1GB MTN plan: VTpass knows it as mtn-1gb-300, the GLAD panel as its plan 1002. */
const PLAN_ID = 9_001;
const sims = useSimulatedSuppliers({ [PLAN_ID]: 'mtn-1gb-300' });
const FUNDED = 2_000_00;

beforeAll(async () => {
  const check = newPlan(
    PLAN_ID,
    { planType: 'MTN', planName: '1GB', smartEarnerPrice: 300_00, resellerPrice: 290_00, apiPrice: 285_00, planCostPrice: 270_00 },
    { now: new Date() },
  );
  if (!check.ok) throw new Error(check.problem);
  await dynamoCatalogue.createPlan({ ...check.plan, supplierPlanIds: { GLAD: 1_002 } });
});

type Product = 'airtime' | 'data';

/** A funded user buys ₦100 of MTN airtime or the 1GB plan for `phone`; answers the open purchase. */
async function buy(product: Product, phone: string, directory: SupplierDirectory = sims.directory) {
  const h = harness(directory);
  const user = await newUser();
  await fund(user, FUNDED);
  const who = { userId: user.userId, userName: user.userName, userType: 'smart earner' as const, network: 'MTN' as const, phoneNumber: phone };
  const placed: DataPurchaseResult =
    product === 'airtime'
      ? await placeAirtimePurchase({ ...who, faceValueKobo: 100_00 }, h.purchase)
      : await placeDataPurchase({ ...who, planId: PLAN_ID }, { ...h.purchase, catalogue: dynamoCatalogue });
  if (placed.kind !== 'accepted') throw new Error(placed.kind);
  return { h, user, id: placed.record.id, chargedKobo: placed.record.amountKobo };
}

const balanceOf = async (userId: string) => (await dynamoLedger.getWallet(userId)).balanceKobo;
const refundsOf = async (userId: string) => (await dynamoTransactions.listForUser(userId, { type: 'refund' })).length;

describe.each<Product>(['airtime', 'data'])('VTpass %s through fulfilment', (product) => {
  it('delivered (000): success at VTpass, the panel never called, charged once', async () => {
    const { h, user, id, chargedKobo } = await buy(product, PHONE.delivered);
    expect(await fulfilPurchase(id, h.fulfilment)).toBe('success');
    expect(await dynamoTransactions.get(id)).toMatchObject({ trans_Status: 'success', supplier: 'VTPASS', submittedTo: ['VTPASS'] });
    expect(await sims.submissions(id)).toEqual({ vtpass: 1, panel: 0 });
    expect(await balanceOf(user.userId)).toBe(FUNDED - chargedKobo);
    await expectMoneyInvariants([user.userId]);
  });

  it('a definite failure at VTpass (016) fails over to the MSORG panel, which delivers; both attempts recorded', async () => {
    await sims.force('vtpass', 'failed');
    try {
      const { h, user, id, chargedKobo } = await buy(product, PHONE.delivered);
      expect(await fulfilPurchase(id, h.fulfilment)).toBe('success');
      const record = await dynamoTransactions.get(id);
      expect(record).toMatchObject({ trans_Status: 'success', supplier: 'GLAD', submittedTo: ['VTPASS', 'GLAD'] });
      expect(record!.attempts!.map((a) => `${a.supplier}:${a.outcome}`)).toEqual(['VTPASS:failed', 'GLAD:delivered']);
      expect(await sims.submissions(id)).toEqual({ vtpass: 1, panel: 1 });
      if (product === 'data') expect(sims.panel.callsReport(id).transactions?.[0]).toMatchObject({ plan: 1_002 });
      expect(await balanceOf(user.userId)).toBe(FUNDED - chargedKobo);
      await expectMoneyInvariants([user.userId]);
    } finally {
      await sims.force('vtpass', null);
    }
  });

  it('a definite failure everywhere is refunded exactly once', async () => {
    const { h, user, id } = await buy(product, PHONE.failed);
    expect(await fulfilPurchase(id, h.fulfilment)).toBe('refunded');
    expect(await fulfilPurchase(id, h.fulfilment)).toBe('already_final');
    expect(await sweepOne(id, h.sweeper, IMMEDIATE_SWEEP)).toBe('skipped');
    expect(await dynamoTransactions.get(id)).toMatchObject({ trans_Status: 'refunded', submittedTo: ['VTPASS', 'GLAD'] });
    expect(await balanceOf(user.userId)).toBe(FUNDED);
    expect(await refundsOf(user.userId)).toBe(1);
    await expectMoneyInvariants([user.userId]);
  });

  it('processing (099) stays pending without failover; the re-query at VTpass delivers', async () => {
    const { h, user, id, chargedKobo } = await buy(product, PHONE.processingThenDelivered);
    expect(await fulfilPurchase(id, h.fulfilment)).toBe('pending');
    expect(await sims.submissions(id)).toEqual({ vtpass: 1, panel: 0 });
    expect(await sweepOne(id, h.sweeper, IMMEDIATE_SWEEP)).toBe('success');
    expect(await dynamoTransactions.get(id)).toMatchObject({ trans_Status: 'success', supplier: 'VTPASS', submittedTo: ['VTPASS'] });
    expect(await balanceOf(user.userId)).toBe(FUNDED - chargedKobo);
    await expectMoneyInvariants([user.userId]);
  });

  it('pending then reversed by VTpass on re-query: refunded exactly once, never failed over', async () => {
    const { h, user, id, chargedKobo } = await buy(product, PHONE.pendingThenReversed);
    expect(await fulfilPurchase(id, h.fulfilment)).toBe('pending');
    expect(await balanceOf(user.userId)).toBe(FUNDED - chargedKobo);
    const sweeps = await Promise.all([sweepOne(id, h.sweeper, IMMEDIATE_SWEEP), sweepOne(id, h.sweeper, IMMEDIATE_SWEEP)]);
    expect(sweeps.filter((r) => r === 'refunded')).toHaveLength(1);
    expect(await sweepOne(id, h.sweeper, IMMEDIATE_SWEEP)).toBe('skipped');
    expect(await dynamoTransactions.get(id)).toMatchObject({ trans_Status: 'refunded', submittedTo: ['VTPASS'] });
    expect(await sims.submissions(id)).toEqual({ vtpass: 1, panel: 0 });
    expect(await balanceOf(user.userId)).toBe(FUNDED);
    expect(await refundsOf(user.userId)).toBe(1);
    await expectMoneyInvariants([user.userId]);
  });

  it('no answer in time (timeout) is pending, never failed over; the re-query finds it delivered', async () => {
    const { h, user, id, chargedKobo } = await buy(product, PHONE.timeoutThenDelivered);
    expect(await fulfilPurchase(id, h.fulfilment)).toBe('pending');
    expect(await sims.submissions(id)).toEqual({ vtpass: 1, panel: 0 });
    expect(await sweepOne(id, h.sweeper, IMMEDIATE_SWEEP)).toBe('success');
    expect(await dynamoTransactions.get(id)).toMatchObject({ trans_Status: 'success', supplier: 'VTPASS', submittedTo: ['VTPASS'] });
    expect(await sims.submissions(id)).toEqual({ vtpass: 1, panel: 0 });
    expect(await balanceOf(user.userId)).toBe(FUNDED - chargedKobo);
    await expectMoneyInvariants([user.userId]);
  });

  it('the queue delivering the message several times at once calls VTpass once and charges once', async () => {
    const { h, user, id, chargedKobo } = await buy(product, PHONE.delivered);
    const results = await Promise.all(Array.from({ length: 5 }, () => fulfilPurchase(id, h.fulfilment)));
    expect(results.filter((r) => r === 'success')).toHaveLength(1);
    expect(await fulfilPurchase(id, h.fulfilment)).toBe('already_final');
    expect(await sims.submissions(id)).toEqual({ vtpass: 1, panel: 0 });
    expect(await balanceOf(user.userId)).toBe(FUNDED - chargedKobo);
    await expectMoneyInvariants([user.userId]);
  });
});

describe('data at the MSORG panel (VTpass not serving the purchase)', () => {
  /** The panel alone: VTpass is removed from the chain for these. */
  const panelOnly: SupplierDirectory = {
    forNetwork: async (network, service) => (await sims.directory.forNetwork(network, service)).filter((g) => g.name === 'GLAD'),
    forElectricity: async () => [],
    byName: (name) => sims.directory.byName(name),
  };

  it('08044444444: processing, then failed on re-query → refunded exactly once', async () => {
    const { h, user, id } = await buy('data', SIM_NUMBERS.processingThenFailure, panelOnly);
    expect(await fulfilPurchase(id, h.fulfilment)).toBe('pending');
    expect(await sweepOne(id, h.sweeper, IMMEDIATE_SWEEP)).toBe('refunded');
    expect(await sweepOne(id, h.sweeper, IMMEDIATE_SWEEP)).toBe('skipped');
    expect(await dynamoTransactions.get(id)).toMatchObject({ trans_Status: 'refunded', supplier: 'GLAD', submittedTo: ['GLAD'] });
    expect((await sims.submissions(id)).panel).toBe(1);
    expect(await balanceOf(user.userId)).toBe(FUNDED);
    expect(await refundsOf(user.userId)).toBe(1);
    await expectMoneyInvariants([user.userId]);
  });

  it('08055555555: the answer times out → pending; the re-query finds it delivered (one submission)', async () => {
    const { h, user, id, chargedKobo } = await buy('data', SIM_NUMBERS.timeoutDelivered, panelOnly);
    expect(await fulfilPurchase(id, h.fulfilment)).toBe('pending');
    expect(await sweepOne(id, h.sweeper, IMMEDIATE_SWEEP)).toBe('success');
    expect(await dynamoTransactions.get(id)).toMatchObject({ trans_Status: 'success', supplier: 'GLAD', submittedTo: ['GLAD'] });
    expect((await sims.submissions(id)).panel).toBe(1);
    expect(await balanceOf(user.userId)).toBe(FUNDED - chargedKobo);
    await expectMoneyInvariants([user.userId]);
  });
});
