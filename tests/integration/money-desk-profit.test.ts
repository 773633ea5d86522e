/**
 * The money desk on the local cloud: the profit and loss equals the sums of the day's records (the
 * stream's counter consumer sums them off the request path), the books tie out — and stop tying out
 * when a balance is changed behind the ledger's back (here, in the test only) — and two contract
 * fixes the original client reads: an admin's body-less refund of a delivered purchase, and the
 * reseller upgrade's row.
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { NO_REFUND_REASON, REFUND_MSG, REFUND_REASON_MSG } from '../../shared/messages.js';
import { dayOf } from '../../functions/domain/back-office/sales-stats.js';
import { useLocalCloud } from '../support/local-cloud.js';
import { platformClient } from '../support/platform-client.js';
import { usePlatformTable } from '../support/platform-table.js';

const cloud = useLocalCloud();
const { api, admin, fundedUser, boughtAirtime, allTransactionsOf, waitFor, waitForStatus } = platformClient(cloud, 'desk');

const AGENT = { userName: 'agent', password: 'agent-password-1' };
const PRODUCTS = ['airtime', 'data', 'electricity', 'cable', 'exam', 'epin', 'service'];
const kobo = (naira: number) => Math.round(naira * 100);

async function userIdOf(token: string): Promise<string> {
  return (await api('GET', '/auth', { token })).body.user._id as string;
}

describe('the money desk', () => {
  it("the P&L of the day equals the sums of the day's records; an admin's body-less refund of a delivered purchase is accepted with \"no reason given\"; an upgrade's row reads as the original's", async () => {
    const buyer = await fundedUser(1_000);
    const delivered = await boughtAirtime(buyer.token, '08011111111', 100);
    const failed = await boughtAirtime(buyer.token, '08022222222', 200);
    const givenBack = await boughtAirtime(buyer.token, '08011111111', 300);
    await waitForStatus(buyer.token, delivered, ['success']);
    await waitForStatus(buyer.token, failed, ['refunded']);
    await waitForStatus(buyer.token, givenBack, ['success']);

    // The contract: no body, as the spec and the original admin screen send it. An agent stays refused.
    const agent = (await api('POST', '/auth/login', { body: AGENT })).body.token as string;
    expect(await api('POST', `/admin/refund/${givenBack}`, { token: agent })).toEqual({ status: 403, body: { msg: REFUND_MSG.deliveredAdminOnly } });
    const refunded = await api('POST', `/admin/refund/${givenBack}`, { token: await admin() });
    expect(refunded.status).toBe(200);
    const afterRefund = (await allTransactionsOf(buyer.token)).find((t) => t._id === givenBack);
    expect(afterRefund).toMatchObject({ trans_Status: 'refunded', refundReason: `${REFUND_REASON_MSG.operatorRefund}: ${NO_REFUND_REASON}` });
    const audit = await api('GET', '/admin/audit?operation=refundTransaction', { token: await admin() });
    const entry = (audit.body.entries as any[]).find((e) => e.target?.id === givenBack);
    expect(JSON.stringify(entry)).toContain(NO_REFUND_REASON);

    // A reseller upgrade: its fee is revenue, and its row carries the original's words.
    const upgrader = await fundedUser(1_500);
    const upgraded = await api('PATCH', `/auth/user/${await userIdOf(upgrader.token)}`, { token: upgrader.token, body: { userType: 'reseller' } });
    expect(upgraded.status).toBe(200);
    const upgradeRow = (await allTransactionsOf(upgrader.token)).find((t) => t.trans_Type === 'upgrade');
    expect(upgradeRow).toMatchObject({ trans_Network: 'upgrade', phone_number: 'upgrade to reseller' });

    // The day's records, as the admin's listing reads them: what was delivered (the one given back too,
    // whose sale stands and whose refund counts apart), and the upgrade fees.
    const today = dayOf(new Date());
    const records = (await allTransactionsOf(await admin())).filter((t) => dayOf(t.createdAt) === today);
    const sold = records.filter((t) => PRODUCTS.includes(t.trans_Type) && (t.trans_Status === 'success' || t._id === givenBack));
    const fees = records.filter((t) => t.trans_Type === 'upgrade');
    const expected = {
      revenue: kobo(sold.reduce((sum, t) => sum + t.trans_amount, 0) + fees.reduce((sum, t) => sum + t.trans_amount, 0)),
      supplierCost: kobo(sold.reduce((sum, t) => sum + t.trans_amount - t.trans_profit, 0)),
      refunds: kobo(afterRefund.trans_amount),
      count: sold.length + fees.length,
    };
    expect(sold.map((t) => t._id)).toEqual(expect.arrayContaining([delivered, givenBack]));

    const report = await waitFor('the P&L catching up with the records', async () => {
      const answer = await api('GET', `/admin/money-desk/profit-and-loss?period=day&from=${today}&to=${today}`, { token: await admin() });
      expect(answer.status).toBe(200);
      const { total } = answer.body;
      const got = { revenue: kobo(total.revenue), supplierCost: kobo(total.supplierCost), refunds: kobo(total.refunds), count: total.count };
      return JSON.stringify(got) === JSON.stringify(expected) ? answer.body : undefined;
    });
    expect(report.total.margin).toBeCloseTo(report.total.revenue - report.total.supplierCost, 2);
    expect(report.total.net).toBeCloseTo(report.total.margin - report.total.referralRewards - report.total.refunds, 2);
    // The rows break the same total down by product, supplier and user type.
    const rowsRevenue = (report.rows as any[]).reduce((sum, row) => sum + kobo(row.revenue), 0);
    expect(rowsRevenue).toBe(expected.revenue);
    expect(report.rows).toEqual(expect.arrayContaining([expect.objectContaining({ period: today, product: 'airtime', userType: 'smart earner' })]));
    expect(report.rows).toEqual(expect.arrayContaining([expect.objectContaining({ product: 'upgrade', supplier: 'none', revenue: 1_000 })]));
    // The same figures by week and by month.
    const month = await api('GET', '/admin/money-desk/profit-and-loss?period=month', { token: await admin() });
    expect(kobo(month.body.periods.at(-1).revenue)).toBeGreaterThanOrEqual(expected.revenue);

    // Rejection: a bad period is a 400 with its message; a user may not read the desk.
    expect(await api('GET', '/admin/money-desk/profit-and-loss?period=year', { token: await admin() })).toEqual({
      status: 400,
      body: { msg: 'period must be day, week or month' },
    });
    expect((await api('GET', '/admin/money-desk/profit-and-loss', { token: buyer.token })).status).toBe(403);
  });

  it('the books tie out, and stop tying out when a balance is changed behind the ledger (the daily check records it)', async () => {
    const user = await fundedUser(700);
    await boughtAirtime(user.token, '08011111111', 100);
    const ties = await waitFor('the tie-out catching up with the writes', async () => {
      const answer = await api('GET', '/admin/money-desk/tie-out?check=now', { token: await admin() });
      expect(answer.status).toBe(200);
      return answer.body.now.tiesOut ? answer.body.now : undefined;
    });
    expect(ties).toMatchObject({ difference: 0 });
    expect(kobo(ties.walletsTotal + ties.houseBalance)).toBe(kobo(ties.moneyIn - ties.moneyOut));

    // Behind the ledger's back: a balance changed with no record to explain it (only a test may do this).
    await usePlatformTable(cloud());
    const { db, tableName } = await import('../../functions/adapters/dynamo/client.js');
    const userId = await userIdOf(user.token);
    const tamper = (kobo: number) =>
      db().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: { pk: `USER#${userId}`, sk: 'WALLET' },
          UpdateExpression: 'ADD balanceKobo :k',
          ExpressionAttributeValues: { ':k': kobo },
        }),
      );
    await tamper(12_34);
    try {
      const broken = await api('GET', '/admin/money-desk/tie-out?check=now', { token: await admin() });
      expect(broken.body.now).toMatchObject({ tiesOut: false, difference: 12.34 });
      // The daily job (the scheduled function's own code, on this cloud's table) records the break for the page.
      const { tieOutHandler } = await import('../../functions/handlers/tie-out.js');
      expect(await tieOutHandler()).toMatchObject({ tiesOut: false, differenceKobo: 12_34 });
      const recorded = await api('GET', '/admin/money-desk/tie-out', { token: await admin() });
      expect(recorded.body.recent[0]).toMatchObject({ day: dayOf(new Date()), tiesOut: false, difference: 12.34 });
      expect(recorded.body.now).toBeUndefined();
    } finally {
      await tamper(-12_34);
    }
    const again = await api('GET', '/admin/money-desk/tie-out?check=now', { token: await admin() });
    expect(again.body.now).toMatchObject({ tiesOut: true, difference: 0 });
  });
});
