/**
 * Electricity on DynamoDB Local with a fake electricity supplier: placing (charge = amount + ₦50,
 * debit + `processing` atomically), fulfilment (delivered stores the supplier's token; definite
 * failure and reversal refund once; pending is re-queried until final), and the two HTTP routes
 * through the real middleware (an invalid meter's error in `name`). The ledger chain replays after
 * every scenario.
 */
import { describe, expect, it, vi } from 'vitest';

vi.hoisted(() => {
  process.env.JWT_SECRET = 'test-secret-test-secret-test-secret-0123456789';
  process.env.POWERTOOLS_LOG_LEVEL = 'SILENT';
});

import { ELECTRICITY_MSG } from '../../../shared/messages.js';
import { dynamoLedger } from '../../../functions/adapters/dynamo/wallet/ledger.js';
import { dynamoTransactions } from '../../../functions/adapters/dynamo/transactions/transactions.js';
import { fulfilPurchase } from '../../../functions/domain/purchases/fulfilment.js';
import type { SupplierOutcome } from '../../../functions/domain/purchases/purchase-state.js';
import { placeElectricityPurchase } from '../../../functions/domain/purchases/purchases.js';
import { silentLogger } from '../../../functions/domain/logger.js';
import { sweepOne } from '../../../functions/domain/purchases/sweeper.js';
import { toTransactionView } from '../../../functions/domain/transactions/transactions.js';
import { edge } from '../../../functions/handlers/http/edge.js';
import { buyElectricityOperation, validateMeterOperation, type ElectricityDeps } from '../../../functions/handlers/http/purchases.js';
import { httpService } from '../../../functions/middleware/http.js';
import type { ElectricityOrder, MeterCheck, MeterQuery, RequeryKey, SupplierCallResult } from '../../../functions/domain/purchases/suppliers-port.js';
import { useDynamoDb } from '../../support/dynamo.js';
import { call } from '../catalogue/http.js';
import { chainOf, directoryOf, FakeSupplier, fund, harness, IMMEDIATE_SWEEP, newUser } from '../money/fakes.js';

useDynamoDb({ stream: true });

const TOKEN = '12345678901234567890';

/** Scripted by meter number: what pay answers, what each requery answers; counts submissions. */
class FakeElectricitySupplier extends FakeSupplier {
  readonly orders: ElectricityOrder[] = [];
  private readonly meterOf = new Map<string, string>();
  constructor(
    name: string,
    private readonly script: Record<string, { pay: SupplierOutcome; requery?: SupplierOutcome; tokenOn?: 'pay' | 'requery' }>,
  ) {
    super(name, () => 'failed');
  }

  async buyElectricity(order: ElectricityOrder): Promise<SupplierCallResult> {
    this.orders.push(order);
    this.submissions.set(order.requestId, (this.submissions.get(order.requestId) ?? 0) + 1);
    this.meterOf.set(order.requestId, order.meterNumber);
    const plan = this.script[order.meterNumber] ?? { pay: 'delivered', tokenOn: 'pay' };
    return {
      supplier: this.name,
      outcome: plan.pay,
      reason: `fake_${plan.pay}`,
      supplierReference: `VT-${order.requestId}`,
      request: order,
      response: { outcome: plan.pay },
      ...(plan.pay === 'delivered' && plan.tokenOn !== 'requery' ? { electricity: { token: TOKEN, units: '9.5 kWh', customerName: 'ADA OBI' } } : {}),
    };
  }

  override async requery(key: RequeryKey): Promise<SupplierCallResult> {
    this.requeries.set(key.requestId, (this.requeries.get(key.requestId) ?? 0) + 1);
    const plan = this.script[this.meterOf.get(key.requestId) ?? ''];
    const outcome = plan?.requery ?? 'ambiguous';
    return {
      supplier: this.name,
      outcome,
      reason: `fake_${outcome}`,
      request: key,
      response: { outcome },
      ...(outcome === 'delivered' ? { electricity: { token: TOKEN, units: '4.8 kWh', customerName: 'ADA OBI', customerAddress: '1 Broad St' } } : {}),
    };
  }

  async verifyMeter(query: MeterQuery): Promise<MeterCheck> {
    if (query.meterNumber === '45022222222') return { kind: 'invalid', supplier: this.name, message: 'This meter is not correct' };
    if (query.meterNumber === '45099999999') return { kind: 'unavailable', supplier: this.name, reason: 'timeout' };
    return { kind: 'valid', supplier: this.name, customerName: 'ADA OBI', address: '1 Broad St', minPurchaseKobo: 1_500_00 };
  }
}

const SCRIPT = {
  '45011111111': { pay: 'delivered' as const },
  '45022222222': { pay: 'failed' as const },
  '45033333333': { pay: 'ambiguous' as const, requery: 'delivered' as const },
  '45044444444': { pay: 'ambiguous' as const, requery: 'failed' as const },
};

async function place(meterNumber: string, supplier = new FakeElectricitySupplier('VTPASS', SCRIPT), amountKobo = 1_000_00) {
  const h = harness(directoryOf(supplier));
  const user = await newUser();
  await fund(user, 2_000_00);
  const placed = await placeElectricityPurchase(
    {
      userId: user.userId,
      userName: user.userName,
      userType: 'smart earner',
      meterId: 18,
      company: 'Ikeja',
      meterNumber,
      meterType: 'prepaid',
      amountKobo,
      customerPhone: '08012345678',
    },
    h.purchase,
  );
  if (placed.kind !== 'accepted') throw new Error(placed.kind);
  return { h, user, supplier, id: placed.record.id, record: placed.record };
}

async function expectChainOk(userId: string) {
  expect((await chainOf(userId)).check.ok).toBe(true);
}

describe('placing an electricity purchase', () => {
  it('debits amount + ₦50 with a processing record that keeps the meter (no token yet) and enqueues it', async () => {
    const { h, user, record } = await place('45011111111');
    expect(record).toMatchObject({
      trans_Type: 'electricity',
      trans_Status: 'processing',
      trans_Network: 'Ikeja',
      phone_number: '45011111111',
      amountKobo: 1_050_00,
      faceValueKobo: 1_000_00,
      costKobo: 1_000_00,
      balanceAfterKobo: 950_00,
      electricity: { meterId: 18, company: 'Ikeja', meterNumber: '45011111111', meterType: 'prepaid', customerPhone: '08012345678' },
    });
    expect(record.electricity?.token).toBeUndefined();
    expect(toTransactionView(record)).not.toHaveProperty('token');
    await h.drainOutbox();
    expect(h.queue.sent).toContain(record.id);
    await expectChainOk(user.userId);
  });

  it('an insufficient balance writes no record and moves no money', async () => {
    const h = harness(directoryOf());
    const user = await newUser();
    await fund(user, 1_049_99);
    const placed = await placeElectricityPurchase(
      {
        userId: user.userId,
        userName: user.userName,
        userType: 'reseller',
        meterId: 18,
        company: 'Ikeja',
        meterNumber: '45011111111',
        meterType: 'prepaid',
        amountKobo: 1_000_00,
        customerPhone: '',
      },
      h.purchase,
    );
    expect(placed).toEqual({ kind: 'insufficient_balance' });
    const { records, wallet } = await chainOf(user.userId);
    expect(records.map((r) => r.trans_Type)).toEqual(['wallet']);
    expect(wallet.balanceKobo).toBe(1_049_99);
  });
});

describe('electricity fulfilment', () => {
  it('delivered: success with the supplier’s token, units and customer stored and shown; profit is the ₦50 fee', async () => {
    const { h, user, supplier, id } = await place('45011111111');
    expect(await fulfilPurchase(id, h.fulfilment)).toBe('success');
    expect(supplier.orders).toEqual([
      expect.objectContaining({
        requestId: id,
        meterId: 18,
        meterNumber: '45011111111',
        meterType: 'prepaid',
        amountKobo: 1_000_00,
        phoneNumber: '08012345678',
      }),
    ]);
    expect(supplier.orders[0]!.placedAt).toBe((await dynamoTransactions.get(id))!.createdAt);
    const txn = await dynamoTransactions.get(id);
    expect(txn).toMatchObject({
      trans_Status: 'success',
      profitKobo: 50_00,
      supplier: 'VTPASS',
      electricity: { token: TOKEN, units: '9.5 kWh', customerName: 'ADA OBI', meterNumber: '45011111111' },
    });
    expect(toTransactionView(txn!)).toMatchObject({ token: TOKEN, units: '9.5 kWh', customerName: 'ADA OBI', meterType: 'prepaid', trans_amount: 1050 });
    // The listing (projected attributes) carries the token too.
    const listed = (await dynamoTransactions.listForUser(user.userId, { type: 'electricity' }))[0]!;
    expect(toTransactionView(listed).token).toBe(TOKEN);
    expect((await dynamoLedger.getWallet(user.userId)).balanceKobo).toBe(950_00);
    await expectChainOk(user.userId);
  });

  it('definite failure: refunded once (amount + fee back), no token', async () => {
    const { h, user, id } = await place('45022222222');
    expect(await fulfilPurchase(id, h.fulfilment)).toBe('refunded');
    const txn = await dynamoTransactions.get(id);
    expect(txn).toMatchObject({ trans_Status: 'refunded' });
    expect(txn!.electricity?.token).toBeUndefined();
    expect((await dynamoLedger.getWallet(user.userId)).balanceKobo).toBe(2_000_00);
    await expectChainOk(user.userId);
  });

  it('pending → requery delivered: the token arrives with the requery and is stored', async () => {
    const { h, supplier, id } = await place('45033333333');
    expect(await fulfilPurchase(id, h.fulfilment)).toBe('pending');
    expect((await dynamoTransactions.get(id))!.electricity?.token).toBeUndefined();
    expect(await sweepOne(id, h.sweeper, IMMEDIATE_SWEEP)).toBe('success');
    expect(supplier.submissionsOf(id)).toBe(1);
    expect(await dynamoTransactions.get(id)).toMatchObject({
      trans_Status: 'success',
      electricity: { token: TOKEN, units: '4.8 kWh', customerAddress: '1 Broad St' },
    });
  });

  it('pending → requery reversed: refunded exactly once, however often the sweeper and the queue come back', async () => {
    const { h, user, supplier, id } = await place('45044444444');
    expect(await fulfilPurchase(id, h.fulfilment)).toBe('pending');
    // Never refunded while pending.
    expect((await dynamoLedger.getWallet(user.userId)).balanceKobo).toBe(950_00);
    const results = await Promise.all([sweepOne(id, h.sweeper, IMMEDIATE_SWEEP), sweepOne(id, h.sweeper, IMMEDIATE_SWEEP)]);
    expect(results.filter((r) => r === 'refunded')).toHaveLength(1);
    expect(await sweepOne(id, h.sweeper, IMMEDIATE_SWEEP)).toBe('skipped');
    expect(await fulfilPurchase(id, h.fulfilment)).toBe('already_final');
    const { records, wallet, check } = await chainOf(user.userId);
    expect(wallet.balanceKobo).toBe(2_000_00);
    expect(records.filter((r) => r.trans_Type === 'refund')).toEqual([expect.objectContaining({ relatedTransactionId: id, amountKobo: 1_050_00 })]);
    expect(check.ok).toBe(true);
    expect(supplier.submissionsOf(id)).toBe(1);
  });

  it('a supplier that sells no electricity is skipped as a definite failure (nothing sent) and the next one delivers', async () => {
    const airtimeOnly = new FakeSupplier('ALARO', () => 'delivered');
    const vtpass = new FakeElectricitySupplier('VTPASS', SCRIPT);
    const h = harness({
      forNetwork: async () => [],
      forElectricity: async () => [airtimeOnly, vtpass],
      byName: async (n) => [airtimeOnly, vtpass].find((s) => s.name === n),
    });
    const user = await newUser();
    await fund(user, 2_000_00);
    const placed = await placeElectricityPurchase(
      {
        userId: user.userId,
        userName: user.userName,
        userType: 'smart earner',
        meterId: 29,
        company: 'Benin',
        meterNumber: '45011111111',
        meterType: 'prepaid',
        amountKobo: 1_000_00,
        customerPhone: '08012345678',
      },
      h.purchase,
    );
    if (placed.kind !== 'accepted') throw new Error(placed.kind);
    expect(await fulfilPurchase(placed.record.id, h.fulfilment)).toBe('success');
    const txn = await dynamoTransactions.get(placed.record.id);
    expect(txn!.attempts!.map((a) => `${a.supplier}:${a.outcome}:${a.reason}`)).toEqual([
      'ALARO:failed:electricity_not_supported',
      'VTPASS:delivered:fake_delivered',
    ]);
    expect(airtimeOnly.submissions.size).toBe(0);
  });

  it('no electricity supplier configured: refunded without calling anyone', async () => {
    const h = harness(directoryOf(new FakeSupplier('ALARO', () => 'delivered')));
    const user = await newUser();
    await fund(user, 2_000_00);
    const placed = await placeElectricityPurchase(
      {
        userId: user.userId,
        userName: user.userName,
        userType: 'smart earner',
        meterId: 18,
        company: 'Ikeja',
        meterNumber: '45011111111',
        meterType: 'prepaid',
        amountKobo: 1_000_00,
        customerPhone: '',
      },
      h.purchase,
    );
    if (placed.kind !== 'accepted') throw new Error(placed.kind);
    expect(await fulfilPurchase(placed.record.id, h.fulfilment)).toBe('refunded');
    expect((await dynamoLedger.getWallet(user.userId)).balanceKobo).toBe(2_000_00);
  });
});

describe('electricity over HTTP (real middleware, fake supplier)', () => {
  const supplier = new FakeElectricitySupplier('VTPASS', SCRIPT);
  const h = harness(directoryOf(supplier));
  const deps: ElectricityDeps = { ...h.purchase, suppliers: () => directoryOf(supplier), phoneOf: async () => '08099999999', log: silentLogger };
  const handler = httpService(
    'purchases',
    {
      buyAirtime: async () => ({ body: {} }),
      buyData: async () => ({ body: {} }),
      validateMeter: validateMeterOperation(deps),
      buyElectricity: buyElectricityOperation(deps),
      validateCableTv: async () => ({ body: {} }),
      buyCableTv: async () => ({ body: {} }),
      validateExam: async () => ({ body: {} }),
      buyExam: async () => ({ body: {} }),
      buyEpin: async () => ({ body: {} }),
      buyAirtimeBulk: async () => ({ body: {} }),
      buyDataBulk: async () => ({ body: {} }),
      getBulkPurchase: async () => ({ body: {} }),
      validateService: async () => ({ body: {} }),
      buyService: async () => ({ body: {} }),
      serviceVariations: async () => ({ body: {} }),
    },
    edge,
  );

  it('validateMeter: a valid meter answers the customer as `name`, with the address and the higher of the two minimums', async () => {
    const user = await newUser();
    const res = await call(handler, 'validateMeter', user, { body: { meterNumber: '45011111111', meterId: 18, meterType: 'prepaid' } });
    expect(res).toEqual({
      status: 200,
      body: {
        msg: ELECTRICITY_MSG.meterValidated,
        name: 'ADA OBI',
        address: '1 Broad St',
        meterNumber: '45011111111',
        meterId: 18,
        meterType: 'prepaid',
        company: 'Ikeja',
        minAmount: 1500,
      },
    });
  });

  it('validateMeter: an invalid meter is a 400 whose `name` (and `msg`) carry the error text; bad input too', async () => {
    const user = await newUser();
    expect(await call(handler, 'validateMeter', user, { body: { meterNumber: '45022222222', meterId: 18, meterType: 'prepaid' } })).toEqual({
      status: 400,
      body: { msg: 'This meter is not correct', name: 'This meter is not correct' },
    });
    expect(await call(handler, 'validateMeter', user, { body: { meterNumber: '45011111111', meterId: 27, meterType: 'prepaid' } })).toEqual({
      status: 400,
      body: { msg: ELECTRICITY_MSG.selectCompany, name: ELECTRICITY_MSG.selectCompany },
    });
    expect(await call(handler, 'validateMeter', user, { body: { meterNumber: '45099999999', meterId: 18, meterType: 'prepaid' } })).toMatchObject({
      status: 503,
      body: { name: ELECTRICITY_MSG.meterValidationUnavailable },
    });
  });

  it('buyElectricity: answers {msg, receipt} with amount + ₦50 charged; the buyer’s phone goes to the supplier; limits are refused before any debit', async () => {
    const user = await newUser();
    await fund(user, 5_000_00);
    const res = await call(handler, 'buyElectricity', user, { body: { amount: '1000', meterId: '20', meterNumber: '45011111111', meterType: 'prepaid' } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      msg: ELECTRICITY_MSG.electricityProcessing,
      receipt: {
        trans_Type: 'electricity',
        trans_Status: 'processing',
        trans_amount: 1050,
        balance_After: 3950,
        trans_Network: 'Eko',
        phone_number: '45011111111',
      },
    });
    expect((await dynamoTransactions.get(res.body.receipt._id))!.electricity?.customerPhone).toBe('08099999999');
    expect(await call(handler, 'buyElectricity', user, { body: { amount: 999, meterId: 18, meterNumber: '45011111111', meterType: 'prepaid' } })).toEqual({
      status: 400,
      body: { msg: ELECTRICITY_MSG.minimumElectricity },
    });
    expect(
      (await call(handler, 'buyElectricity', user, { body: { amount: 600_000, meterId: 18, meterNumber: '45011111111', meterType: 'prepaid' } })).body.msg,
    ).toBe(ELECTRICITY_MSG.maximumElectricity);
    expect((await dynamoLedger.getWallet(user.userId)).balanceKobo).toBe(3_950_00);
  });

  it('buyElectricity: insufficient balance is a 400 and leaves no record', async () => {
    const user = await newUser();
    await fund(user, 1_000_00);
    expect(await call(handler, 'buyElectricity', user, { body: { amount: 1000, meterId: 18, meterNumber: '45011111111', meterType: 'prepaid' } })).toEqual({
      status: 400,
      body: { msg: 'Insufficient balance' },
    });
    expect((await chainOf(user.userId)).records).toHaveLength(1);
  });
});
