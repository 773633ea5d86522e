/**
 * The one local origin: the HTTP API (API Gateway HTTP API, payload format 2.0, routes from the
 * template), the built web app with the SPA fallback CloudFront does in the cloud and the local mail
 * viewer. Never the simulators: they have their own loopback port (infra/local/simulators/server.ts).
 *
 *   /api/*            → route match → Lambda handler (404 {msg} no route, 405 wrong method, 413 body > 1 MB)
 *   /_local/mail      → captured e-mail, newest first (HTML); /_local/mail.json for tests
 *   /_local/event-source-mappings[/<id>] → the stream mappings; POST {"enabled": false|true} as
 *                       `aws lambda update-event-source-mapping --no-enabled/--enabled` (the benchmark
 *                       measures the request path alone this way)
 *   /_sim/*           → 404: the simulators move money in a demo (a transfer credits a reserved account,
 *                       a control changes a supplier's outcomes), so they are served on SIM_PORT only
 *   anything else GET → web/dist file, compressed and cached as CloudFront does; other paths → index.html (deep links)
 */
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import type { MailStore, CapturedMail } from '../simulators/mail.js';
import { RouteTable, type RouteMatch } from './routes.js';
import type { RouteDef } from '../runtime/template.js';
import { BodyTooLargeError, readBody, sendJson, type RequestHandler } from '../util.js';
import { createWebFiles, sendFile } from './web-files.js';
import { SECURITY_HEADERS } from '../../../shared/security-headers.js';
import { VIEWER_ADDRESS_HEADER } from '../../../shared/constants.js';

export const API_PREFIX = '/api/';
export const DEFAULT_BODY_LIMIT_BYTES = 1024 * 1024;

export interface GatewayOptions {
  routes: RouteDef[];
  invoke(functionLogicalId: string, event: APIGatewayProxyEventV2): Promise<unknown>;
  webDist: string;
  mail: MailStore;
  /** The local stream readers, by mapping logical id (`/_local/event-source-mappings`). */
  eventSourceMappings?: readonly EventSourceMappingControl[];
  bodyLimitBytes?: number;
  log?: (line: string) => void;
}

export interface EventSourceMappingControl {
  readonly logicalId: string;
  readonly isEnabled: boolean;
  setEnabled(enabled: boolean): void;
}

const TEXT_TYPES = /^(text\/|application\/(json|xml|javascript|x-www-form-urlencoded|graphql)|[^;]*\+(json|xml))/i;

/** API Gateway passes a body as text only when its content type is textual; anything else is base64. */
export function isTextualContentType(contentType: string | undefined): boolean {
  return contentType !== undefined && TEXT_TYPES.test(contentType.trim());
}

/** The HTTP API payload-v2 event for one request. */
export function buildHttpEvent(input: {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: Buffer;
  sourceIp: string;
  /** The client's port on the socket (CloudFront-Viewer-Address carries it); 0 when unknown. */
  sourcePort?: number;
  routeKey: string;
  pathParameters: Record<string, string>;
  now?: Date;
}): APIGatewayProxyEventV2 {
  const now = input.now ?? new Date();
  const questionMark = input.url.indexOf('?');
  const rawPath = questionMark === -1 ? input.url : input.url.slice(0, questionMark);
  const rawQueryString = questionMark === -1 ? '' : input.url.slice(questionMark + 1);
  const headers: Record<string, string> = {};
  let cookies: string[] | undefined;
  for (const [name, value] of Object.entries(input.headers)) {
    if (value === undefined) continue;
    const lower = name.toLowerCase();
    if (lower === 'cookie') {
      cookies = [value]
        .flat()
        .flatMap((c) => c.split(';'))
        .map((c) => c.trim())
        .filter(Boolean);
      continue;
    }
    headers[lower] = Array.isArray(value) ? value.join(',') : value;
  }
  // What CloudFront does in the cloud: the viewer's address is the edge's to say, from the socket. A
  // client-sent value is dropped, so claiming addresses moves nobody between the login throttle's clients.
  headers[VIEWER_ADDRESS_HEADER] = `${input.sourceIp}:${input.sourcePort ?? 0}`;
  headers['x-forwarded-for'] = headers['x-forwarded-for'] ? `${headers['x-forwarded-for']}, ${input.sourceIp}` : input.sourceIp;
  headers['x-forwarded-proto'] ??= 'http';
  const query: Record<string, string> = {};
  for (const [key, value] of new URLSearchParams(rawQueryString)) query[key] = key in query ? `${query[key]},${value}` : value;
  const requestId = randomBytes(12).toString('base64').replace(/[+/]/g, 'A');
  const host = headers.host ?? 'localhost';
  const event: APIGatewayProxyEventV2 = {
    version: '2.0',
    routeKey: input.routeKey,
    rawPath,
    rawQueryString,
    ...(cookies?.length ? { cookies } : {}),
    headers,
    ...(Object.keys(query).length ? { queryStringParameters: query } : {}),
    requestContext: {
      accountId: '123456789012',
      apiId: 'local',
      domainName: host,
      domainPrefix: host.split('.')[0]!,
      http: {
        method: input.method,
        path: safeDecodePath(rawPath),
        protocol: 'HTTP/1.1',
        sourceIp: input.sourceIp,
        userAgent: headers['user-agent'] ?? '',
      },
      requestId,
      routeKey: input.routeKey,
      stage: '$default',
      time: formatRequestTime(now),
      timeEpoch: now.getTime(),
    },
    ...(Object.keys(input.pathParameters).length ? { pathParameters: input.pathParameters } : {}),
    isBase64Encoded: false,
  };
  if (input.body.length > 0) {
    const textual = isTextualContentType(headers['content-type']);
    event.body = textual ? input.body.toString('utf8') : input.body.toString('base64');
    event.isBase64Encoded = !textual;
  }
  return event;
}

function safeDecodePath(path: string): string {
  try {
    return decodeURI(path);
  } catch {
    return path;
  }
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** API Gateway's requestContext.time format: 12/Mar/2020:19:03:58 +0000 */
function formatRequestTime(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(date.getUTCDate())}/${MONTHS[date.getUTCMonth()]}/${date.getUTCFullYear()}:${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())} +0000`;
}

export interface HttpResult {
  statusCode: number;
  headers: Record<string, string | string[]>;
  body: Buffer;
}

/** Turns a handler's return value into the HTTP response API Gateway would send (payload v2 rules). */
export function toHttpResult(result: unknown): HttpResult {
  const isStructured = typeof result === 'object' && result !== null && 'statusCode' in result;
  if (!isStructured) {
    // API Gateway infers a 200 JSON response from anything that is not {statusCode, ...}.
    const body = typeof result === 'string' ? result : result === undefined ? '' : JSON.stringify(result);
    return { statusCode: 200, headers: { 'content-type': 'application/json' }, body: Buffer.from(body) };
  }
  const r = result as { statusCode: unknown; headers?: Record<string, unknown>; cookies?: unknown; body?: unknown; isBase64Encoded?: unknown };
  const headers: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(r.headers ?? {})) if (value !== undefined && value !== null) headers[name.toLowerCase()] = String(value);
  if (Array.isArray(r.cookies) && r.cookies.length) headers['set-cookie'] = r.cookies.map(String);
  const rawBody = r.body === undefined || r.body === null ? '' : String(r.body);
  const body = r.isBase64Encoded === true ? Buffer.from(rawBody, 'base64') : Buffer.from(rawBody, 'utf8');
  const statusCode = Number(r.statusCode);
  if (!Number.isInteger(statusCode) || statusCode < 100 || statusCode > 599) {
    return { statusCode: 500, headers: { 'content-type': 'application/json' }, body: Buffer.from('{"message":"Internal Server Error"}') };
  }
  return { statusCode, headers, body };
}

/** The cloud's security headers (shared/security-headers.ts), set before the answer so every status carries them. */
function setSecurityHeaders(res: ServerResponse): void {
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) res.setHeader(name, value);
}

export function createGateway(options: GatewayOptions): RequestHandler {
  const table = new RouteTable(options.routes.map((route) => ({ method: route.method, path: route.path, value: route })));
  const log = options.log ?? ((line: string) => console.log(line));
  const limit = options.bodyLimitBytes ?? DEFAULT_BODY_LIMIT_BYTES;
  const webFiles = createWebFiles(options.webDist);

  return async (req, res) => {
    const url = req.url ?? '/';
    const path = url.split('?')[0]!;
    const method = (req.method ?? 'GET').toUpperCase();

    if (path.startsWith(API_PREFIX) || path === '/api') {
      // What CloudFront's response headers policy adds to /api/* in the cloud (not to the simulators: no such party there).
      setSecurityHeaders(res);
      await serveApi(req, res, method, url, path, table.match(method, path), options, limit, log);
      return;
    }
    if (path === '/_sim' || path.startsWith('/_sim/')) {
      // Not the deep-link fallback either: the simulators are on their own port, nothing of theirs is here.
      req.resume();
      return sendJson(res, 404, { msg: 'Not found' });
    }
    if (path === '/_local/event-source-mappings' || path.startsWith('/_local/event-source-mappings/')) {
      await serveMappings(req, res, method, path, options.eventSourceMappings ?? []);
      return;
    }
    if (path === '/_local/mail' || path === '/_local/mail/' || path.startsWith('/_local/mail')) {
      serveMail(res, path, options.mail);
      return;
    }
    // The web app: the same headers as CloudFront's policy adds to it in the cloud.
    setSecurityHeaders(res);
    if (method !== 'GET' && method !== 'HEAD') return sendJson(res, 405, { msg: 'Method not allowed' }, { allow: 'GET, HEAD' });
    await webFiles(req, res, method, path);
  };
}

const mappingView = (mapping: EventSourceMappingControl) => ({ logicalId: mapping.logicalId, enabled: mapping.isEnabled });

async function serveMappings(
  req: IncomingMessage,
  res: ServerResponse,
  method: string,
  path: string,
  mappings: readonly EventSourceMappingControl[],
): Promise<void> {
  const id = decodeURIComponent(path.slice('/_local/event-source-mappings/'.length));
  if (!id) {
    req.resume();
    return method === 'GET' ? sendJson(res, 200, mappings.map(mappingView)) : sendJson(res, 405, { msg: 'Method not allowed' }, { allow: 'GET' });
  }
  const mapping = mappings.find((candidate) => candidate.logicalId === id);
  if (!mapping) {
    req.resume();
    return sendJson(res, 404, { msg: `no event source mapping "${id}"`, mappings: mappings.map((m) => m.logicalId) });
  }
  if (method === 'GET') {
    req.resume();
    return sendJson(res, 200, mappingView(mapping));
  }
  if (method !== 'POST') {
    req.resume();
    return sendJson(res, 405, { msg: 'Method not allowed' }, { allow: 'GET, POST' });
  }
  let enabled: unknown;
  try {
    enabled = (JSON.parse((await readBody(req, 1024)).toString('utf8') || '{}') as { enabled?: unknown }).enabled;
  } catch {
    enabled = undefined;
  }
  if (typeof enabled !== 'boolean') return sendJson(res, 400, { msg: 'Send {"enabled": true} or {"enabled": false}' });
  mapping.setEnabled(enabled);
  return sendJson(res, 200, mappingView(mapping));
}

async function serveApi(
  req: IncomingMessage,
  res: ServerResponse,
  method: string,
  url: string,
  path: string,
  match: RouteMatch<RouteDef>,
  options: GatewayOptions,
  limit: number,
  log: (line: string) => void,
): Promise<void> {
  const started = Date.now();
  if (match.kind === 'not-found') {
    req.resume();
    sendJson(res, 404, { msg: 'Not found' });
    return;
  }
  if (match.kind === 'method-not-allowed') {
    req.resume();
    sendJson(res, 405, { msg: 'Method not allowed' }, { allow: match.allowed.join(', ') });
    return;
  }
  let body: Buffer;
  try {
    body = await readBody(req, limit);
  } catch (error) {
    if (error instanceof BodyTooLargeError) {
      // Discard the rest of the upload first (bounded in time): answering mid-upload makes many
      // clients see a connection reset instead of the 413.
      req.resume();
      if (!req.complete) await Promise.race([new Promise((done) => req.once('end', done)), new Promise((done) => setTimeout(done, 5_000))]);
      sendJson(res, 413, { msg: 'Request body too large' }, { connection: 'close' });
      return;
    }
    throw error;
  }
  const route = match.route.value;
  const event = buildHttpEvent({
    method,
    url,
    headers: req.headers,
    body,
    sourceIp: (req.socket.remoteAddress ?? '127.0.0.1').replace(/^::ffff:/, ''),
    sourcePort: req.socket.remotePort ?? 0,
    routeKey: route.routeKey,
    pathParameters: match.pathParameters,
  });
  let result: HttpResult;
  try {
    result = toHttpResult(await options.invoke(route.functionLogicalId, event));
  } catch (error) {
    // What API Gateway answers when the function throws or times out.
    log(`[api] ${route.routeKey}: ${route.functionLogicalId} failed: ${(error as Error).stack ?? error}`);
    result = { statusCode: 500, headers: { 'content-type': 'application/json' }, body: Buffer.from('{"message":"Internal Server Error"}') };
  }
  res.writeHead(result.statusCode, { ...result.headers, 'content-length': result.body.length, 'apigw-requestid': event.requestContext.requestId });
  res.end(method === 'HEAD' ? undefined : result.body);
  log(`[api] ${method} ${path} → ${result.statusCode} (${Date.now() - started} ms)`);
}

// ---------------------------------------------------------------------------------------------
// Mail viewer

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Escapes text and turns http(s) URLs into links (password-reset links must be clickable). */
function linkify(text: string): string {
  return escapeHtml(text).replace(/https?:\/\/[^\s<>"']+/g, (url) => `<a href="${url}">${url}</a>`);
}

const page = (title: string, body: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
body{font-family:system-ui,sans-serif;margin:2rem auto;max-width:960px;padding:0 1rem;color:#222}
table{border-collapse:collapse;width:100%}td,th{padding:.4rem .6rem;border-bottom:1px solid #ddd;text-align:left;vertical-align:top}
pre{white-space:pre-wrap;background:#f6f6f6;padding:1rem;border-radius:6px}iframe{width:100%;height:480px;border:1px solid #ddd;border-radius:6px}
.meta td:first-child{color:#666;width:6rem}a{color:#0b5cad}
</style></head><body>${body}</body></html>`;

function serveMail(res: ServerResponse, path: string, mail: MailStore): void {
  const html = (status: number, text: string) => {
    res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'content-length': Buffer.byteLength(text), 'cache-control': 'no-store' });
    res.end(text);
  };
  const publicView = (m: CapturedMail) => ({
    id: m.id,
    from: m.from,
    to: m.to,
    subject: m.subject,
    text: m.text,
    ...(m.html ? { html: m.html } : {}),
    date: m.date,
  });
  if (path === '/_local/mail.json') return sendJson(res, 200, mail.list().map(publicView), { 'cache-control': 'no-store' });
  if (path === '/_local/mail' || path === '/_local/mail/') {
    const rows = mail
      .list()
      .map(
        (m) =>
          `<tr><td>${escapeHtml(new Date(m.date).toLocaleString())}</td><td>${escapeHtml(m.to)}</td><td><a href="/_local/mail/${m.id}">${escapeHtml(m.subject)}</a></td></tr>`,
      )
      .join('');
    return html(
      200,
      page(
        'Local mail',
        `<h1>Local mail</h1><p>E-mail the platform sent while running locally (newest first). Nothing left this machine.</p>` +
          (rows ? `<table><thead><tr><th>Sent</th><th>To</th><th>Subject</th></tr></thead><tbody>${rows}</tbody></table>` : '<p><em>No mail yet.</em></p>'),
      ),
    );
  }
  const match = /^\/_local\/mail\/([\w-]+)(\.eml|\/html)?$/.exec(path);
  const message = match ? mail.get(match[1]!) : undefined;
  if (!match || !message) return html(404, page('Not found', '<p>No such message. <a href="/_local/mail">All mail</a></p>'));
  if (match[2] === '.eml') {
    const file = join(mail.dir, `${message.id}.eml`);
    void sendFile(res, 'GET', file, 'no-store');
    return;
  }
  if (match[2] === '/html') return html(200, message.html ?? `<pre>${linkify(message.text)}</pre>`);
  // The HTML part is shown in a sandboxed frame; its links open in this tab.
  const htmlPart = message.html
    ? `<h2>HTML</h2><iframe sandbox="allow-popups allow-popups-to-escape-sandbox allow-top-navigation-by-user-activation" srcdoc="${escapeHtml(
        `<base target="_top">${message.html}`,
      )}"></iframe>`
    : '';
  html(
    200,
    page(
      message.subject,
      `<p><a href="/_local/mail">← All mail</a></p><h1>${escapeHtml(message.subject)}</h1>
<table class="meta"><tr><td>From</td><td>${escapeHtml(message.from)}</td></tr><tr><td>To</td><td>${escapeHtml(message.to)}</td></tr>
<tr><td>Sent</td><td>${escapeHtml(new Date(message.date).toLocaleString())}</td></tr></table>
<h2>Text</h2><pre>${linkify(message.text)}</pre>${htmlPart}<p><a href="/_local/mail/${message.id}.eml">Download .eml</a></p>`,
    ),
  );
}
