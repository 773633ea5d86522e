/**
 * The audit log on the local cloud: an operator action (answered or refused) is written once by the
 * HTTP layer with its actor, role, operation, target, redacted input and status; GET /admin/audit
 * lists it by day, operator and operation for admins only; an entry cannot be overwritten.
 */
import { describe, expect, it } from 'vitest';
import type { AuditEntryView, ListAuditResponse } from '../../shared/api/audit.js';
import { ADMIN_USERS_MSG, AUDIT_MSG, MSG, NOTIFICATION_MSG } from '../../shared/messages.js';
import { DEMO_AGENT } from '../../functions/local-seed.js';
import { dayOf } from '../../functions/domain/sales-stats.js';
import { useLocalCloud } from '../support/local-cloud.js';
import { platformClient } from '../support/platform-client.js';
import { usePlatformTable } from '../support/platform-table.js';

const cloud = useLocalCloud();
const { api, admin, fundedUser } = platformClient(cloud, 'audited');

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
  it("an admin's type change (a GET that changes) writes one entry: actor, role, operation, target, status, request id", async () => {
    const user = await fundedUser(0);
    const listed = await api('GET', `/admin/users?userName=${user.userName}`, { token: await admin() });
    const userId = listed.body.users[0].userId as string;
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
      status: 200,
    });
    expect(mine[0]!.requestId).not.toBe('');
    expect(log.entries.every((entry) => entry.operation === 'adminUpgradeUser')).toBe(true);
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
    expect(((refused!.summary as { msg: string }).msg).length).toBeLessThanOrEqual(201);

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
    const { dynamoAuditTrail } = await import('../../functions/adapters/dynamo/audit.js');
    const forged = { ...(written as AuditEntryView), day: dayOf(written!.at), status: 200, actorName: 'someone-else', summary: { msg: 'rewritten' } };
    expect(await dynamoAuditTrail.append(forged)).toBe('exists');

    const [after] = (await auditLog(`?day=${today()}&operation=setNotification`)).entries.filter((entry) => entry.id === written!.id);
    expect(after).toEqual(written);
  });
});
