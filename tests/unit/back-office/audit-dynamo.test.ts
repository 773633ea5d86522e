/**
 * The audit log's store on DynamoDB Local: a day's entries and an operator's entries (of one day or
 * of every day) are each one query, newest first, filtered by operation; an entry is never
 * overwritten; whatever JSON an operator sends is stored and read back (an empty field name too).
 */
import { describe, expect, it } from 'vitest';
import { dynamoAuditTrail } from '../../../functions/adapters/dynamo/back-office/audit.js';
import { auditEntry, type AuditEntry } from '../../../functions/domain/back-office/audit.js';
import { routeByOperation, type Operation } from '../../../shared/routes.js';
import { useDynamoDb } from '../../support/dynamo.js';

useDynamoDb();

let unique = 0;
function entry(actorName: string, at: string, operation: Operation = 'setNotification', body: unknown = {}): AuditEntry {
  unique += 1;
  const principal = { userId: `id-${actorName}`, userName: actorName, isAdmin: true, isAgent: false };
  return auditEntry(
    { route: routeByOperation(operation), principal, params: {}, query: {}, body, requestId: `r${unique}` },
    200,
    new Date(at),
    `E${String(unique).padStart(4, '0')}`,
  );
}

describe('the audit log on DynamoDB', () => {
  it("lists a day newest first, an operator's entries of one day or of every day, and one operation", async () => {
    const boss = `boss${Date.now()}`;
    const other = `other${Date.now()}`;
    const written = [
      entry(boss, '2031-01-01T22:59:59.000Z'), // Lagos 2031-01-01, the day's last second
      entry(boss, '2031-01-01T23:00:00.000Z'), // Lagos 2031-01-02
      entry(other, '2031-01-02T08:00:00.000Z', 'refundTransaction'),
      entry(boss, '2031-01-02T09:00:00.000Z', 'refundTransaction'),
    ];
    for (const e of written) expect(await dynamoAuditTrail.append(e)).toBe('appended');
    const ids = (entries: AuditEntry[]) => entries.map((e) => e.id);

    expect(ids(await dynamoAuditTrail.list({ day: '2031-01-02' }, 100))).toEqual(ids([written[3]!, written[2]!, written[1]!]));
    expect(await dynamoAuditTrail.list({ day: '2031-01-02' }, 100)).toContainEqual(written[1]);
    expect(ids(await dynamoAuditTrail.list({ actor: boss.toUpperCase() }, 100))).toEqual(ids([written[3]!, written[1]!, written[0]!]));
    expect(ids(await dynamoAuditTrail.list({ actor: boss, day: '2031-01-01' }, 100))).toEqual(ids([written[0]!]));
    expect(ids(await dynamoAuditTrail.list({ actor: boss, operation: 'refundTransaction' }, 100))).toEqual(ids([written[3]!]));
    expect(ids(await dynamoAuditTrail.list({ day: '2031-01-02', operation: 'refundTransaction' }, 1))).toEqual(ids([written[3]!]));
  });

  it('rejection: a second put of an entry key is refused and the first stays', async () => {
    const first = entry(`imm${Date.now()}`, '2031-02-01T10:00:00.000Z');
    expect(await dynamoAuditTrail.append(first)).toBe('appended');
    expect(await dynamoAuditTrail.append({ ...first, status: 500, summary: { forged: true } })).toBe('exists');
    expect(await dynamoAuditTrail.list({ actor: first.actorName }, 10)).toEqual([first]);
  });

  it('stores any JSON input as redacted: odd field names, unicode, nulls, nesting', async () => {
    const odd = entry(`odd${Date.now()}`, '2031-03-01T10:00:00.000Z', 'updateServices', {
      '': 1,
      'ü ñ': '₦500 😀',
      none: null,
      huge: 1e308,
      tiny: 5e-324,
      amount: 1500.5,
      list: [[1], { a: {} }],
      password: 'x',
    });
    expect(await dynamoAuditTrail.append(odd)).toBe('appended');
    expect(await dynamoAuditTrail.list({ actor: odd.actorName }, 10)).toEqual([odd]);
    expect(odd.summary).toMatchObject({ '(empty name)': 1, password: '[redacted]', huge: '1e+308', tiny: '5e-324', amount: 1500.5 });
  });

  it('stores a body whose JSON has a "__proto__" field (route fuzz seed: a 500 on POST /admin/updatePrice): kept under a stand-in name', async () => {
    const body = JSON.parse('{"__proto__":"0x1F","nested":{"__proto__":{"a":1}},"dataId":1}') as unknown;
    const odd = entry(`proto${Date.now()}`, '2031-03-02T10:00:00.000Z', 'updatePrice', body);
    expect(await dynamoAuditTrail.append(odd)).toBe('appended');
    expect(await dynamoAuditTrail.list({ actor: odd.actorName }, 10)).toEqual([odd]);
    expect(JSON.stringify(odd.summary)).toBe('{"(__proto__)":"0x1F","nested":{"(__proto__)":{"a":1}},"dataId":1}');
  });

  it('stores a body with a "constructor" field (route fuzz: an admin call\'s entry was not written): kept under a stand-in name', async () => {
    const body = JSON.parse('{"constructor":"x","nested":{"constructor":{"a":1}},"code":"C1"}') as unknown;
    const odd = entry(`ctor${Date.now()}`, '2031-03-02T11:00:00.000Z', 'cancelCoupon', body);
    expect(await dynamoAuditTrail.append(odd)).toBe('appended');
    expect(await dynamoAuditTrail.list({ actor: odd.actorName }, 10)).toEqual([odd]);
    expect(JSON.stringify(odd.summary)).toBe('{"(constructor)":"x","nested":{"(constructor)":{"a":1}},"code":"C1"}');
  });
});
