/**
 * fast-check arbitraries for fuzzing the HTTP API: hostile values (3,000-character strings,
 * unicode, numbers as strings, negative/float/huge amounts, nested objects, arrays, null), bodies
 * (JSON, raw invalid JSON, empty), path parameters and query strings. Bodies use the field names
 * of the route's own request schema when shared/api names one (`<operation>Request|Query|Params`),
 * and plausible values for known field names, so that some requests get past validation and reach
 * the money paths; the rest are noise.
 */
import fc from 'fast-check';
import type { ZodTypeAny } from 'zod';
import * as accountsApi from '../../shared/api/accounts.js';
import * as adminApi from '../../shared/api/admin.js';
import * as catalogueApi from '../../shared/api/catalogue.js';
import * as contactsApi from '../../shared/api/contacts.js';
import * as earningsApi from '../../shared/api/earnings.js';
import * as fundingApi from '../../shared/api/funding.js';
import * as profileApi from '../../shared/api/profile.js';
import * as purchasesApi from '../../shared/api/purchases.js';
import * as transactionsApi from '../../shared/api/transactions.js';
import * as transfersApi from '../../shared/api/transfers.js';
import * as walletApi from '../../shared/api/wallet.js';
import * as withdrawalsApi from '../../shared/api/withdrawals.js';
import { USER_TYPES } from '../../shared/constants.js';
import type { RouteDef } from '../../shared/routes.js';

export const LONG = 3_000;
/** Over the edge's 64 KB body limit: must be a 413 {msg}, not a crash. */
const OVERSIZED = 70_000;
/**
 * Node's HTTP server refuses request lines over 16 KB with a bare 431 before the platform sees
 * them (API Gateway has its own limit); URLs are kept below, so every request reaches the edge.
 */
const MAX_URL_CHARS = 10_000;

export type FuzzBody = { kind: 'none' } | { kind: 'json'; value: unknown } | { kind: 'raw'; text: string };

export interface FuzzRequest {
  /** Path parameter values as sent (already percent-encoded, or deliberately raw). */
  params: Record<string, string>;
  /** Query string without `?`. */
  query: string;
  body: FuzzBody;
  contentType: string | undefined;
}

/** Values the fuzz may aim at: existing accounts' names and ids, so some requests name real people. */
export interface Anchors {
  userNames: string[];
  userIds: string[];
  emails: string[];
}

// -----------------------------------------------------------------------------------------------
// Values

const URL_CHARS = [...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.~ !*()+,;=:@'];

/** 3,000 characters, short enough once percent-encoded to stay inside a URL. */
const longUrlString = fc.oneof(
  fc.constantFrom('A'.repeat(LONG), '9'.repeat(LONG), `${'x'.repeat(LONG - 4)}€😀é`, '0'.repeat(LONG)),
  fc.string({ unit: fc.constantFrom(...URL_CHARS), minLength: LONG, maxLength: LONG }),
);

/** 3,000 characters of anything (bodies only). */
const longString = fc.oneof(
  longUrlString,
  fc.constantFrom('€'.repeat(LONG), '😀'.repeat(LONG / 2), 'ب'.repeat(LONG), '\u0000'.repeat(LONG), `${'"'.repeat(LONG / 2)}${'\\'.repeat(LONG / 2)}`),
);

const trickyStrings = fc.constantFrom(
  '',
  ' ',
  '0',
  '-1',
  '-100',
  '100',
  '100.005',
  '1e309',
  '1e21',
  '9007199254740993',
  'NaN',
  'Infinity',
  '0x1F',
  '１００',
  '٣٠٠',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  '../..',
  '%00',
  '%zz',
  '\u0000',
  '\u202e',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '{"$ne":null}',
  '__proto__',
  'constructor',
  'USER#x',
  'TXN#',
);

const numbersAsStrings = fc.oneof(fc.integer().map(String), fc.double().map(String), fc.bigInt().map(String));

const nastyNumbers = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.constantFrom(-1, 0, -0, 0.5, 0.001, 99.999, 100, 100.005, 1e21, -1e21, Number.MAX_SAFE_INTEGER + 2, 1e308, Number.MIN_VALUE, -50_000.5),
);

const shortStrings = fc.oneof(fc.string({ maxLength: 24 }), fc.string({ unit: 'grapheme', maxLength: 12 }), fc.string({ unit: 'binary', maxLength: 12 }));

/** Any string a client could put in a path or query value. */
const urlValue = fc.oneof(
  { weight: 4, arbitrary: shortStrings },
  { weight: 3, arbitrary: trickyStrings },
  { weight: 2, arbitrary: numbersAsStrings },
  { weight: 2, arbitrary: longUrlString },
);

function nastyValue(anchors: Anchors): fc.Arbitrary<unknown> {
  const leaf = fc.oneof(
    { weight: 4, arbitrary: shortStrings },
    { weight: 3, arbitrary: trickyStrings },
    { weight: 2, arbitrary: numbersAsStrings },
    { weight: 3, arbitrary: nastyNumbers },
    { weight: 2, arbitrary: longString },
    { weight: 1, arbitrary: fc.boolean() },
    { weight: 2, arbitrary: fc.constant(null) },
    { weight: 1, arbitrary: fc.constantFrom(...anchors.userNames, ...anchors.userIds) },
  );
  return fc.oneof(
    { weight: 6, arbitrary: leaf },
    { weight: 1, arbitrary: fc.array(leaf, { maxLength: 4 }) },
    { weight: 1, arbitrary: fc.object({ maxDepth: 3, maxKeys: 4 }) },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  );
}

/** Values that pass some field's validation, so a share of the requests gets past the first check. */
function plausible(field: string, anchors: Anchors): fc.Arbitrary<unknown> | undefined {
  const name = field.toLowerCase();
  if (name === 'request_id') return fc.stringMatching(/^[A-Za-z0-9_-]{8,24}$/);
  if (/amount|price|kobo/.test(name)) return fc.constantFrom(100, '100', 150.5, '2000', 1, 50_000, '0.01');
  if (/network/.test(name)) return fc.constantFrom(1, '1', 2, 3, 4, 6, 'MTN', 'mtn');
  if (/phone|mobile|contactnumber/.test(name)) return fc.constantFrom('08012345678', '08031234567', '8012345678');
  if (/^(plan|planid|dataid|meterid|id)$/.test(name)) return fc.constantFrom(1, '1', 2, 62, ...anchors.userIds);
  if (name === 'meternumber') return fc.constantFrom('12345678901', '1234567890');
  if (name === 'metertype') return fc.constantFrom('prepaid', 'postpaid', 'PREPAID');
  if (/username|useraccount|referredby|receiver/.test(name)) return fc.constantFrom(...anchors.userNames);
  if (/userid/.test(name)) return fc.constantFrom(...anchors.userIds);
  if (name === 'email') return fc.constantFrom('fuzz@example.com', ...anchors.emails);
  if (name === 'usertype' || name === 'type') return fc.constantFrom(...USER_TYPES);
  if (name === 'nin' || name === 'bvn') return fc.stringMatching(/^[1-8]\d{10}$/);
  if (name === 'webhookurl') return fc.constantFrom('https://example.com/hook', 'http://127.0.0.1:1/x', 'javascript:alert(1)');
  if (name === 'bankcode') return fc.constantFrom('058', '044', '999');
  if (name === 'accountnumber') return fc.constantFrom('0123456789', '0000000000', '1111111111');
  if (/password/.test(name)) return fc.constantFrom('fuzz-password-1', 'short');
  if (/status/.test(name)) return fc.constantFrom(true, false, 'active', 'locked');
  return undefined;
}

/** Mostly plausible, so that one long or hostile field among valid ones reaches the code behind validation. */
function fieldValue(field: string, anchors: Anchors): fc.Arbitrary<unknown> {
  const good = plausible(field, anchors);
  const hostile = fc.oneof({ weight: 3, arbitrary: nastyValue(anchors) }, { weight: 1, arbitrary: longString });
  return good ? fc.oneof({ weight: 4, arbitrary: good }, { weight: 2, arbitrary: hostile }) : hostile;
}

// -----------------------------------------------------------------------------------------------
// Field names from the shared request schemas

const API_MODULES: Record<string, unknown>[] = [
  accountsApi,
  adminApi,
  catalogueApi,
  contactsApi,
  earningsApi,
  fundingApi,
  profileApi,
  purchasesApi,
  transactionsApi,
  transfersApi,
  walletApi,
  withdrawalsApi,
];

/** The keys of a zod object, through refinements, transforms, pipes and optionals. */
function objectKeys(schema: ZodTypeAny | undefined): string[] {
  for (let current: any = schema, depth = 0; current && depth < 10; depth++) {
    if (current.shape && typeof current.shape === 'object') return Object.keys(current.shape);
    current = current._def?.schema ?? current._def?.in ?? current._def?.innerType;
  }
  return [];
}

/** Field names of `<operation>Request|Query|Params` in shared/api, when the API names one. */
export function schemaFields(operation: string): string[] {
  const names = [`${operation}Request`, `${operation}Query`, `${operation}Params`];
  return [...new Set(API_MODULES.flatMap((module) => names.flatMap((name) => objectKeys(module[name] as ZodTypeAny | undefined))))];
}

/** Every field name any request schema uses: wrong-route fields are noise worth sending too. */
const ALL_FIELDS = [...new Set(API_MODULES.flatMap((module) => Object.values(module).flatMap((value) => objectKeys(value as ZodTypeAny))))];

// -----------------------------------------------------------------------------------------------
// Requests

const rawBodies = fc.oneof(
  fc.constantFrom(
    '{',
    '{"amount":',
    '[1,2',
    "{'amount':100}",
    '{amount:100}',
    'undefined',
    'NaN',
    '\u0000',
    '{"a":1}}',
    ' ',
    '\n\t',
    '"just a string"',
    '12',
    'null',
    '[]',
    '{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"isAdmin":true}}}',
    `{"amount":${'9'.repeat(400)}}`,
    `${'['.repeat(5_000)}${']'.repeat(5_000)}`,
    `{"x":"${'a'.repeat(OVERSIZED)}"}`,
  ),
  fc.string({ maxLength: 64 }),
  fc.string({ unit: 'binary', maxLength: 64 }),
);

function bodyFor(route: RouteDef, anchors: Anchors): fc.Arbitrary<FuzzBody> {
  const fields = schemaFields(route.operation);
  const fieldName = fc.oneof(fc.constantFrom(...ALL_FIELDS), fc.string({ maxLength: 12 }));
  const extra = fc.dictionary(fieldName, nastyValue(anchors), { maxKeys: 4 });
  const shaped =
    fields.length > 0
      ? fc
          .tuple(fc.record(Object.fromEntries(fields.map((f) => [f, fieldValue(f, anchors)])), { requiredKeys: [] }), fc.option(extra, { freq: 3 }))
          .map(([known, more]) => ({ ...(more ?? {}), ...known }))
      : extra;
  return fc.oneof(
    { weight: 6, arbitrary: shaped.map((value): FuzzBody => ({ kind: 'json', value })) },
    { weight: 2, arbitrary: extra.map((value): FuzzBody => ({ kind: 'json', value })) },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }).map((value): FuzzBody => ({ kind: 'json', value })) },
    { weight: 2, arbitrary: rawBodies.map((text): FuzzBody => ({ kind: 'raw', text })) },
    { weight: 1, arbitrary: fc.constant<FuzzBody>({ kind: 'none' }) },
  );
}

function queryFor(route: RouteDef, anchors: Anchors): fc.Arbitrary<string> {
  const fields = schemaFields(route.operation);
  const key = fc.oneof(fc.constantFrom('page', 'type', 'status', 'userName', 'from', 'to', 'phoneNumber', ...fields), fc.string({ maxLength: 8 }));
  const value = fc.oneof({ weight: 4, arbitrary: urlValue }, { weight: 1, arbitrary: fc.constantFrom(...anchors.userNames) });
  return fc.oneof(
    { weight: 2, arbitrary: fc.constant('') },
    { weight: 4, arbitrary: fc.dictionary(key, value, { maxKeys: 4 }).map((pairs) => new URLSearchParams(pairs).toString()) },
    { weight: 1, arbitrary: fc.constantFrom('page=%zz', '=&=&', 'page=1&page=2&page=3', 'page=-1', 'page=1e9', 'page[]=1', '%', 'from=2024-13-45&to=x') },
  );
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** encodeURIComponent throws on a lone surrogate; a browser would send U+FFFD. */
function encodeSegment(value: string): string {
  return encodeURIComponent(value.replace(LONE_SURROGATE, '\uFFFD'));
}

const pathValue = (anchors: Anchors) =>
  fc.oneof(
    {
      weight: 8,
      arbitrary: fc
        .oneof({ weight: 4, arbitrary: urlValue }, { weight: 1, arbitrary: fc.constantFrom(...anchors.userIds, ...anchors.userNames) })
        .map(encodeSegment),
    },
    // Sent as is: broken escapes, dot segments, encoded slashes.
    { weight: 1, arbitrary: fc.constantFrom('%', '%zz', '..', '.', '%2F', 'a%00b', '%E2%82', '%252F') },
  );

const contentTypes = fc.oneof(
  { weight: 8, arbitrary: fc.constant('application/json') },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      'application/json; charset=utf-8',
      'text/plain',
      'application/x-www-form-urlencoded',
      'application/octet-stream',
      'multipart/form-data',
    ),
  },
  { weight: 1, arbitrary: fc.constant(undefined) },
);

/** Shortens the longest URL part until the URL fits (see MAX_URL_CHARS). */
function fitUrl(request: FuzzRequest, basePathLength: number): FuzzRequest {
  const params = { ...request.params };
  let query = request.query;
  const length = () => basePathLength + Object.values(params).reduce((n, v) => n + v.length, 0) + query.length;
  while (length() > MAX_URL_CHARS) {
    const longest = Object.entries(params).sort((a, b) => b[1].length - a[1].length)[0];
    if (query.length >= (longest?.[1].length ?? 0)) query = '';
    else if (longest) params[longest[0]] = longest[1].slice(0, 1_000).replace(/%[0-9A-F]{0,1}$/i, '');
  }
  return { ...request, params, query };
}

export function pathParameterNames(route: RouteDef): string[] {
  return [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
}

export function requestFor(route: RouteDef, anchors: Anchors): fc.Arbitrary<FuzzRequest> {
  const names = pathParameterNames(route);
  const basePathLength = route.path.replace(/\{\w+\}/g, '').length + 16;
  return fc
    .record({
      params: fc.record(Object.fromEntries(names.map((n) => [n, pathValue(anchors)]))) as fc.Arbitrary<Record<string, string>>,
      query: queryFor(route, anchors),
      body: route.method === 'GET' ? fc.constant<FuzzBody>({ kind: 'none' }) : bodyFor(route, anchors),
      contentType: contentTypes,
    })
    .map((request) => fitUrl(request, basePathLength));
}

export function bodyText(body: FuzzBody): string | undefined {
  if (body.kind === 'none') return undefined;
  return body.kind === 'raw' ? body.text : JSON.stringify(body.value);
}
