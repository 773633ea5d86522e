/**
 * The money desk on the local cloud, end to end: a purchase's answer (MSORG balance_after) and the
 * balance poll feed the float; crossing the admin's threshold mails every admin once; a supplier
 * whose known float cannot cover a purchase is skipped (the next supplier for the network
 * delivers it) until a recorded top-up; and a reconciliation of the day, with faults injected at
 * the ALARO (MSORG) and VTpass simulators, finds each kind of discrepancy and nothing else; a refunded
 * purchase the supplier delivered is settled as delivered once, or flagged when the wallet is short.
 */
import { describe, expect, it, onTestFailed } from 'vitest';
import { dynamoReconciliation } from '../../functions/adapters/dynamo/money-desk/reconciliation.js';
import { shardOf } from '../../functions/domain/money-desk/reconciliation.js';
import { TEST_ADMIN, useLocalCloud } from '../support/local-cloud.js';
import { platformClient } from '../support/platform-client.js';
import { usePlatformTable } from '../support/platform-table.js';

const cloud = useLocalCloud({ env: { SWEEPER_STALE_MS: '200', SWEEPER_REQUERY_AFTER_MS: '300' } });
const { api, admin, fundedUser, boughtAirtime, balance, waitFor, waitForStatus } = platformClient(cloud, 'desk');

/** On a failure, the platform's money-desk lines and warnings. */
const debug = () =>
  onTestFailed(() =>
    console.log(
      cloud()
        .output()
        .split('\n')
        .filter((l) => /money|float|WARN|ERROR|rror/i.test(l))
        .slice(-60)
        .join('\n'),
    ),
  );

const FLOAT_MAIL = /^Supplier float low: ALARO/;
const lagosToday = () => new Date(Date.now() + 3_600_000).toISOString().slice(0, 10);

async function simulator(path: string, body: unknown, at: 'alaro' | 'glad' | 'vtpass' = 'alaro'): Promise<void> {
  const response = await fetch(`${cloud().simulatorsUrl}/_sim/${at}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(response.status).toBe(200);
}

const submissionsAt = async (supplier: 'ALARO' | 'GLAD', id: string) => (await cloud().simulatorCalls(supplier, id)).count;
const floatMails = async () => (await cloud().readMail()).filter((mail) => mail.to === TEST_ADMIN.email && FLOAT_MAIL.test(mail.subject));
const alaroFloat = async () => (await api('GET', '/admin/money-desk/floats', { token: await admin() })).body.floats.find((f: any) => f.supplier === 'ALARO');

/**
 * Whether a purchase is listed under a supplier's day for the reconciliation: the table stream's
 * counter consumer lists it from the purchase's hand-over (decision 135), a moment after the write,
 * in its batch's pack for the shard (decision 139). Read as the reconciliation reads a shard.
 */
async function listedUnder(supplier: string, day: string, requestId: string): Promise<boolean> {
  await usePlatformTable(cloud());
  let cursor: string | undefined;
  do {
    const page = await dynamoReconciliation.submissionsPage(supplier, day, shardOf(requestId), cursor, 100);
    if (page.items.some((item) => item.requestId === requestId)) return true;
    cursor = page.next;
  } while (cursor);
  return false;
}

describe('supplier floats', () => {
  it('crossing the threshold alerts once; a float that cannot cover is skipped for the next supplier, and used again after a top-up', async () => {
    debug();
    const token = await admin();
    // Rejections first: bad input is a clear 4xx.
    expect((await api('POST', '/admin/money-desk/floats/NOBODY/thresholds', { token, body: { minBalance: 1, minHoursLeft: 0 } })).status).toBe(404);
    expect((await api('POST', '/admin/money-desk/floats/ALARO/thresholds', { token, body: { minBalance: 'lots', minHoursLeft: 0 } })).status).toBe(400);
    expect((await api('POST', '/admin/money-desk/floats/ALARO/topups', { token, body: { amount: 0, date: lagosToday(), reference: 'x' } })).status).toBe(400);
    const user = await fundedUser(5000);
    expect((await api('GET', '/admin/money-desk/floats', { token: user.token })).status).toBe(403);

    expect((await api('POST', '/admin/money-desk/floats/ALARO/thresholds', { token, body: { minBalance: 1000, minHoursLeft: 0 } })).status).toBe(200);
    await simulator('/float', { balance: 1050 });

    // ₦100 airtime costs ALARO ₦97: its answer says ₦953 are left, under ₦1,000 → low, every admin mailed.
    const first = await boughtAirtime(user.token);
    expect(await waitForStatus(user.token, first, ['success'])).toMatchObject({ trans_Status: 'success' });
    await cloud().waitForMail(TEST_ADMIN.email, { subject: FLOAT_MAIL });
    expect(await waitFor('ALARO seen low', async () => ((await alaroFloat())?.level === 'low' ? await alaroFloat() : undefined))).toMatchObject({
      known: true,
      level: 'low',
      minBalance: 1000,
    });

    // Still low, still able to cover ₦100: used, and nobody is mailed again.
    const second = await boughtAirtime(user.token);
    await waitForStatus(user.token, second, ['success']);
    expect(await submissionsAt('ALARO', second)).toBe(1);

    // ₦1,000 is more than ALARO's known ₦856: skipped before any call, GLAD delivers it.
    const skipped = await boughtAirtime(user.token, '08011111111', 1000);
    expect(await waitForStatus(user.token, skipped, ['success', 'refunded'])).toMatchObject({ trans_Status: 'success' });
    expect(await submissionsAt('ALARO', skipped)).toBe(0);
    expect(await submissionsAt('GLAD', skipped)).toBe(1);
    expect(await floatMails()).toHaveLength(1);
    // Spend is read from the hours' balances: before a top-up, which hides the spend of its hour (the page's rate is an estimate).
    // The answers' balances reach the float from the table's stream, a moment after their purchases.
    await waitFor('ALARO spend seen', async () => (((await alaroFloat())?.spentLastDay ?? 0) > 0 ? true : undefined));

    // The operator tops ALARO up and records it: its balance is read at once, the float recovers, ALARO is used again.
    await simulator('/float', { topUp: 10_000 });
    const recorded = await api('POST', '/admin/money-desk/floats/ALARO/topups', {
      token,
      body: { amount: 10_000, date: lagosToday(), reference: 'BANK-REF-1' },
    });
    // The schedule's balance poll (every second here) may see the top-up first and win the crossing: either way it is no longer low.
    expect(recorded).toMatchObject({ status: 201, body: { balanceRead: true } });
    expect(['recovered', 'ok']).toContain(recorded.body.level);
    expect(
      (await api('POST', '/admin/money-desk/floats/ALARO/topups', { token, body: { amount: 10_000, date: lagosToday(), reference: 'BANK-REF-1' } })).status,
    ).toBe(409);
    const after = await boughtAirtime(user.token, '08011111111', 1000);
    await waitForStatus(user.token, after, ['success']);
    expect(await submissionsAt('ALARO', after)).toBe(1);
    expect(await submissionsAt('GLAD', after)).toBe(0);

    // ₦856 + the ₦10,000 top-up − ₦970 (the ₦1,000 purchase at 97%), as ALARO's last answer said (observed from the stream).
    const page = await waitFor('ALARO answer observed', async () => {
      const float = await alaroFloat();
      return Math.abs(float.balance - (856 + 10_000 - 970)) < 0.005 ? float : undefined;
    });
    expect(page).toMatchObject({ level: 'ok', topUps: [{ amount: 10_000, reference: 'BANK-REF-1', recordedBy: TEST_ADMIN.userName }] });
    expect(page.balance).toBeCloseTo(856 + 10_000 - 970, 2);
    expect(page.history.length).toBeGreaterThan(0);
    expect(await floatMails()).toHaveLength(1);
  });
});

describe('reconciliation', () => {
  it('a day with injected faults (ALARO and VTpass): each discrepancy class found, nothing else; resolve and re-query act on them; settle as delivered takes a refund back once, or flags a short wallet', async () => {
    debug();
    const token = await admin();
    const user = await fundedUser(5000);
    const day = lagosToday();
    expect((await api('POST', '/admin/money-desk/reconciliation', { token, body: { day: '2999-01-01' } })).status).toBe(400);
    expect((await api('POST', '/admin/money-desk/reconciliation', { token, body: { day: 'yesterday' } })).status).toBe(400);

    // A fault goes to the next purchase ALARO receives, and fulfilment is asynchronous: each purchase
    // must have reached ALARO before the next fault is injected, or a fault lands on the wrong one.
    const placed = async (buyer = user.token) => {
      const id = await boughtAirtime(buyer);
      await waitFor(`${id} reached ALARO`, async () => ((await submissionsAt('ALARO', id)) > 0 ? true : undefined));
      return id;
    };
    // Electricity goes to VTpass first (ALARO after a definite failure).
    const electricity = async () => {
      const bought = await api('POST', '/buy/electricity', {
        token: user.token,
        body: { amount: 1000, meterId: 18, meterNumber: '45011111111', meterType: 'prepaid' },
      });
      expect(bought.status).toBe(200);
      const id = bought.body.receipt._id as string;
      await waitFor(`${id} reached VTPASS`, async () => ((await cloud().simulatorCalls('VTPASS', id)).count > 0 ? true : undefined));
      return id;
    };
    const clean = await placed();
    await simulator('/faults', { next: 'failed-but-delivered' });
    const failedButDelivered = await placed();
    await simulator('/faults', { next: 'wrong-amount' });
    const wrongAmount = await placed();
    await simulator('/faults', { next: 'forget' });
    const forgotten = await placed();
    await simulator('/faults', { next: 'stuck' });
    const stuck = await placed();
    // Refunded though ALARO delivered: GLAD, next for MTN, fails them too. One customer spends the refund
    // since (₦1 left of ₦100), so its wallet cannot cover taking it back.
    const shortUser = await fundedUser(100);
    await simulator('/control', { forceOutcome: 'failed' }, 'glad');
    await simulator('/faults', { next: 'failed-but-delivered' });
    const refundedButDelivered = await placed();
    await simulator('/faults', { next: 'failed-but-delivered' });
    const shortFailedButDelivered = await placed(shortUser.token);
    await waitForStatus(user.token, refundedButDelivered, ['refunded']);
    await waitForStatus(shortUser.token, shortFailedButDelivered, ['refunded']);
    await simulator('/control', { forceOutcome: null }, 'glad');
    await waitForStatus(shortUser.token, await placed(shortUser.token), ['success']);
    await simulator('/faults', { chargeWithoutPurchase: 50 });
    // VTpass: a ₦1 overcharge, and a "failed" answer for a payment it delivered (ALARO, next for electricity, delivers it again).
    await simulator('/faults', { next: 'wrong-amount' }, 'vtpass');
    const vtpassWrongAmount = await electricity();
    await simulator('/faults', { next: 'failed-but-delivered' }, 'vtpass');
    const vtpassFailedButDelivered = await electricity();
    onTestFailed(async () =>
      console.log(
        JSON.stringify({
          clean,
          failedButDelivered,
          wrongAmount,
          forgotten,
          stuck,
          refundedButDelivered,
          shortFailedButDelivered,
          vtpassWrongAmount,
          vtpassFailedButDelivered,
        }),
        JSON.stringify((await cloud().simulatorCalls('ALARO')).calls.slice(-12)),
      ),
    );
    for (const id of [clean, failedButDelivered, wrongAmount, forgotten, vtpassWrongAmount, vtpassFailedButDelivered]) {
      await waitForStatus(user.token, id, ['success', 'refunded']);
    }
    await waitForStatus(user.token, stuck, ['pending']);
    // Every supplier a purchase was handed to lists it under its day, a failed-over or refunded one too
    // (the table stream's counter consumer writes the lists a moment after the hand-over).
    const listed: [string, string][] = [
      ...[clean, failedButDelivered, wrongAmount, forgotten, stuck, refundedButDelivered, shortFailedButDelivered].map((id): [string, string] => ['ALARO', id]),
      ['GLAD', refundedButDelivered],
      ['GLAD', shortFailedButDelivered],
      ['VTPASS', vtpassWrongAmount],
      ['VTPASS', vtpassFailedButDelivered],
      ['ALARO', vtpassFailedButDelivered],
    ];
    for (const [supplier, id] of listed)
      await waitFor(`${id} listed under ${supplier}'s day`, async () => ((await listedUnder(supplier, day, id)) ? true : undefined));

    const run = await api('POST', '/admin/money-desk/reconciliation', { token, body: { day } });
    expect(run.status).toBe(202);
    const report = await waitFor(
      'every supplier reconciled',
      async () => {
        const answer = (await api('GET', `/admin/money-desk/reconciliation?day=${day}`, { token })).body;
        const done = answer.suppliers.length === run.body.runs.length && answer.suppliers.every((s: any) => s.complete);
        return done ? answer : undefined;
      },
      45_000,
    );
    const found = report.discrepancies.map((d: any) => `${d.supplier} ${d.kind} ${d.requestId.startsWith('unknown-') ? 'orphan' : d.requestId}`).sort();
    expect(found).toEqual(
      [
        `ALARO supplier-only ${failedButDelivered}`,
        `ALARO supplier-only ${refundedButDelivered}`,
        `ALARO supplier-only ${shortFailedButDelivered}`,
        'ALARO supplier-only orphan',
        `VTPASS amount-mismatch ${vtpassWrongAmount}`,
        `VTPASS supplier-only ${vtpassFailedButDelivered}`,
        `ALARO amount-mismatch ${wrongAmount}`,
        `ALARO ours-only ${forgotten}`,
        `ALARO still-open ${stuck}`,
      ].sort(),
    );
    const alaro = report.suppliers.find((s: any) => s.supplier === 'ALARO');
    expect(alaro.counts).toMatchObject({ 'supplier-only': 4, 'amount-mismatch': 1, 'ours-only': 1, 'still-open': 1 });
    expect(report.suppliers.find((s: any) => s.supplier === 'VTPASS').counts).toMatchObject({ 'supplier-only': 1, 'amount-mismatch': 1, 'ours-only': 0 });
    expect(alaro.counts.matched).toBeGreaterThanOrEqual(1);
    expect(report.suppliers.find((s: any) => s.supplier === 'GLAD').counts).toMatchObject({
      'supplier-only': 0,
      'ours-only': 0,
      'amount-mismatch': 0,
      'still-open': 0,
    });
    for (const supplier of ['ALARO', 'VTPASS']) {
      const mismatch = report.discrepancies.find((d: any) => d.kind === 'amount-mismatch' && d.supplier === supplier);
      expect(mismatch.theirCharge - mismatch.ourCost).toBeCloseTo(1, 2);
    }
    expect(alaro.difference).toBeCloseTo(alaro.charged - alaro.deliveredCost, 2);

    // Acting on them: a reason is required, a resolution is recorded once; re-query keeps a real discrepancy.
    const item = `/admin/money-desk/reconciliation/${day}/ALARO/${encodeURIComponent(wrongAmount)}`;
    expect((await api('POST', `${item}/resolve`, { token, body: {} })).status).toBe(400);
    expect(await api('POST', `${item}/resolve`, { token, body: { reason: 'ALARO confirmed a ₦1 fee' } })).toMatchObject({ status: 200 });
    expect((await api('POST', `${item}/resolve`, { token, body: { reason: 'again' } })).status).toBe(409);
    const requeried = await api('POST', `/admin/money-desk/reconciliation/${day}/ALARO/${encodeURIComponent(forgotten)}/requery`, { token });
    expect(requeried).toMatchObject({ status: 200, body: { now: 'ours-only' } });
    expect((await api('POST', `/admin/money-desk/reconciliation/${day}/ALARO/nothing-here/requery`, { token })).status).toBe(404);

    const csv = await fetch(`${cloud().baseUrl}/api/v1/admin/money-desk/reconciliation/csv?day=${day}`, { headers: { 'x-auth-token': token } });
    const text = await csv.text();
    expect(csv.headers.get('content-type')).toMatch(/text\/csv/);
    expect(text.split('\n')[0]).toBe('day,supplier,request_id,class,note,our_status,our_cost,their_charge,user,resolution,resolved_by,resolved_reason');
    expect(text).toContain(`${day},ALARO,${wrongAmount},amount-mismatch`);
    expect(text).toContain('resolved,admin,ALARO confirmed a ₦1 fee');
    const audit = await api('GET', `/admin/audit?operation=resolveDiscrepancy`, { token });
    expect(JSON.stringify(audit.body)).toContain('ALARO confirmed a ₦1 fee');

    // Settle as delivered: the refund of a purchase ALARO delivered is taken back from the wallet, once.
    const settle = (supplier: string, id: string, body: unknown = { reason: 'ALARO log shows it delivered' }) =>
      api('POST', `/admin/money-desk/reconciliation/${day}/${supplier}/${encodeURIComponent(id)}/settle`, { token, body });
    expect(await settle('ALARO', refundedButDelivered, {})).toMatchObject({ status: 400, body: { msg: expect.stringMatching(/reason is required/) } });
    expect(await settle('ALARO', refundedButDelivered, { reason: ' x ' })).toMatchObject({ status: 400, body: { msg: expect.stringMatching(/at least 3/) } });
    expect(
      (await api('POST', `/admin/money-desk/reconciliation/${day}/ALARO/${refundedButDelivered}/settle`, { token: user.token, body: { reason: 'mine' } }))
        .status,
    ).toBe(403);
    const before = await balance(user.token);
    const both = await Promise.all([settle('ALARO', refundedButDelivered), settle('ALARO', refundedButDelivered)]);
    expect(both.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(both.find((answer) => answer.status === 200)!.body).toMatchObject({ outcome: 'settled-as-delivered', requestId: refundedButDelivered, debited: 99 });
    expect(await settle('ALARO', refundedButDelivered)).toMatchObject({ status: 409, body: { msg: 'This discrepancy is already settled as delivered' } });
    expect(await balance(user.token)).toBeCloseTo(before - 99, 2);
    expect(await waitForStatus(user.token, refundedButDelivered, ['success'])).toMatchObject({ trans_Status: 'success' });
    const settledAudit = await api('GET', '/admin/audit?operation=settleDiscrepancyAsDelivered', { token });
    expect(JSON.stringify(settledAudit.body)).toContain('ALARO log shows it delivered');
    const settledItem = (await api('GET', `/admin/money-desk/reconciliation?day=${day}`, { token })).body.discrepancies.find(
      (d: any) => d.requestId === refundedButDelivered,
    );
    expect(settledItem.resolution).toMatchObject({ action: 'settled', outcome: 'settled-as-delivered', debited: 99, by: TEST_ADMIN.userName });

    // A wallet that cannot cover the refund: nothing debited, the item flagged with the shortfall (₦99 − ₦1).
    const shortBefore = await balance(shortUser.token);
    expect(await settle('ALARO', shortFailedButDelivered)).toMatchObject({
      status: 200,
      body: { outcome: 'flagged-wallet-short', shortfall: 98, balance: 1 },
    });
    expect(await balance(shortUser.token)).toBe(shortBefore);
    expect(await waitForStatus(shortUser.token, shortFailedButDelivered, ['refunded'])).toMatchObject({ trans_Status: 'refunded' });

    // Nothing to settle: a charge with no purchase of ours, a purchase another supplier delivered, another class.
    const orphan = report.discrepancies.find((d: any) => d.requestId.startsWith('unknown-'));
    expect(await settle('ALARO', orphan.requestId)).toMatchObject({ status: 409, body: { msg: expect.stringMatching(/no purchase of ours/) } });
    expect(await settle('ALARO', failedButDelivered)).toMatchObject({ status: 409, body: { msg: expect.stringMatching(/success, not refunded/) } });
    expect(await settle('VTPASS', vtpassFailedButDelivered)).toMatchObject({ status: 409, body: { msg: expect.stringMatching(/success, not refunded/) } });
    expect(await settle('VTPASS', vtpassWrongAmount)).toMatchObject({ status: 409, body: { msg: expect.stringMatching(/supplier-only/) } });
    expect((await settle('ALARO', 'nothing-here')).status).toBe(404);
  });
});
