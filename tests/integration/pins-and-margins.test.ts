/**
 * What a reader is shown of a transaction, on the local cloud:
 *   - a customer's PINs are theirs: the buyer reads them in full wherever they read the purchase;
 *     everyone else, operators included, reads each PIN's last 4 characters and its serial. An admin
 *     who must read one for support reveals the purchase's PINs with a reason, and that is audited;
 *   - the platform's margin (trans_profit) reaches operators only: a customer reads 0 on every
 *     route and every replay, bulk lines and the session's recent transactions included.
 */
import { describe, expect, it } from 'vitest';
import { DEMO_AGENT } from '../../functions/local-seed.js';
import type { ListAuditResponse } from '../../shared/api/audit.js';
import { API_KEY_MSG } from '../../shared/messages.js';
import { dayOf } from '../../functions/domain/back-office/sales-stats.js';
import { useLocalCloud } from '../support/local-cloud.js';
import { platformClient, resendWhileBusy } from '../support/platform-client.js';

const cloud = useLocalCloud();
const { api, admin, fundedUser, waitFor, waitForStatus, countedPage } = platformClient(cloud, 'pinmargin');

type Pin = { pin: string; serial: string | null };

async function agent(): Promise<string> {
  const login = await api('POST', '/auth/login', { body: { userName: DEMO_AGENT.userName, password: DEMO_AGENT.password } });
  expect(login.status).toBe(200);
  return login.body.token as string;
}

/** A delivered WAEC purchase of `quantity` PINs, with its PINs as the buyer reads them. */
async function deliveredExam(quantity: number): Promise<{ buyer: { token: string; userName: string }; id: string; pins: Pin[] }> {
  const buyer = await fundedUser(4_000 * quantity);
  const bought = await api('POST', '/buy/exam', { token: buyer.token, body: { exam: 'waec', quantity, phone: '08011111111' } });
  expect(bought.status).toBe(200);
  const id = bought.body.receipt._id as string;
  const settled = await waitForStatus(buyer.token, id, ['success', 'refunded']);
  expect(settled.trans_Status).toBe('success');
  const issued = (await cloud().simulatorCalls('VTPASS', id)).transactions![0]!.pins as { pin: string; serial: string }[];
  return { buyer, id, pins: issued.map((p) => ({ pin: p.pin, serial: p.serial })) };
}

/** Each PIN shows its last 4 characters only; its serial in full. */
function expectMasked(shown: Pin[] | undefined, full: Pin[], where: string): void {
  expect(shown, where).toHaveLength(full.length);
  shown!.forEach((masked, i) => {
    const pin = full[i]!;
    expect(masked.serial, `${where}: the serial is shown`).toBe(pin.serial);
    expect(masked.pin.slice(-4), `${where}: the last 4 are shown`).toBe(pin.pin.slice(-4));
    expect(masked.pin, `${where}: the rest is hidden`).not.toContain(pin.pin.slice(0, -4));
  });
}

const reveal = (id: string, options: { token?: string; headers?: Record<string, string>; body?: unknown }) =>
  api('POST', `/admin/transaction/${id}/reveal-pins`, options);

describe("a customer's PINs: in full to the buyer, masked to everyone else", () => {
  it('operators read PINs masked (last 4 and the serial) in the listing, the lookup and the dashboard; the buyer reads them in full everywhere', async () => {
    const { buyer, id, pins } = await deliveredExam(2);
    const adminToken = await admin();
    const agentToken = await agent();

    // The buyer: the listing, the lookup and the session's recent transactions, in full.
    const ownListing = await countedPage({ token: buyer.token }, '/transaction?type=exam');
    expect(ownListing.body.transactions.find((t: { _id: string }) => t._id === id).pins).toEqual(pins);
    expect((await api('GET', `/transaction/${id}`, { token: buyer.token })).body.transaction.pins).toEqual(pins);
    expect((await api('GET', '/auth', { token: buyer.token })).body.transactions.find((t: { _id: string }) => t._id === id).pins).toEqual(pins);

    for (const [who, token] of [
      ['admin', adminToken],
      ['agent', agentToken],
    ] as const) {
      const listed = await countedPage({ token }, `/transaction?userName=${buyer.userName}&type=exam`);
      expect(listed.status).toBe(200);
      expectMasked(listed.body.transactions.find((t: { _id: string }) => t._id === id)?.pins, pins, `${who}'s listing`);
      const lookedUp = await api('GET', `/transaction/${id}`, { token });
      expect(lookedUp.status).toBe(200);
      expectMasked(lookedUp.body.transaction.pins, pins, `${who}'s lookup`);
    }
    const dashboard = await api('GET', '/admin', { token: adminToken });
    expect(dashboard.status).toBe(200);
    expectMasked(dashboard.body.allTransactions.find((t: { _id: string }) => t._id === id)?.pins, pins, "the dashboard's newest transactions");
    // Nowhere in an operator's answers does a whole PIN appear.
    for (const text of [
      JSON.stringify(dashboard.body),
      JSON.stringify((await api('GET', `/transaction?userName=${buyer.userName}`, { token: adminToken })).body),
    ]) {
      for (const { pin } of pins) expect(text).not.toContain(pin);
    }
  });

  it('an admin reveals the PINs with a reason (1 to 500 characters), answered in full and written to the audit log; agents, keys and a missing reason are refused', async () => {
    const { id, pins } = await deliveredExam(1);
    const adminToken = await admin();

    expect(await reveal(id, { token: adminToken, body: {} })).toMatchObject({ status: 400, body: { msg: expect.any(String) } });
    expect(await reveal(id, { token: adminToken, body: { reason: '   ' } })).toMatchObject({ status: 400 });
    expect(await reveal(id, { token: adminToken, body: { reason: 'x'.repeat(501) } })).toMatchObject({ status: 400 });
    expect(await reveal(id, { token: await agent(), body: { reason: 'customer lost the PIN' } })).toMatchObject({ status: 403 });
    const adminKey = (await api('POST', '/auth/apiKey/regenerate', { token: adminToken, body: { password: cloud().adminLogin.password } })).body
      .apiKey as string;
    expect(await reveal(id, { headers: { 'x-auth-apikey': adminKey }, body: { reason: 'customer lost the PIN' } })).toEqual({
      status: 403,
      body: { msg: API_KEY_MSG.notForApiKeys },
    });
    expect(await reveal('01JD7Q4M2X8V3K9T6R5N1B0ZZZ', { token: adminToken, body: { reason: 'customer lost the PIN' } })).toMatchObject({ status: 404 });

    const reason = 'Customer called: the PIN SMS never arrived (ticket 4411)';
    const revealed = await reveal(id, { token: adminToken, body: { reason } });
    expect(revealed).toEqual({ status: 200, body: { transactionId: id, pins } });

    const log = await waitFor('the reveal in the audit log', async () => {
      const listed = await api('GET', `/admin/audit?day=${dayOf(new Date())}&operation=revealPins`, { token: adminToken });
      expect(listed.status).toBe(200);
      const entries = (listed.body as ListAuditResponse).entries.filter((entry) => entry.target.id === id && entry.status === 200);
      return entries.length ? entries : undefined;
    });
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({
      actorName: cloud().adminLogin.userName,
      role: 'admin',
      operation: 'revealPins',
      target: { id },
      summary: { reason },
      status: 200,
    });
    // The audit log keeps the reason, never the PINs.
    for (const { pin } of pins) expect(JSON.stringify(log[0])).not.toContain(pin);
  });
});

describe('the margin reaches operators only', () => {
  it('a customer reads trans_profit 0 on a replayed purchase, a bulk batch and its replay, the lookup and the session; an operator reads the margin', async () => {
    const user = await fundedUser(5_000);
    const buy = () =>
      api('POST', '/buy/airtime', { token: user.token, body: { network: 1, mobile_number: '08011111111', amount: 1_000, request_id: 'margin-replay-1' } });
    const bought = await resendWhileBusy(buy);
    expect(bought.status).toBe(200);
    const id = bought.body.receipt._id as string;
    expect((await waitForStatus(user.token, id, ['success', 'refunded'])).trans_Status).toBe('success');
    // The operator reads the platform's margin on the delivered purchase.
    const margin = (await api('GET', `/transaction/${id}`, { token: await admin() })).body.transaction.trans_profit as number;
    expect(margin).toBeGreaterThan(0);

    const replayed = await resendWhileBusy(buy);
    expect(replayed.status).toBe(200);
    expect(replayed.body.receipt, 'a replay of a delivered purchase').toMatchObject({ _id: id, trans_Status: 'success', trans_profit: 0 });
    expect((await api('GET', `/transaction/${id}`, { token: user.token })).body.transaction.trans_profit).toBe(0);
    const session = await api('GET', '/auth', { token: user.token });
    expect(
      session.body.transactions.find((t: { _id: string }) => t._id === id),
      "the session's recent transactions",
    ).toMatchObject({ trans_profit: 0 });

    const lines = [0, 1].map((i) => ({ network: 1, mobile_number: `0801111000${i}`, amount: 1_000 }));
    const placeBulk = () => api('POST', '/buy/airtime/bulk', { token: user.token, body: { request_id: 'margin-bulk-1', lines } });
    const placed = await resendWhileBusy(placeBulk);
    expect(placed.status).toBe(200);
    const batchId = placed.body.batch.id as string;
    const done = await waitFor(
      `batch ${batchId} settling`,
      async () => {
        const answer = await api('GET', `/buy/bulk/${batchId}`, { token: user.token });
        expect(answer.status).toBe(200);
        return answer.body.batch.status === 'done' ? answer.body.batch : undefined;
      },
      60_000,
    );
    expect(done.delivered).toBe(2);
    expect(
      done.lines.map((line: { trans_profit: number }) => line.trans_profit),
      "GET /buy/bulk/{id}'s lines",
    ).toEqual([0, 0]);
    const bulkReplay = await resendWhileBusy(placeBulk);
    expect(
      bulkReplay.body.batch.lines.map((line: { trans_profit: number }) => line.trans_profit),
      "a bulk replay's lines",
    ).toEqual([0, 0]);
    // The operator reads a line's margin.
    expect((await api('GET', `/transaction/${done.lines[0]._id}`, { token: await admin() })).body.transaction.trans_profit).toBeGreaterThan(0);
  });
});
