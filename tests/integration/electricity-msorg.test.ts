/**
 * Electricity through an MSORG panel on the local cloud: VTpass is the first electricity supplier,
 * ALARO (an MSORG panel configured with `electricity: true`) the failover. A definite failure at
 * VTpass (forced `failed`: code 016) hands the purchase to ALARO's POST /api/billpayment/, whose
 * simulator decides by the same magic meter numbers as VTpass's; pending purchases are re-queried
 * at ALARO's GET /api/billpayment/<id> by the sweeper. An ambiguous VTpass answer never fails over.
 * The token stored is the panel's own. Ledger invariants hold at the end.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { useLocalCloud } from '../support/local-cloud.js';
import { platformClient } from '../support/platform-client.js';

const cloud = useLocalCloud({ env: { SWEEPER_STALE_MS: '200', SWEEPER_REQUERY_AFTER_MS: '300' } });
const client = platformClient(cloud, 'msorgmeter');
const { api, fundedUser, balance, transactionsOf, waitForStatus } = client;

const buy = (token: string, meterNumber: string, amount = 1000) =>
  api('POST', '/buy/electricity', { token, body: { amount, meterId: 18, meterNumber, meterType: 'prepaid' } });

/** What a supplier's simulator holds for our purchase: purchase calls, and its record (status, token). */
async function at(supplier: 'ALARO' | 'VTPASS', id: string): Promise<{ count: number; record: Record<string, any> | undefined; requeries: number }> {
  const calls = await cloud().simulatorCalls(supplier, id);
  const requeries = calls.calls.filter((c) => (supplier === 'ALARO' ? c.method === 'GET' : c.path === '/api/requery')).length;
  return { count: calls.count, record: calls.transactions?.[0], requeries };
}

/** Buys with VTpass forced to fail definitively, so ALARO (the failover) decides by the meter number. */
async function buyFailingOverToAlaro(meterNumber: string, fundNaira: number, amount = 1000) {
  const user = await fundedUser(fundNaira);
  await cloud().forceSupplierOutcome('VTPASS', 'failed');
  try {
    const bought = await buy(user.token, meterNumber, amount);
    expect(bought.status).toBe(200);
    const id = bought.body.receipt._id as string;
    // The hand-over to ALARO happens in fulfilment; VTpass's answer is back once ALARO was called.
    await client.waitFor('the purchase to reach ALARO', async () => ((await at('ALARO', id)).count > 0 ? true : undefined));
    return { user, id };
  } finally {
    await cloud().forceSupplierOutcome('VTPASS', null);
  }
}

afterAll(async () => {
  await cloud()
    .forceSupplierOutcome('VTPASS', null)
    .catch(() => undefined);
});

describe('electricity through the MSORG panel (failover after VTpass)', () => {
  it('45011111111: VTpass fails definitively → ALARO delivers; its token, units and customer are stored; charged once', async () => {
    const { user, id } = await buyFailingOverToAlaro('45011111111', 2000);
    const settled = await waitForStatus(user.token, id, ['success', 'refunded']);
    const alaro = await at('ALARO', id);
    const vtpass = await at('VTPASS', id);
    expect(vtpass.count).toBe(1);
    expect(alaro).toMatchObject({ count: 1, record: { Status: 'successful', token: expect.stringMatching(/^\d{20}$/) } });
    expect(settled).toMatchObject({ trans_Status: 'success', token: alaro.record!.token, units: alaro.record!.units, customerName: 'DEMO CUSTOMER' });
    expect(await balance(user.token)).toBe(2000 - 1050);
  });

  it('45022222222: definite failure at VTpass and at ALARO → refunded once, each called once', async () => {
    const user = await fundedUser(1500);
    const bought = await buy(user.token, '45022222222', 1000);
    expect(bought.status).toBe(200);
    const id = bought.body.receipt._id as string;
    const settled = await waitForStatus(user.token, id, ['success', 'refunded']);
    expect(settled.trans_Status).toBe('refunded');
    expect(settled.token).toBeUndefined();
    expect((await at('VTPASS', id)).count).toBe(1);
    expect((await at('ALARO', id)).count).toBe(1);
    expect(await balance(user.token)).toBe(1500);
    expect((await transactionsOf(user.token)).filter((t) => t.trans_Type === 'refund' && t.relatedTransactionId === id)).toHaveLength(1);
  });

  it('45033333333 at ALARO: processing → pending → re-query at /api/billpayment/<id> → success with the token issued then', async () => {
    const { user, id } = await buyFailingOverToAlaro('45033333333', 2000);
    const settled = await waitForStatus(user.token, id, ['success', 'refunded']);
    const alaro = await at('ALARO', id);
    expect(alaro).toMatchObject({ count: 1, record: { Status: 'successful', token: expect.stringMatching(/^\d{20}$/) } });
    expect(alaro.requeries).toBeGreaterThanOrEqual(1);
    const calls = await cloud().simulatorCalls('ALARO', id);
    expect(calls.calls.some((c) => c.method === 'GET' && c.path.startsWith('/api/billpayment/'))).toBe(true);
    expect(settled).toMatchObject({ trans_Status: 'success', token: alaro.record!.token });
    expect(await balance(user.token)).toBe(2000 - 1050);
  });

  it('45044444444 at ALARO: processing, then failed on re-query → refunded once', async () => {
    const { user, id } = await buyFailingOverToAlaro('45044444444', 1500);
    const settled = await waitForStatus(user.token, id, ['success', 'refunded']);
    expect(settled.trans_Status).toBe('refunded');
    expect((await at('ALARO', id)).record).toMatchObject({ Status: 'failed' });
    expect(await balance(user.token)).toBe(1500);
  });

  it('45055555555 at ALARO: no answer in time → pending (no refund, no third supplier) → re-query → success', async () => {
    const { user, id } = await buyFailingOverToAlaro('45055555555', 1100);
    const settled = await waitForStatus(user.token, id, ['success', 'refunded']);
    const alaro = await at('ALARO', id);
    expect(settled).toMatchObject({ trans_Status: 'success', token: alaro.record!.token });
    expect(alaro.count).toBe(1);
    expect(await balance(user.token)).toBe(50);
  });

  it('an ambiguous VTpass answer (099 processing) never fails over: ALARO is not called; VTpass finishes it', async () => {
    const user = await fundedUser(2000);
    await cloud().forceSupplierOutcome('VTPASS', 'processing');
    let id: string;
    try {
      const bought = await buy(user.token, '45012345678', 1000);
      id = bought.body.receipt._id as string;
      await waitForStatus(user.token, id, ['pending', 'success']);
    } finally {
      await cloud().forceSupplierOutcome('VTPASS', null);
    }
    const settled = await waitForStatus(user.token, id, ['success', 'refunded']);
    const vtpass = await at('VTPASS', id);
    expect(settled).toMatchObject({ trans_Status: 'success', token: vtpass.record!.token });
    expect((await at('ALARO', id)).count).toBe(0);
  });

  it('ledger invariants hold for every buyer', async () => {
    await client.expectLedgerInvariants();
  });
});
