/**
 * The OpenAPI 3.1 document of the API, generated from the route table (which routes exist, their
 * methods and paths) and the shared zod schemas (what each route takes): nothing here repeats a
 * path or a field by hand. Served at GET /api/v1/openapi.json and rendered at /docs.
 */
import { OpenAPIRegistry, OpenApiGeneratorV31, type RouteConfig } from '@asteasolutions/zod-to-openapi';
import { API_BASE_PATH, API_KEY_HEADER, API_KEY_PREFIX, API_KEY_RATE_LIMIT_PER_MINUTE, AUTH_HEADER } from './constants.js';
import { EXAMPLE_TRANSACTION, IDEMPOTENCY_TEXT, OPERATION_DOCS, TAGS, type DocumentedRoute, type OperationDoc } from './openapi-operations.js';
import { errorBodySchema, transactionViewSchema } from './openapi-views.js';
import { z } from './openapi-zod.js';
import { ROUTES, type RouteDef } from './routes.js';

/** The shell variables the curl examples use. */
export const CURL_ORIGIN_VARIABLE = '$VTU_API';
export const CURL_KEY_VARIABLE = '$VTU_API_KEY';

/** The security schemes: an API key three ways, or a session token from login. */
export const SECURITY_SCHEMES = {
  apiKeyBearer: { type: 'http', scheme: 'bearer', description: `Authorization: Bearer <API key> (keys start with ${API_KEY_PREFIX})` },
  apiKeyToken: { type: 'apiKey', in: 'header', name: 'Authorization', description: 'Authorization: Token <API key>' },
  apiKeyHeader: { type: 'apiKey', in: 'header', name: API_KEY_HEADER, description: `${API_KEY_HEADER}: <API key>` },
  sessionToken: { type: 'apiKey', in: 'header', name: AUTH_HEADER, description: `${AUTH_HEADER}: <token from POST /auth/login> (what the web app sends)` },
} as const;

/** A receiver's check of our signature, shown in the document (and run by its test). */
export const VERIFY_WEBHOOK_NODE = [
  "import { createHmac, timingSafeEqual } from 'node:crypto';",
  '// secret: the webhookSecret POST /auth/updateWebhook answered; rawBody: the request body exactly as received',
  'function verify(headers, rawBody, secret) {',
  "  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');",
  // biome-ignore lint/suspicious/noTemplateCurlyInString: the receiver's code, shown as text
  "  const signed = `${headers['webhook-id']}.${headers['webhook-timestamp']}.${rawBody}`;",
  "  const expected = Buffer.from('v1,' + createHmac('sha256', key).update(signed).digest('base64'));",
  "  const fresh = Math.abs(Date.now() / 1000 - Number(headers['webhook-timestamp'])) < 300;",
  "  return fresh && headers['webhook-signature'].split(' ').some((s) => s.length === expected.length && timingSafeEqual(Buffer.from(s), expected));",
  '}',
].join('\n');

const INTRODUCTION = `Buy airtime, data and electricity from your own site, bot or app, paid from your naira wallet. Amounts are in naira.

## Authentication
Create an API key on your Account page, then send it with every request on one of these headers:

- \`Authorization: Bearer <API key>\`
- \`Authorization: Token <API key>\`
- \`${API_KEY_HEADER}: <API key>\`

A session token from \`POST /auth/login\` works too, in \`${AUTH_HEADER}\`. Requests are charged at your account's prices (an api user pays the api prices). Regenerating the key stops the old one at once. A wrong, old or malformed key is answered \`401\`.

## Errors
Every refusal is JSON \`{"msg": "…"}\` with its status: \`400\` invalid input or not possible (e.g. insufficient balance), \`401\` missing or invalid key or session, \`403\` not allowed, \`404\` not found, \`409\` conflict (e.g. a request_id reused with different details), \`429\` too many requests, \`503\` busy (e.g. many requests on one wallet at once) or out of time: nothing was changed, and the \`Retry-After\` header says how many seconds to wait before sending the same request, with the same request_id, again.

## Idempotency: request_id
Purchases, transfers and withdrawals take an optional \`request_id\`. ${IDEMPOTENCY_TEXT} Retry a request whose answer you did not get with the same request_id.

## Rate limit
${API_KEY_RATE_LIMIT_PER_MINUTE} requests per minute per API key; more are answered \`429\`. Wait for the next minute.

## Transaction status and webhooks
A purchase is answered at once with its receipt in status \`processing\`. Its final status (\`success\`, \`failed\` or \`refunded\`) comes to your webhook URL (see *Webhooks*: \`transactionSettled\`) and shows on \`GET /transaction\`.

## Examples
The curl lines use two shell variables: \`VTU_API\`, the address of this site (e.g. \`https://example.com\`), and \`VTU_API_KEY\`, your key.`;

const WEBHOOK_DESCRIPTION = `We POST each of your transactions to your webhook URL when it settles (success, failed, refunded). The body is the transaction, the same view as a receipt. Answer any 2xx; anything else (or no answer within seconds) is retried with backoff. \`webhook-id\` is the same across retries of one delivery: use it to ignore repeats.

### Verifying the signature (Standard Webhooks)
1. Take the raw body exactly as received, and the headers \`webhook-id\`, \`webhook-timestamp\` (Unix seconds) and \`webhook-signature\`.
2. The key is your \`webhookSecret\` (from \`POST /auth/updateWebhook\`): base64-decode it after removing its \`whsec_\` prefix.
3. Compute HMAC-SHA256 with that key over \`\${webhook-id}.\${webhook-timestamp}.\${body}\` and base64-encode it.
4. \`webhook-signature\` holds \`v1,<base64>\` (space-separated if there are several): one must equal yours. Compare in constant time and refuse old timestamps (e.g. over 5 minutes).

\`\`\`js
${VERIFY_WEBHOOK_NODE}
\`\`\``;

const isDocumented = (route: RouteDef): route is DocumentedRoute => route.access === 'user' || route.access === 'public';

/** The curl line of a route, with its documented example; path placeholders filled. */
export function curlExample(route: DocumentedRoute, doc: OperationDoc = OPERATION_DOCS[route.operation]): string {
  const path = route.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(doc.exampleParams?.[name] ?? `<${name}>`));
  const query = doc.exampleQuery ? `?${new URLSearchParams(doc.exampleQuery).toString()}` : '';
  const parts = [`curl -X ${route.method} "${CURL_ORIGIN_VARIABLE}${API_BASE_PATH}${path}${query}"`];
  if (route.access !== 'public') parts.push(`-H "Authorization: Bearer ${CURL_KEY_VARIABLE}"`);
  if (doc.example) parts.push(`-H "content-type: application/json"`, `-d '${JSON.stringify(doc.example)}'`);
  return parts.join(' \\\n  ');
}

function refusals(route: DocumentedRoute, doc: OperationDoc): RouteConfig['responses'] {
  const described: Record<number, string> = {
    400: 'Invalid input, or not possible (e.g. insufficient balance): {msg}',
    401: 'Missing, invalid or expired API key or session: {msg}',
    403: 'Not allowed: {msg}',
    404: 'Not found: {msg}',
    409: 'Conflict, e.g. a request_id already used with different details: {msg}',
    429: route.access === 'public' ? 'Too many attempts: {msg}' : `More than ${API_KEY_RATE_LIMIT_PER_MINUTE} requests in a minute with this API key: {msg}`,
    503: 'Busy or out of time; nothing was changed. Send the same request (same request_id) again after `Retry-After` seconds: {msg}',
  };
  // Any route may run out of its time, and every balance change may find its wallet busy: 503 is on all.
  const statuses = new Set<number>([400, ...(route.access === 'public' ? [] : [401, 429]), 503, ...(doc.refusals ?? [])]);
  return Object.fromEntries(
    [...statuses].sort().map((status) => [String(status), { description: described[status]!, content: { 'application/json': { schema: errorBodySchema } } }]),
  );
}

function success(doc: OperationDoc): RouteConfig['responses'] {
  const status = doc.created ? '201' : '200';
  if (doc.answer) {
    const media = doc.answer.example === undefined ? { schema: doc.answer.schema } : { schema: doc.answer.schema, example: doc.answer.example };
    return { [status]: { description: 'OK', content: { 'application/json': media } } };
  }
  return { [status]: { description: doc.returns ? `JSON: ${doc.returns}` : 'OK' } };
}

function operationOf(route: DocumentedRoute): RouteConfig {
  const doc: OperationDoc = OPERATION_DOCS[route.operation];
  const curl = curlExample(route, doc);
  const description = [doc.description, `\`\`\`sh\n${curl}\n\`\`\``].filter(Boolean).join('\n\n');
  const body = doc.body
    ? { body: { required: true, content: { 'application/json': doc.example ? { schema: doc.body, example: doc.example } : { schema: doc.body } } } }
    : {};
  return {
    method: route.method.toLowerCase() as RouteConfig['method'],
    path: route.path,
    operationId: route.operation,
    tags: [doc.tag],
    summary: doc.summary,
    description,
    security: route.access === 'public' ? [] : Object.keys(SECURITY_SCHEMES).map((name) => ({ [name]: [] })),
    request: { ...body, ...(doc.query ? { query: doc.query } : {}), ...(doc.params ? { params: doc.params } : {}) },
    responses: { ...success(doc), ...refusals(route, doc) },
    'x-codeSamples': [{ lang: 'Shell', label: 'curl', source: curl }],
  };
}

function webhook(): RouteConfig {
  return {
    method: 'post',
    path: 'transactionSettled',
    summary: 'A transaction of yours settled',
    description: WEBHOOK_DESCRIPTION,
    request: {
      headers: z.object({
        'webhook-id': z.string().describe('The delivery id: the same across retries'),
        'webhook-timestamp': z.string().describe('Unix seconds when it was sent'),
        'webhook-signature': z.string().describe('v1,<base64 HMAC-SHA256>'),
      }),
      body: { content: { 'application/json': { schema: transactionViewSchema, example: { ...EXAMPLE_TRANSACTION, trans_Status: 'success' } } } },
    },
    responses: { '200': { description: 'Any 2xx acknowledges the delivery; other answers are retried with backoff' } },
  };
}

/** The document, generated afresh (callers cache it). */
export function buildOpenApiDocument() {
  const registry = new OpenAPIRegistry();
  for (const [name, scheme] of Object.entries(SECURITY_SCHEMES)) registry.registerComponent('securitySchemes', name, scheme);
  for (const route of ROUTES.filter(isDocumented)) registry.registerPath(operationOf(route));
  registry.registerWebhook(webhook());

  return new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: '3.1.0',
    info: { title: 'VTU Wallet API', version: '1', description: INTRODUCTION },
    servers: [{ url: API_BASE_PATH, description: 'This site’s API' }],
    tags: Object.values(TAGS).map((name) => ({ name })),
  });
}
