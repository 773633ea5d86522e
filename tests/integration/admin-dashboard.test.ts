/**
 * GET /admin on the local cloud: the dashboard's figures follow the purchases made here (a success
 * counts as a sale, a refunded one only as a refund), and only an admin may read them.
 */
import { describe, expect, it } from 'vitest';
import { DEMO_AGENT } from '../../functions/local-seed.js';
import { MSG } from '../../shared/messages.js';
import { useLocalCloud } from '../support/local-cloud.js';
import { platformClient } from '../support/platform-client.js';

const cloud = useLocalCloud({ env: { SWEEPER_STALE_MS: '200', SWEEPER_REQUERY_AFTER_MS: '300' } });

const { api, admin, fundedUser, waitForStatus, settledDashboard } = platformClient(cloud, 'dash');

const FINAL = ['success', 'refunded'];

/** Today's airtime × MTN row (zeros when there is none yet). */
const airtimeMtn = (rows: { product: string; network: string; sales: number; profit: number; count: number }[]) =>
  rows.find((r) => r.product === 'airtime' && r.network === 'MTN') ?? { sales: 0, profit: 0, count: 0 };

describe('the admin dashboard', () => {
  it('acceptance: an admin sees figures that match the purchases made, a refunded one only as a refund', async () => {
    const token = await admin();
    // The figures are summed from the stream, seconds behind the writes: start from them caught up.
    const before = await settledDashboard();

    const buyer = await fundedUser(1000);
    const delivered = await api('POST', '/buy/airtime', { token: buyer.token, body: { network: 1, mobile_number: '08011111111', amount: 200 } });
    const failed = await api('POST', '/buy/airtime', { token: buyer.token, body: { network: 1, mobile_number: '08022222222', amount: 100 } });
    expect(delivered.status).toBe(200);
    expect(failed.status).toBe(200);
    expect(await waitForStatus(buyer.token, delivered.body.receipt._id, FINAL)).toMatchObject({ trans_Status: 'success' });
    expect(await waitForStatus(buyer.token, failed.body.receipt._id, FINAL)).toMatchObject({ trans_Status: 'refunded' });

    // Wait for the stream to have summed the sale and the refund (state, not time); then every figure is checked.
    const was = before.body.figures;
    const after = await settledDashboard(
      (figures) => airtimeMtn(figures.today).count !== airtimeMtn(was.today).count && figures.refundsToday.count !== was.refundsToday.count,
    );
    const is = after.body.figures;
    expect(airtimeMtn(is.today).sales - airtimeMtn(was.today).sales).toBe(198);
    expect(airtimeMtn(is.today).count - airtimeMtn(was.today).count).toBe(1);
    expect(airtimeMtn(is.last30Days).sales - airtimeMtn(was.last30Days).sales).toBe(198);
    expect(airtimeMtn(is.today).profit).toBeGreaterThanOrEqual(airtimeMtn(was.today).profit);
    expect(is.refundsToday.count - was.refundsToday.count).toBe(1);
    expect(is.refundsToday.amount - was.refundsToday.amount).toBe(99);
    expect(is.salesPerDay).toHaveLength(30);
    expect(is.salesPerDay.at(-1).sales - was.salesPerDay.at(-1).sales).toBe(198);
    expect(is.totalUsers - was.totalUsers).toBe(1);
    // Funded ₦1,000, spent ₦198; the refunded ₦99 came back.
    expect(Math.round((is.totalBalance - was.totalBalance) * 100)).toBe(802_00);
    expect(is.openPurchases).toBe(0);

    // The newest user first, with safe fields only.
    expect(after.body.allUsers.length).toBeLessThanOrEqual(10);
    expect(after.body.allUsers[0]).toMatchObject({ userName: buyer.userName, balance: 802, userType: 'smart earner' });
    const shown = JSON.stringify(after.body.allUsers);
    for (const secret of ['passwordHash', 'apiToken', 'webhookSecret', 'tokenVersion']) expect(shown).not.toContain(secret);
    // The service locks as GET /admin/checkServices answers them (a bare array, as the original client reads it).
    expect(after.body.services).toEqual((await api('GET', '/admin/checkServices', { token })).body);
  });

  it('rejection: a user and an agent get 403, an anonymous caller 401', async () => {
    const user = await fundedUser(0);
    expect(await api('GET', '/admin', { token: user.token })).toEqual({ status: 403, body: { msg: MSG.forbidden } });
    const agent = await api('POST', '/auth/login', { body: { userName: DEMO_AGENT.userName, password: DEMO_AGENT.password } });
    expect(agent.status).toBe(200);
    expect(await api('GET', '/admin', { token: agent.body.token })).toEqual({ status: 403, body: { msg: MSG.forbidden } });
    expect((await api('GET', '/admin')).status).toBe(401);
  });
});
