/**
 * The audit log on the local cloud: an operator action (answered or refused) is written once by the
 * HTTP layer with its actor, role, operation, target, redacted input and status; GET /admin/audit
 * lists it by day, operator and operation for admins only; an entry cannot be overwritten. A refund,
 * an admin's credit and a coupon put their entry (with before/after) in their own write, so the HTTP
 * layer records only their refusals.
 */
import { describe, expect, it } from 'vitest';
import type { AuditEntryView, ListAuditResponse } from '../../shared/api/audit.js';
import { ADMIN_USERS_MSG, AUDIT_MSG, MSG, NOTIFICATION_MSG, REFUND_MSG } from '../../shared/messages.js';
import { DEMO_AGENT } from '../../functions/local-seed.js';
import { dayOf } from '../../functions/domain/back-office/sales-stats.js';
import { useLocalCloud } from '../support/local-cloud.js';
import { platformClient, resendWhileBusy } from '../support/platform-client.js';
import { usePlatformTable } from '../support/platform-table.js';

const cloud = useLocalCloud();
const { api, admin, fundedUser, boughtAirtime, balance, transactionsOf } = platformClient(cloud, 'audited');
/** The MSORG simulator keeps a purchase to this number "processing" until a re-query. */
const OPEN_AT_SIMULATOR = '08033333333';

async function agent(): Promise<string> {
  const login = await api('POST', '/auth/login', { body: { userName: DEMO_AGENT.userName, password: DEMO_AGENT.password } });
  expect(login.status).toBe(200);
  return login.body.token as string;
}

async function auditLog(query: string): Promise<ListAuditResponse> {
  const listed = await api('GET', `/admin/audit${query}`, { token: await admin() });
  expect(listed.status).toBe(200);
  return listed.body as ListAuditResponse;
}

const today = () => dayOf(new Date());

describe('operator actions are written to the audit log', () => {
  it("an admin's type change (a GET that changes) writes one entry in its own write: actor, role, operation, target, type before and after, status, request id", async () => {
    const user = await fundedUser(0);
    const listed = await api('GET', `/admin/users?userName=${user.userName}`, { token: await admin() });
    const userId = listed.body.users[0].userId as string;
    const typeBefore = listed.body.users[0].userType as string;
    expect(typeBefore).not.toBe('reseller');
    expect((await api('GET', `/admin/upgradeUser/${userId}/reseller`, { token: await admin() })).status).toBe(200);
    // Rejection: setting the type it already has changes nothing, so it writes no entry.
    expect((await api('GET', `/admin/upgradeUser/${userId}/reseller`, { token: await admin() })).status).toBe(200);

    const log = await auditLog(`?day=${today()}&operation=adminUpgradeUser`);
    const mine = log.entries.filter((entry) => entry.target.userId === userId);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      actorName: cloud().adminLogin.userName,
      role: 'admin',
      operation: 'adminUpgradeUser',
      method: 'GET',
      path: '/admin/upgradeUser/{userId}/{userType}',
      target: { userId, userType: 'reseller' },
      before: { userType: typeBefore },
      after: { userType: 'reseller' },
      status: 200,
    });
    expect(mine[0]!.requestId).not.toBe('');
    expect(log.entries.every((entry) => entry.operation === 'adminUpgradeUser')).toBe(true);
  });

  it("an agent's price change writes one entry in the plan's own write, naming the prices before and after; a refused one is recorded with its 400", async () => {
    const changed = await api('POST', '/admin/updatePrice', { token: await agent(), body: { dataId: 62, newPrice: { price: '231.50' } } });
    expect(changed.status).toBe(200);
    expect((await api('POST', '/admin/updatePrice', { token: await agent(), body: { dataId: 62, newPrice: {} } })).status).toBe(400);

    const log = await auditLog(`?actor=${DEMO_AGENT.userName}&operation=updatePrice`);
    const succeeded = log.entries.filter((entry) => entry.status === 200);
    expect(succeeded).toHaveLength(1);
    expect(succeeded[0]!.after).toMatchObject({ planId: 62, smartEarnerPriceKobo: 231_50 });
    expect(succeeded[0]!.before).toMatchObject({ planId: 62 });
    expect((succeeded[0]!.before as { smartEarnerPriceKobo: number }).smartEarnerPriceKobo).not.toBe(231_50);
    expect(log.entries.filter((entry) => entry.status === 400)).toHaveLength(1);
  });

  it("an admin's new plan and its deletion each write one entry in the plan's own write: nothing before the addition, nothing after the deletion", async () => {
    const token = await admin();
    const added = await api('POST', '/dataPlan/add', {
      token,
      body: { planType: 'GLO', planName: 'audited 2GB', planValidity: '30 days', smartEarnerPrice: 600 },
    });
    expect(added.status).toBe(201);
    const planId = added.body.plan.planId as number;
    expect((await api('DELETE', `/dataPlan/delete?planId=${planId}`, { token })).status).toBe(200);
    // Rejection: deleting it again is refused and recorded by the HTTP layer with its 404, without before/after.
    expect((await api('DELETE', `/dataPlan/delete?planId=${planId}`, { token })).status).toBe(404);

    const additions = (await auditLog(`?day=${today()}&operation=addPlan`)).entries.filter(
      (entry) => (entry.after as { planId?: number } | undefined)?.planId === planId,
    );
    expect(additions).toHaveLength(1);
    expect(additions[0]).toMatchObject({ before: null, after: { planId, planName: 'audited 2GB', smartEarnerPriceKobo: 600_00 }, status: 201 });
    const deletions = (await auditLog(`?day=${today()}&operation=deletePlan`)).entries.filter((entry) => String(entry.target.planId) === String(planId));
    expect(deletions.map((entry) => entry.status).sort()).toEqual([200, 404]);
    expect(deletions.find((entry) => entry.status === 200)).toMatchObject({ before: { planId, planName: 'audited 2GB' }, after: null });
    expect(deletions.find((entry) => entry.status === 404)?.before).toBeUndefined();
  });

  it('a refused action is written with its status; a password in the input never reaches the log', async () => {
    const note = `audit-refused-${Date.now()}`;
    const tooLong = await api('POST', '/admin/notification', { token: await agent(), body: { msg: `${note}${'x'.repeat(1_000)}` } });
    expect(tooLong).toEqual({ status: 400, body: { msg: NOTIFICATION_MSG.tooLong } });
    const missing = await api('POST', '/admin/resetUserPassword', { token: await admin(), body: { password: 'never-logged-Passw0rd' } });
    expect(missing).toEqual({ status: 400, body: { msg: ADMIN_USERS_MSG.userIdRequired } });

    const byAgent = await auditLog(`?actor=${DEMO_AGENT.userName}&operation=setNotification`);
    const refused = byAgent.entries.find((entry) => JSON.stringify(entry.summary).includes(note));
    expect(refused).toMatchObject({ actorName: DEMO_AGENT.userName, role: 'agent', status: 400 });
    // The input is kept cut, not whole.
    expect((refused!.summary as { msg: string }).msg.length).toBeLessThanOrEqual(201);

    const resets = await auditLog(`?day=${today()}&operation=resetUserPassword`);
    const reset = resets.entries.find((entry) => entry.status === 400 && (entry.summary as Record<string, unknown>)?.password !== undefined);
    expect(reset?.summary).toEqual({ password: '[redacted]' });
    expect(JSON.stringify(resets)).not.toContain('never-logged-Passw0rd');
  });

  it('odd input (an empty field name, a number DynamoDB cannot hold) is still recorded', async () => {
    const note = `audit-odd-${Date.now()}`;
    const raw = `{"msg":"${note}","":1,"huge":1e308}`;
    expect((await api('POST', '/admin/notification', { token: await admin(), raw })).status).toBe(200);
    const found = (await auditLog(`?day=${today()}&operation=setNotification`)).entries.find((entry) => JSON.stringify(entry.summary).includes(note));
    expect(found?.summary).toEqual({ msg: note, '(empty name)': 1, huge: '1e+308' });
  });

  it('rejection: a user and an agent get 403 on GET /admin/audit, anonymous 401; bad filters 400', async () => {
    const user = await fundedUser(0);
    expect(await api('GET', '/admin/audit', { token: user.token })).toEqual({ status: 403, body: { msg: MSG.forbidden } });
    expect(await api('GET', '/admin/audit', { token: await agent() })).toEqual({ status: 403, body: { msg: MSG.forbidden } });
    expect((await api('GET', '/admin/audit')).status).toBe(401);
    expect(await api('GET', '/admin/audit?day=yesterday', { token: await admin() })).toEqual({ status: 400, body: { msg: AUDIT_MSG.invalidDay } });
    expect(await api('GET', '/admin/audit?operation=buyAirtime', { token: await admin() })).toEqual({ status: 400, body: { msg: AUDIT_MSG.invalidOperation } });
  });

  it('rejection: a refusal at the edge (a user calling an operator route) is no operator action and writes nothing', async () => {
    const user = await fundedUser(0);
    expect((await api('POST', '/admin/notification', { token: user.token, body: { msg: 'from a user' } })).status).toBe(403);
    const byUser = await auditLog(`?actor=${user.userName}`);
    expect(byUser.entries).toEqual([]);
  });

  it('an entry cannot be overwritten: a second put of its key is refused and the first stays as written', async () => {
    const note = `audit-immutable-${Date.now()}`;
    expect((await api('POST', '/admin/notification', { token: await admin(), body: { msg: note } })).status).toBe(200);
    const [written] = (await auditLog(`?day=${today()}&operation=setNotification`)).entries.filter((entry) => JSON.stringify(entry.summary).includes(note));
    expect(written).toBeDefined();

    await usePlatformTable(cloud());
    const { dynamoAuditTrail } = await import('../../functions/adapters/dynamo/back-office/audit.js');
    const forged = { ...(written as AuditEntryView), day: dayOf(written!.at), status: 200, actorName: 'someone-else', summary: { msg: 'rewritten' } };
    expect(await dynamoAuditTrail.append(forged)).toBe('exists');

    const [after] = (await auditLog(`?day=${today()}&operation=setNotification`)).entries.filter((entry) => entry.id === written!.id);
    expect(after).toEqual(written);
  });
});

/** Every entry of today for one operation, read from the table (the page of GET /admin/audit holds 20). */
async function entriesOfToday(operation: string): Promise<AuditEntryView[]> {
  await usePlatformTable(cloud());
  const { dynamoAuditTrail } = await import('../../functions/adapters/dynamo/back-office/audit.js');
  return dynamoAuditTrail.list({ day: today(), operation }, 5_000);
}

describe('money actions put their entry in their own write (before/after), the HTTP layer only their refusals', () => {
  it('a refund writes exactly one entry with the balance before and after; a repeat is refused and recorded once with its 400', async () => {
    const user = await fundedUser(500);
    const id = await boughtAirtime(user.token, OPEN_AT_SIMULATOR);
    const reason = 'customer reports no airtime';
    expect((await api('POST', `/admin/refund/${id}`, { token: await admin(), body: { reason } })).status).toBe(200);
    const repeat = await api('POST', `/admin/refund/${id}`, { token: await admin(), body: { reason } });
    expect(repeat).toEqual({ status: 400, body: { msg: REFUND_MSG.alreadyRefunded } });

    const mine = (await entriesOfToday('refundTransaction')).filter((entry) => entry.target.id === id);
    const succeeded = mine.filter((entry) => entry.status === 200);
    expect(succeeded).toHaveLength(1);
    // The operator's reason is kept in the entry (required for a delivered purchase).
    expect(succeeded[0]).toMatchObject({
      role: 'admin',
      before: { userName: user.userName, balanceKobo: 401_00 },
      after: { trans_Status: 'refunded', balanceKobo: 500_00, amountKobo: 99_00, reason },
    });
    const refused = mine.filter((entry) => entry.status === 400);
    expect(refused).toHaveLength(1);
    expect(refused[0]!.before).toBeUndefined();
  });

  it('rejection: 20 concurrent refunds of one purchase: one credit, one success entry, each refusal recorded with its 400', async () => {
    const user = await fundedUser(500);
    const id = await boughtAirtime(user.token, OPEN_AT_SIMULATOR);
    const token = await admin();
    // A refund that meets a busy wallet answers 503 having written nothing: resent, as an operator would.
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => resendWhileBusy(() => api('POST', `/admin/refund/${id}`, { token, body: { reason: 'concurrent test' } }))),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    expect(answers.filter((answer) => answer.status === 400)).toHaveLength(19);
    expect(await balance(user.token)).toBe(500);
    expect((await transactionsOf(user.token)).filter((t) => t.trans_Type === 'refund')).toHaveLength(1);

    const mine = (await entriesOfToday('refundTransaction')).filter((entry) => entry.target.id === id);
    expect(mine.filter((entry) => entry.status === 200)).toHaveLength(1);
    expect(mine.filter((entry) => entry.status === 400)).toHaveLength(19);
  });

  it("an admin's credit from the house account: one entry with the receiver's balance before and after", async () => {
    const user = await fundedUser(0);
    const request_id = `audit-credit-${Date.now()}`;
    const credited = await api('POST', '/auth/transferFund', { token: await admin(), body: { userName: user.userName, amount: 250, request_id } });
    expect(credited.status).toBe(200);
    const mine = (await entriesOfToday('transferFund')).filter((entry) => entry.target.userName === user.userName);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      role: 'admin',
      status: 200,
      before: { receiver: { userName: user.userName, balanceKobo: 0 } },
      after: { receiver: { userName: user.userName, balanceKobo: 250_00 }, amountKobo: 250_00 },
    });
  });

  it("rejection: an admin's credit to nobody is recorded once by the HTTP layer with its 404, without before/after", async () => {
    const nobody = `nobody${Date.now()}`;
    expect((await api('POST', '/auth/transferFund', { token: await admin(), body: { userName: nobody, amount: 250 } })).status).toBe(404);
    const mine = (await entriesOfToday('transferFund')).filter((entry) => entry.target.userName === nobody);
    expect(mine).toEqual([expect.objectContaining({ status: 404 })]);
    expect(mine[0]!.after).toBeUndefined();
  });
});

describe('settings put their entry in their own write, naming the value they replaced', () => {
  it('two notices in a row: the second entry says which message it replaced', async () => {
    const first = `audit-notice-a-${Date.now()}`;
    const second = `audit-notice-b-${Date.now()}`;
    expect((await api('POST', '/admin/notification', { token: await admin(), body: { msg: first } })).status).toBe(200);
    expect((await api('POST', '/admin/notification', { token: await agent(), body: { msg: second } })).status).toBe(200);
    const mine = (await entriesOfToday('setNotification')).filter((entry) => JSON.stringify(entry.summary).includes(second));
    expect(mine).toEqual([
      expect.objectContaining({ role: 'agent', status: 200, before: expect.objectContaining({ msg: first }), after: expect.objectContaining({ msg: second }) }),
    ]);
  });

  it('a supplier change and a lock change: the second of each says what it replaced', async () => {
    const token = await admin();
    expect((await api('POST', '/admin/supplier', { token, body: { network: 'GLO', supplierName: 'GLAD' } })).status).toBe(200);
    expect((await api('POST', '/admin/supplier', { token, body: { network: 'GLO', supplierName: 'ALARO' } })).status).toBe(200);
    const suppliers = (await entriesOfToday('setSupplier')).filter((entry) => JSON.stringify(entry.after).includes('GLO'));
    expect(suppliers[0]).toMatchObject({ status: 200, before: { network: 'GLO', supplierName: 'GLAD' }, after: { network: 'GLO', supplierName: 'ALARO' } });

    expect((await api('POST', '/admin/updateServices', { token, body: { serviceName: 'AIRTEL', serviceType: 'data', serviceStatus: 'locked' } })).status).toBe(
      200,
    );
    expect(
      (await api('POST', '/admin/updateServices', { token, body: { serviceName: 'AIRTEL', serviceType: 'data', serviceStatus: 'available' } })).status,
    ).toBe(200);
    const locks = (await entriesOfToday('updateServices')).filter((entry) => JSON.stringify(entry.after).includes('AIRTEL'));
    expect(locks[0]).toMatchObject({
      status: 200,
      before: { serviceName: 'AIRTEL', serviceStatus: 'locked' },
      after: { serviceName: 'AIRTEL', serviceStatus: 'available' },
    });
  });
});
