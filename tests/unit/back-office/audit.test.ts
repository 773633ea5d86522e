/**
 * The audit log's rules without a database: which routes are operator actions (from the route
 * table), what an entry holds, that its summary never keeps a secret and stays bounded, that the
 * HTTP layer writes one entry per operator action whatever its outcome (and none for other routes
 * or for callers refused at the edge), that a failed audit write never changes the answer, and the
 * listing's filters.
 */
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { describe, expect, it, vi } from 'vitest';
import { AUDITED_OPERATIONS, listAuditQuery } from '../../../shared/api/audit.js';
import { API_BASE_PATH } from '../../../shared/constants.js';
import { AUDIT_MSG, MSG } from '../../../shared/messages.js';
import { isOperatorAction, routeByOperation, ROUTES, type Operation } from '../../../shared/routes.js';
import {
  auditEntry,
  isSecretField,
  lagosDaySpan,
  REDACTED,
  redact,
  summaryOf,
  targetOf,
  toAuditView,
  type AuditEntry,
} from '../../../functions/domain/back-office/audit.js';
import { dayOf } from '../../../functions/domain/back-office/sales-stats.js';
import { listAuditOperation } from '../../../functions/handlers/http/audit.js';
import { BadRequestError } from '../../../functions/middleware/errors.js';
import { httpService, ok, type EdgeDeps, type Principal, type UserOperation, type UserRequest } from '../../../functions/middleware/http.js';
import type { AuditFilter } from '../../../functions/domain/back-office/audit-port.js';

const admin: Principal = { userId: '01ADMIN', userName: 'Boss', userType: 'smart earner', isAdmin: true, isAgent: false, isCouponVendor: false };
const agent: Principal = { ...admin, userId: '01AGENT', userName: 'Agent', isAdmin: false, isAgent: true };
const user: Principal = { ...admin, userId: '01USER', userName: 'Ada', isAdmin: false };
const AT = new Date('2026-11-25T10:15:00.000Z');

describe('operator actions come from the route table', () => {
  it('every admin, adminOrAgent or adminOrCouponVendor route that is not a GET is one, and so is the GET that cycles a user type', () => {
    for (const route of ROUTES) {
      const operator = route.access === 'admin' || route.access === 'adminOrAgent' || route.access === 'adminOrCouponVendor';
      const expected = (operator && (route.method !== 'GET' || route.operation === 'adminUpgradeUser')) || route.operation === 'transferFund';
      expect(isOperatorAction(route), route.operation).toBe(expected);
    }
    expect(AUDITED_OPERATIONS).toEqual(
      expect.arrayContaining(['refundTransaction', 'adminUpgradeUser', 'resetUserPassword', 'setNotification', 'updatePrice', 'generateCoupon']),
    );
  });

  it('rejection: reads and routes open to every user are not operator actions', () => {
    for (const operation of ['listAudit', 'listUsers', 'adminDashboard', 'getNotification', 'buyAirtime', 'withdraw'] as const) {
      expect(isOperatorAction(routeByOperation(operation)), operation).toBe(false);
    }
  });
});

describe('redaction: an entry never keeps a password, key or token', () => {
  it('names that carry credentials are recognised in any spelling', () => {
    for (const name of [
      'password',
      'newPassword',
      'password_check',
      'passwordCheck',
      'x-api-key',
      'apiKey',
      'apiToken',
      'token',
      'webhookSecret',
      'key',
      'pin',
      'PIN',
      'otp',
      'bvn',
      'nin',
      'authorization',
      'signature',
    ]) {
      expect(isSecretField(name), name).toBe(true);
    }
    for (const name of ['userId', 'userName', 'amount', 'network', 'msg', 'subject', 'newPrice', 'serviceStatus', 'planId'])
      expect(isSecretField(name), name).toBe(false);
  });

  it('replaces secret fields at any depth and keeps the rest', () => {
    expect(redact({ userId: 'u1', password: 'hunter2', nested: { apiKey: 'vtu_live_123', amount: 500 }, list: [{ token: 't' }] })).toEqual({
      userId: 'u1',
      password: REDACTED,
      nested: { apiKey: REDACTED, amount: 500 },
      list: [{ token: REDACTED }],
    });
    expect(JSON.stringify(summaryOf({ password: 'hunter2', passwordCheck: 'hunter2' }))).not.toContain('hunter2');
  });

  it('cuts long strings, many fields, long arrays, deep nesting, and bounds the whole summary', () => {
    expect(redact('x'.repeat(500))).toBe(`${'x'.repeat(200)}…`);
    const wide = Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`f${i}`, i]));
    expect(Object.keys(redact(wide) as object)).toHaveLength(21);
    expect(redact(Array.from({ length: 15 }, (_, i) => i))).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, '…5 more']);
    expect(redact({ a: { b: { c: { d: 1 } } } })).toEqual({ a: { b: { c: '…' } } });
    // DynamoDB refuses an empty name inside a map; a very long name is cut like a value.
    expect(redact({ '': 1, ['n'.repeat(100)]: 2 })).toEqual({ '(empty name)': 1, [`${'n'.repeat(64)}…`]: 2 });
    const huge = Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`f${i}`, 'y'.repeat(200)]));
    const summary = summaryOf(huge);
    expect(typeof summary).toBe('string');
    expect((summary as string).length).toBeLessThanOrEqual(2_001);
  });

  it('the target names path parameters, query values and identifying input fields, never a secret', () => {
    expect(targetOf({ id: 'TXN1' }, {}, { userName: 'ada', amount: 5 })).toEqual({ id: 'TXN1', userName: 'ada' });
    expect(targetOf({}, { planId: '12' }, {})).toEqual({ planId: '12' });
    expect(targetOf({}, { '': 'x' }, {})).toEqual({ '(empty name)': 'x' });
    expect(targetOf({}, { token: 'abc' }, { userId: 'u1', password: 'p' })).toEqual({ userId: 'u1', token: REDACTED });
  });
});

describe('an audit entry', () => {
  const request = {
    route: routeByOperation('resetUserPassword'),
    principal: admin,
    params: {},
    query: {},
    body: { userId: '01TARGET', password: 'never-kept' },
    requestId: 'req-1',
  };

  it('holds who, role, what, target, redacted input, status, when and the request id; its day is the Lagos day', () => {
    const entry = auditEntry(request, 200, AT, '01ENTRY');
    expect(entry).toEqual({
      id: '01ENTRY',
      at: '2026-11-25T10:15:00.000Z',
      day: '2026-11-25',
      actorId: '01ADMIN',
      actorName: 'Boss',
      role: 'admin',
      operation: 'resetUserPassword',
      method: 'POST',
      path: '/admin/resetUserPassword',
      target: { userId: '01TARGET' },
      summary: { userId: '01TARGET', password: REDACTED },
      status: 200,
      requestId: 'req-1',
    });
    expect(toAuditView(entry)).not.toHaveProperty('day');
    // 23:30 UTC is already the next day in Lagos.
    expect(auditEntry(request, 200, new Date('2026-11-25T23:30:00.000Z'), 'x').day).toBe('2026-11-26');
    expect(auditEntry({ ...request, principal: agent }, 403, AT, 'x')).toMatchObject({ role: 'agent', status: 403 });
  });

  it("a Lagos day's span starts and ends where dayOf changes", () => {
    const { fromIso, toIso } = lagosDaySpan('2026-11-25');
    expect(dayOf(fromIso)).toBe('2026-11-25');
    expect(dayOf(toIso)).toBe('2026-11-25');
    expect(dayOf(new Date(Date.parse(fromIso) - 1))).toBe('2026-11-24');
    expect(dayOf(new Date(Date.parse(toIso) + 1))).toBe('2026-11-26');
  });
});

// -----------------------------------------------------------------------------------------------
// The HTTP layer writes the entries

type Handler = (event: APIGatewayProxyEventV2, context: Context) => Promise<APIGatewayProxyStructuredResultV2>;

function event(operation: Operation, body: unknown = {}, params: Record<string, string> = {}): APIGatewayProxyEventV2 {
  const route = routeByOperation(operation);
  return {
    version: '2.0',
    routeKey: `${route.method} ${API_BASE_PATH}${route.path}`,
    rawPath: `${API_BASE_PATH}${route.path}`,
    rawQueryString: '',
    headers: { 'content-type': 'application/json', 'x-auth-token': 'session' },
    pathParameters: params,
    requestContext: { requestId: 'gw-req-1', http: { method: route.method, path: route.path, sourceIp: '127.0.0.1', protocol: 'HTTP/1.1', userAgent: 'test' } },
    body: JSON.stringify(body),
    isBase64Encoded: false,
  } as unknown as APIGatewayProxyEventV2;
}

/** The edge as `caller` signs in, with the audit log appending through `append`. */
function edgeAs(caller: Principal, append: (entry: AuditEntry) => Promise<'appended' | 'exists'>): EdgeDeps {
  return {
    verifyToken: async () => ({ ok: true, claims: { userId: caller.userId, tokenVersion: 0 } }),
    loadPrincipal: async () => caller,
    authenticateApiKey: async () => ({ kind: 'invalid_key' }),
    audit: { audit: { append }, now: () => AT, newId: () => '01ENTRY' },
  };
}

function adminService(caller: Principal, setNotification: UserOperation, append: (entry: AuditEntry) => Promise<'appended' | 'exists'>) {
  const edge = edgeAs(caller, append);
  const answer = async () => ok({});
  const handler = httpService(
    'admin',
    {
      listSuppliers: answer,
      setSupplier: answer,
      updateServices: answer,
      checkServices: answer,
      getNotification: answer,
      acknowledgeNotification: answer,
      setNotification,
      adminDashboard: answer,
      revealPins: answer,
      listAudit: answer,
      profitAndLoss: answer,
      tieOut: answer,
    },
    edge,
  ) as unknown as Handler;
  return (e: APIGatewayProxyEventV2) => handler(e, {} as Context);
}

/** The mailings service: its one action (send mail) is audited by the HTTP layer after the action. */
function mailService(caller: Principal, sendMail: UserOperation, append: (entry: AuditEntry) => Promise<'appended' | 'exists'>) {
  const edge = edgeAs(caller, append);
  const handler = httpService('mailings', { sendMail }, edge) as unknown as Handler;
  return (e: APIGatewayProxyEventV2) => handler(e, {} as Context);
}

describe("an admin's transfer is an operator action (a credit from the house account); a user's is not", () => {
  const transferService = (caller: Principal, append: (entry: AuditEntry) => Promise<'appended' | 'exists'>) => {
    const edge = edgeAs(caller, append);
    const handler = httpService('transfers', { transferFund: async () => ok({ msg: 'sent' }) }, edge) as unknown as Handler;
    return (e: APIGatewayProxyEventV2) => handler(e, {} as Context);
  };

  it("an admin's credit is written in its own write (auditedInWrite), so the HTTP layer writes no second entry for it", async () => {
    const append = vi.fn(async (_entry: AuditEntry) => 'appended' as const);
    await transferService(admin, append)(event('transferFund', { userName: 'Ada', amount: 500 }));
    expect(append).not.toHaveBeenCalled();
  });

  it('an admin credit refused (nothing changed) is written by the HTTP layer with its status, the amount and the receiver', async () => {
    const append = vi.fn(async (_entry: AuditEntry) => 'appended' as const);
    const edge = edgeAs(admin, append);
    const handler = httpService('transfers', { transferFund: async () => ({ statusCode: 404, body: { msg: 'User not found' } }) }, edge) as unknown as Handler;
    await handler(event('transferFund', { userName: 'Nobody', amount: 500 }), {} as Context);
    expect(append).toHaveBeenCalledTimes(1);
    expect(append.mock.calls[0]![0]).toMatchObject({ operation: 'transferFund', role: 'admin', status: 404, summary: { userName: 'Nobody', amount: 500 } });
  });

  it("rejection: a user's transfer to another user is not written", async () => {
    const append = vi.fn(async (_entry: AuditEntry) => 'appended' as const);
    await transferService(user, append)(event('transferFund', { userName: 'Bola', amount: 500 }));
    expect(append).not.toHaveBeenCalled();
  });
});

describe('the HTTP layer writes one entry per operator action', () => {
  it('an answered action: one entry with the actor, the operation, the status and the gateway request id', async () => {
    const append = vi.fn(async (_entry: AuditEntry) => 'appended' as const);
    const call = mailService(admin, async () => ok({ msg: 'Mail sent' }), append);
    const response = await call(event('sendMail', { userAccount: 'ada', subject: 'Hello' }));
    expect(response.statusCode).toBe(200);
    expect(append).toHaveBeenCalledTimes(1);
    expect(append.mock.calls[0]![0]).toMatchObject({
      actorName: 'Boss',
      role: 'admin',
      operation: 'sendMail',
      status: 200,
      requestId: 'gw-req-1',
      summary: { userAccount: 'ada', subject: 'Hello' },
    });
  });

  it('rejection: an action whose own write puts its entry (auditedInWrite: the notice) gets no second one when answered; its refusal does', async () => {
    const append = vi.fn(async (_entry: AuditEntry) => 'appended' as const);
    await adminService(agent, async () => ok({ msg: 'Notification updated' }), append)(event('setNotification', { msg: 'Hello' }));
    expect(append).not.toHaveBeenCalled();
    await adminService(agent, async () => ({ statusCode: 400, body: { msg: 'too long' } }), append)(event('setNotification', { msg: 'Hello' }));
    expect(append.mock.calls.map(([entry]) => [entry.operation, entry.status])).toEqual([['setNotification', 400]]);
  });

  it('a refused action is written with its status (thrown 400 and answered 4xx alike); a crash with 500', async () => {
    const append = vi.fn(async (_entry: AuditEntry) => 'appended' as const);
    await adminService(
      admin,
      async () => {
        throw new BadRequestError('Enter the notification message');
      },
      append,
    )(event('setNotification', {}));
    await adminService(admin, async () => ({ statusCode: 409, body: { msg: 'taken' } }), append)(event('setNotification', {}));
    const crashed = await adminService(
      admin,
      async () => {
        throw new Error('boom');
      },
      append,
    )(event('setNotification', {}));
    expect(crashed.statusCode).toBe(500);
    expect(append.mock.calls.map(([entry]) => entry.status)).toEqual([400, 409, 500]);
  });

  it('rejection: reads are not written, nor callers refused at the edge (a user on an admin route gets 403, nothing recorded)', async () => {
    const append = vi.fn(async (_entry: AuditEntry) => 'appended' as const);
    await adminService(admin, async () => ok({}), append)(event('checkServices'));
    const refused = await adminService(user, async () => ok({}), append)(event('setNotification', { msg: 'x' }));
    expect(refused.statusCode).toBe(403);
    expect(JSON.parse(refused.body as string)).toEqual({ msg: MSG.forbidden });
    expect(append).not.toHaveBeenCalled();
  });

  it('a failed audit write never changes the answer of a completed action', async () => {
    const call = mailService(
      admin,
      async () => ok({ msg: 'Mail sent' }),
      async () => {
        throw new Error('DynamoDB is down');
      },
    );
    const response = await call(event('sendMail', { userAccount: 'ada', subject: 'Hello' }));
    expect(response.statusCode).toBe(200);
    expect(JSON.parse(response.body as string)).toEqual({ msg: 'Mail sent' });
  });
});

// -----------------------------------------------------------------------------------------------
// The listing

describe('GET /admin/audit', () => {
  const entries = (count: number): AuditEntry[] =>
    Array.from({ length: count }, (_, i) =>
      auditEntry({ route: routeByOperation('setNotification'), principal: admin, params: {}, query: {}, body: {}, requestId: `r${i}` }, 200, AT, `E${i}`),
    );

  function listing(stored: AuditEntry[]) {
    const asked: AuditFilter[] = [];
    const operation = listAuditOperation({ auditTrail: { list: async (filter) => (asked.push(filter), stored) }, now: () => AT });
    const call = (query: Record<string, string>) => operation({ query, params: {}, body: {}, principal: admin } as unknown as UserRequest);
    return { asked, call };
  }

  it("lists today's (Lagos) entries by default, 20 a page with totals; an operator's entries of every day when only the actor is given", async () => {
    const { asked, call } = listing(entries(45));
    const first = await call({});
    expect(asked[0]).toEqual({ day: '2026-11-25', actor: undefined, operation: undefined });
    expect(first.body).toMatchObject({ totalEntries: 45, totalPages: 3, page: 1, day: '2026-11-25' });
    expect((first.body as { entries: unknown[] }).entries).toHaveLength(20);
    const third = await call({ page: '3', operation: 'setNotification' });
    expect((third.body as { entries: { id: string }[] }).entries.map((e) => e.id)).toEqual(['E40', 'E41', 'E42', 'E43', 'E44']);
    expect((third.body as { entries: object[] }).entries[0]).not.toHaveProperty('day');
    await call({ actor: 'Boss' });
    expect(asked[2]).toEqual({ day: undefined, actor: 'Boss', operation: undefined });
    expect((await call({ actor: 'Boss' })).body).toMatchObject({ day: null });
  });

  it('rejection: a bad day, actor, operation or page is a 400 naming it', () => {
    const refusal = (query: Record<string, string>) => listAuditQuery.safeParse(query).error?.issues[0]?.message;
    expect(refusal({ day: '25-11-2026' })).toBe(AUDIT_MSG.invalidDay);
    expect(refusal({ day: '2026-02-30' })).toBe(AUDIT_MSG.invalidDay);
    expect(refusal({ actor: 'a b' })).toBe(AUDIT_MSG.invalidActor);
    expect(refusal({ operation: 'buyAirtime' })).toBe(AUDIT_MSG.invalidOperation);
    expect(refusal({ page: '0' })).toBe(AUDIT_MSG.invalidPage);
    expect(listAuditQuery.parse({ day: '', actor: ' ', operation: '' })).toEqual({ page: 1 });
  });
});
