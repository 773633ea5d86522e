/**
 * Electricity over HTTP on the local cloud: POST /buy/validateMeter and POST /buy/electricity →
 * SQS → fulfilment → the VTpass simulator (over its real protocol) → success with the simulator's
 * token / refund / pending → sweeper /api/requery → final. The simulator decides by meter number
 * (infra/local/simulators/vtpass.ts): 45011111111 delivered, 45022222222 invalid, 45033333333
 * processing then delivered, 45044444444 pending then reversed, 45055555555 no answer then delivered.
 */
import { describe, expect, it } from 'vitest';
import { ELECTRICITY_MSG, MSG } from '../../shared/messages.js';
import { useLocalCloud } from '../support/local-cloud.js';
import { platformClient } from '../support/platform-client.js';

const cloud = useLocalCloud({ env: { SWEEPER_STALE_MS: '200', SWEEPER_REQUERY_AFTER_MS: '300' } });

const client = platformClient(cloud, 'meter');
const { api, fundedUser, balance, transactionsOf, waitForStatus } = client;

const buy = (token: string, meterNumber: string, amount = 1000, extra: Record<string, unknown> = {}) =>
  api('POST', '/buy/electricity', { token, body: { amount, meterId: 18, meterNumber, meterType: 'prepaid', ...extra } });

/** What the VTpass simulator holds for our purchase: one pay call, and the token it issued. */
async function atVtpass(id: string): Promise<{ count: number; token: string | undefined; status: string | undefined }> {
  const calls = await cloud().simulatorCalls('VTPASS', id);
  const record = calls.transactions?.[0] as { token?: string; status?: string } | undefined;
  return { count: calls.count, token: record?.token, status: record?.status };
}

describe('electricity on the local cloud', () => {
  it('validateMeter: a valid meter answers the customer name from VTpass merchant-verify', async () => {
    const user = await fundedUser(0);
    const res = await api('POST', '/buy/validateMeter', { token: user.token, body: { meterNumber: '45011111111', meterId: 18, meterType: 'prepaid' } });
    expect(res).toMatchObject({
      status: 200,
      body: { name: 'DEMO CUSTOMER', meterNumber: '45011111111', company: 'Ikeja', meterType: 'prepaid', minAmount: 1000 },
    });
    expect(res.body.address).toEqual(expect.any(String));
  });

  it('validateMeter: an invalid meter is a 400 whose name carries VTpass’s error text; no login → 401', async () => {
    const user = await fundedUser(0);
    const res = await api('POST', '/buy/validateMeter', { token: user.token, body: { meterNumber: '45022222222', meterId: 20, meterType: 'prepaid' } });
    expect(res.status).toBe(400);
    expect(res.body.name).toMatch(/not a valid Eko Electric prepaid meter/);
    expect(res.body.msg).toBe(res.body.name);
    const missing = await api('POST', '/buy/validateMeter', { token: user.token, body: { meterId: 18, meterType: 'prepaid' } });
    expect(missing).toEqual({ status: 400, body: { msg: ELECTRICITY_MSG.enterMeterNumber, name: ELECTRICITY_MSG.enterMeterNumber } });
    expect((await api('POST', '/buy/validateMeter', { body: { meterNumber: '45011111111', meterId: 18, meterType: 'prepaid' } })).status).toBe(401);
  });

  it('45011111111: charged amount + ₦50 once; success with the simulator’s 20-digit token stored and returned', async () => {
    const user = await fundedUser(2000);
    const bought = await buy(user.token, '45011111111', 1000);
    expect(bought).toMatchObject({
      status: 200,
      body: {
        msg: ELECTRICITY_MSG.electricityProcessing,
        receipt: { trans_Type: 'electricity', trans_Status: 'processing', trans_amount: 1050, balance_After: 950, phone_number: '45011111111' },
      },
    });
    expect(bought.body.receipt.token).toBeUndefined();
    const id = bought.body.receipt._id as string;
    const settled = await waitForStatus(user.token, id, ['success', 'refunded']);
    const vtpass = await atVtpass(id);
    expect(vtpass).toMatchObject({ count: 1, status: 'delivered', token: expect.stringMatching(/^\d{20}$/) });
    expect(settled).toMatchObject({
      trans_Status: 'success',
      token: vtpass.token,
      units: expect.stringMatching(/kWh$/),
      customerName: 'DEMO CUSTOMER',
      trans_profit: 0,
    });
    expect(await balance(user.token)).toBe(950);
  });

  it('45033333333: 099 processing → pending → sweeper requery → success with the token issued at requery', async () => {
    const user = await fundedUser(2000);
    const bought = await buy(user.token, '45033333333', 1500);
    expect(bought.status).toBe(200);
    const id = bought.body.receipt._id as string;
    const settled = await waitForStatus(user.token, id, ['success', 'refunded']);
    const vtpass = await atVtpass(id);
    expect(vtpass).toMatchObject({ count: 1, status: 'delivered', token: expect.stringMatching(/^\d{20}$/) });
    expect(settled).toMatchObject({ trans_Status: 'success', token: vtpass.token });
    expect(await balance(user.token)).toBe(2000 - 1550);
  });

  it('45044444444: pending, then reversed on requery → refunded once, balance restored', async () => {
    const user = await fundedUser(1500);
    const bought = await buy(user.token, '45044444444', 1000);
    expect(bought.body.receipt.balance_After).toBe(450);
    const id = bought.body.receipt._id as string;
    const settled = await waitForStatus(user.token, id, ['success', 'refunded']);
    expect(settled.trans_Status).toBe('refunded');
    expect(settled.token).toBeUndefined();
    expect(await balance(user.token)).toBe(1500);
    const refunds = (await transactionsOf(user.token)).filter((t) => t.trans_Type === 'refund');
    expect(refunds).toEqual([expect.objectContaining({ relatedTransactionId: id, trans_amount: 1050 })]);
    expect(await atVtpass(id)).toMatchObject({ count: 1, status: 'reversed' });
  });

  it('45055555555: no answer in time → pending (no refund) → requery → success with the token', async () => {
    const user = await fundedUser(1100);
    const bought = await buy(user.token, '45055555555', 1000);
    const id = bought.body.receipt._id as string;
    const settled = await waitForStatus(user.token, id, ['success', 'refunded']);
    const vtpass = await atVtpass(id);
    expect(settled).toMatchObject({ trans_Status: 'success', token: vtpass.token });
    expect(vtpass.count).toBe(1);
    expect(await balance(user.token)).toBe(50);
  });

  it('insufficient balance → 400 before any debit: no record, no supplier call', async () => {
    const user = await fundedUser(1049);
    const res = await buy(user.token, '45011111111', 1000);
    expect(res).toEqual({ status: 400, body: { msg: MSG.insufficientBalance } });
    expect((await transactionsOf(user.token)).filter((t) => t.trans_Type === 'electricity')).toEqual([]);
    expect(await balance(user.token)).toBe(1049);
    const below = await buy(user.token, '45011111111', 500);
    expect(below).toEqual({ status: 400, body: { msg: ELECTRICITY_MSG.minimumElectricity } });
  });

  it('ledger invariants hold for every buyer', async () => {
    await client.expectLedgerInvariants();
  });
});
