/**
 * VTpass services offered by configuration, on the local cloud: the seeded Smile (verified, with a
 * free-amount plan) and Spectranet (PINs in the answer) bought over the one route POST /buy/service
 * → debit + `processing` record → SQS → fulfilment → the VTpass simulator's `pay` → settled; a
 * customer refused by merchant-verify before any debit; an admin's configuration (plans from
 * VTpass's service-variations, tier prices) and switch that turns a service off everywhere.
 */
import { describe, expect, it } from 'vitest';
import { SERVICE_MSG } from '../../shared/api/configured-services.js';
import { useLocalCloud } from '../support/local-cloud.js';
import { platformClient } from '../support/platform-client.js';

const cloud = useLocalCloud({ env: { SWEEPER_STALE_MS: '200', SWEEPER_REQUERY_AFTER_MS: '300' } });
const { api, admin, fundedUser, balance, transactionsOf, waitForStatus } = platformClient(cloud, 'svc');

const buy = (token: string, body: Record<string, unknown>) => api('POST', '/buy/service', { token, body });

async function atVtpass(id: string): Promise<{ count: number; record: Record<string, any> | undefined }> {
  const calls = await cloud().simulatorCalls('VTPASS', id);
  return { count: calls.count, record: calls.transactions?.[0] as Record<string, any> | undefined };
}

describe('configured VTpass services on the local cloud', () => {
  it('Smile: listed at the buyer’s price, the customer verified, a free amount and a fixed plan bought and delivered once each', async () => {
    const user = await fundedUser(5_000);
    // Public, like the price list: every tier's price; the buyer pays their own column.
    const listed = await api('GET', '/services', {});
    expect(listed.status).toBe(200);
    const smile = listed.body.services.find((s: any) => s.serviceID === 'smile-direct');
    expect(smile).toMatchObject({ name: 'Smile', customerInput: 'account', verify: true });
    expect(smile.plans).toEqual(
      expect.arrayContaining([
        {
          variation_code: 'airtime',
          name: 'Smile airtime (any amount)',
          fixedPrice: false,
          my_price: 100,
          resellerPrice: 99.5,
          apiPrice: 99.5,
          minAmount: 100,
          maxAmount: 50_000,
        },
        {
          variation_code: '624',
          name: 'FlexiDaily 1GB - 1 day',
          fixedPrice: true,
          my_price: 300,
          resellerPrice: 300,
          apiPrice: 300,
          minAmount: null,
          maxAmount: null,
        },
      ]),
    );
    expect(listed.body.services.map((s: any) => s.serviceID)).toContain('spectranet');

    expect(await api('POST', '/buy/validateService', { token: user.token, body: { serviceID: 'smile-direct', customer: '1212121212' } })).toMatchObject({
      status: 200,
      body: { name: 'DEMO CUSTOMER', serviceID: 'smile-direct', customer: '1212121212' },
    });

    const free = await buy(user.token, {
      serviceID: 'smile-direct',
      variation_code: 'airtime',
      customer: '1212121212',
      amount: 1_000,
      request_id: 'smile-free-1',
    });
    expect(free).toMatchObject({
      status: 200,
      body: {
        msg: SERVICE_MSG.processing,
        receipt: { trans_Type: 'service', trans_Network: 'Smile', phone_number: '1212121212', trans_amount: 1_000, customerName: 'DEMO CUSTOMER' },
      },
    });
    const freeId = free.body.receipt._id as string;
    // The same request_id answers the same purchase, charged once.
    expect(
      (await buy(user.token, { serviceID: 'smile-direct', variation_code: 'airtime', customer: '1212121212', amount: 1_000, request_id: 'smile-free-1' })).body
        .receipt._id,
    ).toBe(freeId);
    expect(await waitForStatus(user.token, freeId, ['success', 'refunded'])).toMatchObject({ trans_Status: 'success' });
    expect(await atVtpass(freeId)).toMatchObject({
      count: 1,
      record: { kind: 'service', serviceID: 'smile-direct', variationCode: 'airtime', billersCode: '1212121212', amountNaira: 1_000, status: 'delivered' },
    });

    const plan = await buy(user.token, { serviceID: 'smile-direct', variation_code: '624', customer: '1212121212' });
    expect(plan.body.receipt).toMatchObject({ trans_amount: 300, trans_volume: 'FlexiDaily 1GB - 1 day' });
    await waitForStatus(user.token, plan.body.receipt._id, ['success']);
    expect((await atVtpass(plan.body.receipt._id)).record).toMatchObject({ variationCode: '624', amountNaira: 300, status: 'delivered' });
    expect(await balance(user.token)).toBe(3_700);

    // A free amount outside its limits, a plan not sold, a customer of the wrong shape: refused, nothing charged.
    expect(await buy(user.token, { serviceID: 'smile-direct', variation_code: 'airtime', customer: '1212121212', amount: 50 })).toMatchObject({
      status: 400,
      body: { msg: 'Enter an amount between ₦100.00 and ₦50,000.00' },
    });
    expect(await buy(user.token, { serviceID: 'smile-direct', variation_code: 'nope', customer: '1212121212' })).toMatchObject({
      status: 400,
      body: { msg: SERVICE_MSG.planUnavailable },
    });
    expect((await buy(user.token, { serviceID: 'smile-direct', variation_code: '624', customer: 'a b' })).status).toBe(400);
    expect(await balance(user.token)).toBe(3_700);
  });

  it('refused at verification: an unknown Smile account is refused by the check and by the purchase, before any debit or pay', async () => {
    const user = await fundedUser(2_000);
    const check = await api('POST', '/buy/validateService', { token: user.token, body: { serviceID: 'smile-direct', customer: '1222222222' } });
    expect(check.status).toBe(400);
    expect(check.body.name).toMatch(/not correct/);
    const bought = await buy(user.token, { serviceID: 'smile-direct', variation_code: '624', customer: '1222222222', request_id: 'smile-refused-1' });
    expect(bought.status).toBe(400);
    expect(bought.body.msg).toMatch(/not correct/);
    expect((await transactionsOf(user.token)).filter((t) => t.trans_Type === 'service')).toEqual([]);
    expect(await balance(user.token)).toBe(2_000);
    expect((await cloud().simulatorCalls('VTPASS', 'smile-refused-1')).count).toBe(0);
  });

  it('Spectranet: the PIN and serial from the answer kept on the receipt (masked to others); a definite failure refunded', async () => {
    const user = await fundedUser(3_000);
    const bought = await buy(user.token, { serviceID: 'spectranet', variation_code: 'vt-1000', customer: '08011111111' });
    expect(bought.body.receipt).toMatchObject({ trans_amount: 1_000, trans_Network: 'Spectranet', phone_number: '08011111111' });
    const settled = await waitForStatus(user.token, bought.body.receipt._id, ['success', 'refunded']);
    const issued = (await atVtpass(bought.body.receipt._id)).record?.pins as Array<{ pin: string; serial: string }>;
    expect(issued).toHaveLength(1);
    expect(settled.pins).toEqual([{ pin: issued[0]!.pin, serial: issued[0]!.serial }]);
    // Another customer never reads it; an admin reads it masked (revealing it is an audited action).
    expect((await api('GET', `/transaction/${bought.body.receipt._id}`, { token: (await fundedUser(0)).token })).status).toBe(404);
    const asAdmin = await api('GET', `/transaction/${bought.body.receipt._id}`, { token: await admin() });
    expect(JSON.stringify(asAdmin.body)).not.toContain(issued[0]!.pin);

    const failing = await buy(user.token, { serviceID: 'spectranet', variation_code: 'vt-1000', customer: '08022222222' });
    expect(await waitForStatus(user.token, failing.body.receipt._id, ['success', 'refunded'])).toMatchObject({ trans_Status: 'refunded' });
    expect(await balance(user.token)).toBe(2_000);
  });

  it('the admin syncs plans from VTpass, prices and switches a service off: gone from the list (the price list’s too) and the route', async () => {
    const token = await admin();
    const user = await fundedUser(1_000);
    expect((await api('GET', '/admin/services', { token: user.token })).status).toBe(403);
    const synced = await api('GET', '/admin/services/smile-direct/variations', { token });
    expect(synced.status).toBe(200);
    expect(synced.body.variations).toEqual(
      expect.arrayContaining([{ variation_code: 'airtime', name: 'Buy Airtime', variation_amount: 0, fixedPrice: false }]),
    );
    expect((await api('GET', '/admin/services/no-such-service/variations', { token })).status).toBe(404);

    const configured = (await api('GET', '/admin/services', { token })).body.services as any[];
    const spectranet = configured.find((s) => s.serviceID === 'spectranet');
    expect(spectranet).toMatchObject({ enabled: true, customerInput: 'phone', verify: false });
    // A tier below cost is refused; a stale read is refused.
    const belowCost = { ...spectranet, variations: spectranet.variations.map((v: any) => ({ ...v, my_price: 1 })) };
    expect((await api('PUT', '/admin/services', { token, body: belowCost })).body.msg).toBe('No price may be below the cost');
    const off = await api('PUT', '/admin/services', { token, body: { ...spectranet, enabled: false } });
    expect(off).toMatchObject({ status: 200, body: { service: { serviceID: 'spectranet', enabled: false } } });
    expect((await api('PUT', '/admin/services', { token, body: { ...spectranet, enabled: true } })).status).toBe(409);

    expect((await api('GET', '/services', { token: user.token })).body.services.map((s: any) => s.serviceID)).toEqual(['smile-direct']);
    expect(await buy(user.token, { serviceID: 'spectranet', variation_code: 'vt-1000', customer: '08011111111' })).toMatchObject({
      status: 400,
      body: { msg: SERVICE_MSG.serviceUnavailable },
    });
    expect(await balance(user.token)).toBe(1_000);
  });
});
