/**
 * The audit log of operator actions: what one entry holds, and how a request's input becomes a
 * summary fit to keep forever. An entry is written once and never changed, so nothing secret may
 * reach it: fields whose names say password, key, token, secret, PIN or OTP are replaced, strings
 * are cut, and the whole summary is bounded.
 */
import type { AuditEntryView, AuditRole, AuditSummary } from '../../../shared/api/audit.js';
import type { UserType } from '../../../shared/constants.js';
import type { Plan } from '../products/data-plans.js';
import type { RouteDef } from '../../../shared/routes.js';
import type { Principal } from '../accounts/users-port.js';
import { dayOf } from './sales-stats.js';

export type AuditEntry = AuditEntryView & {
  /** The Lagos day of `at`: the partition a day's listing reads. */
  day: string;
};

export const REDACTED = '[redacted]';

const MAX_STRING_CHARS = 200;
const MAX_KEYS = 20;
const MAX_ITEMS = 10;
const MAX_DEPTH = 3;
const MAX_SUMMARY_CHARS = 2_000;

/**
 * Names of fields that carry credentials. Compared on the name with `_`/`-` removed and lower-cased,
 * so `newPassword`, `password_check`, `x-api-key`, `apiToken` and `webhookSecret` are all caught.
 */
const SECRET_NAME = /pass(word|code|check)?|secret|token|apikey|privatekey|signature|authori[sz]ation|cvv|otp|credential/;
const SECRET_EXACT = new Set(['key', 'pin', 'bvn', 'nin']);

export function isSecretField(name: string): boolean {
  const flat = name.replace(/[-_\s]/g, '').toLowerCase();
  return SECRET_EXACT.has(flat) || SECRET_NAME.test(flat);
}

function cut(text: string): string {
  return text.length <= MAX_STRING_CHARS ? text : `${text.slice(0, MAX_STRING_CHARS)}…`;
}

const MAX_NAME_CHARS = 64;

/**
 * Names the store cannot keep are kept under a visible stand-in: DynamoDB refuses an empty name
 * inside a map, the SDK's marshalling assigns `__proto__` (a JSON body may carry it as a plain
 * field) as the map's prototype, leaving an empty value DynamoDB refuses, and it takes a map whose
 * `constructor` field is not Object's for no map at all and refuses the whole entry.
 */
const STAND_IN_NAMES = new Map([
  ['', '(empty name)'],
  ['__proto__', '(__proto__)'],
  ['constructor', '(constructor)'],
]);

function fieldName(name: string): string {
  const standIn = STAND_IN_NAMES.get(name);
  if (standIn !== undefined) return standIn;
  return name.length <= MAX_NAME_CHARS ? name : `${name.slice(0, MAX_NAME_CHARS)}…`;
}

/** DynamoDB numbers hold 38 digits up to 1e125: anything a JSON body may carry beyond plain sizes is kept as text. */
function storableNumber(value: number): number | string {
  const size = Math.abs(value);
  return Number.isSafeInteger(value) || (size >= 1e-15 && size <= 1e15) ? value : String(value);
}

/** A copy of `value` without secrets, with strings cut, objects and arrays bounded in size and depth. */
export function redact(value: unknown, depth = 0): AuditSummary {
  if (value === null || typeof value === 'boolean') return value;
  if (typeof value === 'number') return storableNumber(value);
  if (typeof value === 'string') return cut(value);
  if (depth >= MAX_DEPTH) return '…';
  if (Array.isArray(value)) {
    const kept = value.slice(0, MAX_ITEMS).map((item) => redact(item, depth + 1));
    return value.length > MAX_ITEMS ? [...kept, `…${value.length - MAX_ITEMS} more`] : kept;
  }
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>);
    const kept = entries
      .slice(0, MAX_KEYS)
      .map(([name, field]): [string, AuditSummary] => [fieldName(name), isSecretField(name) ? REDACTED : redact(field, depth + 1)]);
    return Object.fromEntries(entries.length > MAX_KEYS ? [...kept, ['…', `${entries.length - MAX_KEYS} more fields`]] : kept);
  }
  // undefined, functions, symbols, bigints: nothing a JSON body carries.
  return null;
}

/** The redacted input, bounded as a whole: an oversized summary is kept as its cut JSON text. */
export function summaryOf(body: unknown): AuditSummary {
  const redacted = redact(body);
  const text = JSON.stringify(redacted);
  return text.length <= MAX_SUMMARY_CHARS ? redacted : `${text.slice(0, MAX_SUMMARY_CHARS)}…`;
}

/** Input fields that name whom or what an action is on (a user, a purchase, a plan, a network). */
const TARGET_FIELDS = ['userId', 'userName', 'userAccount', 'id', 'transactionId', 'planId', 'dataId', 'network', 'serviceName', 'serviceType'] as const;

function asTargetValue(value: unknown): string | undefined {
  if (typeof value === 'string' && value.trim() !== '') return cut(value.trim());
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return undefined;
}

/** Path parameters, query values and the identifying fields of the input (secrets never). */
export function targetOf(params: Record<string, string | undefined>, query: Record<string, string | undefined>, body: unknown): Record<string, string> {
  const fields = body !== null && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
  const picked = TARGET_FIELDS.map((name) => [name, fields[name]] as const);
  const target: Record<string, string> = {};
  for (const [name, value] of [...picked, ...Object.entries(query), ...Object.entries(params)]) {
    const text = asTargetValue(value);
    if (text !== undefined) target[fieldName(name)] = isSecretField(name) ? REDACTED : text;
  }
  return target;
}

export function roleOf(principal: Pick<Principal, 'isAdmin' | 'isAgent'>): AuditRole {
  return principal.isAdmin ? 'admin' : 'agent';
}

export interface AuditedRequest {
  route: Pick<RouteDef, 'operation' | 'method' | 'path' | 'auditOperators' | 'auditedInWrite'>;
  principal: Pick<Principal, 'userId' | 'userName' | 'isAdmin' | 'isAgent'>;
  params: Record<string, string | undefined>;
  query: Record<string, string | undefined>;
  body: unknown;
  requestId: string;
}

/** What an action changed, read in the write that changed it. */
export interface AuditChange {
  before: AuditSummary;
  after: AuditSummary;
}

/** The entry for one operator action and its outcome (with what it changed, when its own write records it). */
export function auditEntry(request: AuditedRequest, status: number, at: Date, id: string, change?: AuditChange): AuditEntry {
  const iso = at.toISOString();
  return {
    id,
    at: iso,
    day: dayOf(iso),
    actorId: request.principal.userId,
    actorName: request.principal.userName,
    role: roleOf(request.principal),
    operation: request.route.operation,
    method: request.route.method,
    path: request.route.path,
    target: targetOf(request.params, request.query, request.body),
    summary: summaryOf(request.body),
    status,
    requestId: request.requestId,
    ...(change ? { before: summaryOf(change.before), after: summaryOf(change.after) } : {}),
  };
}

/**
 * Builds the entry of an action whose own write records it, once the write knows what it changed.
 * The id and instant are fixed up front, so every retry of the write puts the same entry.
 */
export type InWriteAudit<Change> = (change: Change) => AuditEntry;

/** `status`: the answer the action gives when its write succeeds (200; 201 for a created coupon). */
export function inWriteAudit<Change>(
  request: AuditedRequest,
  at: Date,
  id: string,
  describe: (change: Change) => AuditChange,
  status = 200,
): InWriteAudit<Change> {
  return (change) => auditEntry(request, status, at, id, describe(change));
}

/** An admin's change of a user's type, as the write that makes it sees it. */
export interface UserTypeAuditChange {
  before: UserType;
  after: UserType;
}

/** The type change's entry, and the type it must still find (so "before" is exactly what was replaced). */
export interface AuditedTypeChange {
  from: UserType;
  entry: InWriteAudit<UserTypeAuditChange>;
}

export function userTypeAuditChange({ before, after }: UserTypeAuditChange): AuditChange {
  return { before: { userType: before }, after: { userType: after } };
}

/** What an operator's plan or price change touched: the prices, the name, availability, the supplier ids (null: no plan). */
export function planAuditChange({ before, after }: { before: PlanAuditFields | null; after: PlanAuditFields | null }): AuditChange {
  const fields = (plan: PlanAuditFields) => ({
    planId: plan.planId,
    planName: plan.planName,
    isAvailable: plan.isAvailable,
    planAmountKobo: plan.planAmountKobo,
    smartEarnerPriceKobo: plan.smartEarnerPriceKobo,
    resellerPriceKobo: plan.resellerPriceKobo,
    partnerPriceKobo: plan.partnerPriceKobo,
    apiPriceKobo: plan.apiPriceKobo,
    planCostPriceKobo: plan.planCostPriceKobo,
    supplierPlanIds: plan.supplierPlanIds,
  });
  return { before: before && fields(before), after: after && fields(after) };
}

type PlanAuditFields = Pick<
  Plan,
  | 'planId'
  | 'planName'
  | 'isAvailable'
  | 'planAmountKobo'
  | 'smartEarnerPriceKobo'
  | 'resellerPriceKobo'
  | 'partnerPriceKobo'
  | 'apiPriceKobo'
  | 'planCostPriceKobo'
  | 'supplierPlanIds'
>;

export function toAuditView({ day: _day, ...view }: AuditEntry): AuditEntryView {
  return view;
}

const HOUR_MS = 60 * 60 * 1000;

/**
 * The instants a Lagos day spans, [from, to] inclusive (WAT is UTC+1 all year, as in `dayOf`):
 * an operator's entries of one day are one sort-key range.
 */
export function lagosDaySpan(day: string): { fromIso: string; toIso: string } {
  const start = Date.parse(`${day}T00:00:00.000Z`) - HOUR_MS;
  return { fromIso: new Date(start).toISOString(), toIso: new Date(start + 24 * HOUR_MS - 1).toISOString() };
}
