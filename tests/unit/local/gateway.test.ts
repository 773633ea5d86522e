import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildHttpEvent, createGateway, isTextualContentType, toHttpResult } from '../../../infra/local/edge/gateway.js';
import { MailStore } from '../../../infra/local/simulators/mail.js';
import { RouteTable } from '../../../infra/local/edge/routes.js';
import type { RouteDef } from '../../../infra/local/runtime/template.js';
import { listenLoopback, type Listening } from '../../../infra/local/util.js';
import { SECURITY_HEADERS } from '../../../shared/security-headers.js';

describe('RouteTable', () => {
  const table = new RouteTable(
    [
      ['POST', '/api/v1/auth/login'],
      ['GET', '/api/v1/auth'],
      ['GET', '/api/v1/auth/validateUser/{userName}'],
      ['GET', '/api/v1/auth/validateUser/me'],
      ['ANY', '/api/v1/files/{proxy+}'],
      ['GET', '/api/v1/files/{name}'],
    ].map(([method, path]) => ({ method: method!, path: path!, value: `${method} ${path}` })),
  );

  it('matches literal routes by method and path', () => {
    expect(table.match('POST', '/api/v1/auth/login')).toMatchObject({ kind: 'found', route: { value: 'POST /api/v1/auth/login' }, pathParameters: {} });
    expect(table.match('GET', '/api/v1/auth')).toMatchObject({ kind: 'found', route: { value: 'GET /api/v1/auth' } });
  });

  it('extracts and decodes path parameters', () => {
    expect(table.match('GET', '/api/v1/auth/validateUser/ada%20lovelace')).toMatchObject({ kind: 'found', pathParameters: { userName: 'ada lovelace' } });
  });

  it('prefers literal segments over parameters, and parameters over greedy ones', () => {
    expect(table.match('GET', '/api/v1/auth/validateUser/me')).toMatchObject({ route: { value: 'GET /api/v1/auth/validateUser/me' } });
    expect(table.match('GET', '/api/v1/files/a.txt')).toMatchObject({ route: { value: 'GET /api/v1/files/{name}' }, pathParameters: { name: 'a.txt' } });
    expect(table.match('DELETE', '/api/v1/files/a.txt')).toMatchObject({ route: { value: 'ANY /api/v1/files/{proxy+}' }, pathParameters: { proxy: 'a.txt' } });
    expect(table.match('GET', '/api/v1/files/a/b/c')).toMatchObject({ route: { value: 'ANY /api/v1/files/{proxy+}' }, pathParameters: { proxy: 'a/b/c' } });
  });

  it('tells a wrong method (405) from an unknown path (404)', () => {
    expect(table.match('GET', '/api/v1/auth/login')).toEqual({ kind: 'method-not-allowed', allowed: ['POST'] });
    expect(table.match('GET', '/api/v1/nope')).toEqual({ kind: 'not-found' });
    expect(table.match('GET', '/api/v1/auth/validateUser')).toEqual({ kind: 'not-found' });
    expect(table.match('GET', '/api/v1/auth/validateUser/a/b')).toEqual({ kind: 'not-found' });
  });

  it('falls back to $default', () => {
    const withDefault = new RouteTable([{ method: 'ANY', path: '$default', value: 'default' }]);
    expect(withDefault.match('PUT', '/anything')).toMatchObject({ kind: 'found', route: { value: 'default' } });
  });
});

describe('buildHttpEvent', () => {
  const now = new Date('2026-03-12T19:03:58.123Z');
  const base = {
    method: 'POST',
    url: '/api/v1/auth/validateUser/ada?x=1&y=2&x=3',
    headers: { 'Content-Type': 'application/json', 'user-agent': 'test', host: 'localhost:3000', cookie: 'a=1; b=2', 'x-multi': ['p', 'q'] },
    body: Buffer.from('{"a":1}'),
    sourceIp: '127.0.0.1',
    routeKey: 'POST /api/v1/auth/validateUser/{userName}',
    pathParameters: { userName: 'ada' },
    now,
  };

  it('has the payload 2.0 shape', () => {
    const event = buildHttpEvent(base);
    expect(event).toMatchObject({
      version: '2.0',
      routeKey: base.routeKey,
      rawPath: '/api/v1/auth/validateUser/ada',
      rawQueryString: 'x=1&y=2&x=3',
      cookies: ['a=1', 'b=2'],
      queryStringParameters: { x: '1,3', y: '2' },
      pathParameters: { userName: 'ada' },
      body: '{"a":1}',
      isBase64Encoded: false,
      requestContext: {
        http: { method: 'POST', path: '/api/v1/auth/validateUser/ada', protocol: 'HTTP/1.1', sourceIp: '127.0.0.1', userAgent: 'test' },
        routeKey: base.routeKey,
        stage: '$default',
        time: '12/Mar/2026:19:03:58 +0000',
        timeEpoch: now.getTime(),
        domainName: 'localhost:3000',
      },
    });
    expect(event.headers).toMatchObject({ 'content-type': 'application/json', 'x-multi': 'p,q', 'x-forwarded-for': '127.0.0.1' });
    expect(event.headers.cookie).toBeUndefined();
    expect(event.requestContext.requestId).toMatch(/^\S{8,}$/);
  });

  it('omits body, query and path parameters when there are none', () => {
    const event = buildHttpEvent({ ...base, url: '/api/v1/auth', body: Buffer.alloc(0), pathParameters: {}, headers: {} });
    expect(event.body).toBeUndefined();
    expect(event.queryStringParameters).toBeUndefined();
    expect(event.pathParameters).toBeUndefined();
    expect(event.isBase64Encoded).toBe(false);
  });

  it('base64-encodes bodies that are not text', () => {
    const bytes = Buffer.from([0, 255, 1, 2]);
    const event = buildHttpEvent({ ...base, headers: { 'content-type': 'application/octet-stream' }, body: bytes });
    expect(event.isBase64Encoded).toBe(true);
    expect(Buffer.from(event.body!, 'base64')).toEqual(bytes);
  });

  it('knows textual content types', () => {
    for (const type of ['application/json', 'application/json; charset=utf-8', 'text/plain', 'application/x-www-form-urlencoded', 'application/problem+json']) {
      expect(isTextualContentType(type)).toBe(true);
    }
    for (const type of [undefined, 'image/png', 'application/octet-stream', 'multipart/form-data; boundary=x']) expect(isTextualContentType(type)).toBe(false);
  });
});

describe('toHttpResult', () => {
  it('passes a structured result through', () => {
    const result = toHttpResult({ statusCode: 201, headers: { 'Content-Type': 'application/json', 'X-N': 5 }, body: '{"ok":true}', cookies: ['a=1', 'b=2'] });
    expect(result.statusCode).toBe(201);
    expect(result.headers).toEqual({ 'content-type': 'application/json', 'x-n': '5', 'set-cookie': ['a=1', 'b=2'] });
    expect(result.body.toString()).toBe('{"ok":true}');
  });
  it('decodes base64 bodies', () => {
    expect(toHttpResult({ statusCode: 200, body: Buffer.from('hi').toString('base64'), isBase64Encoded: true }).body.toString()).toBe('hi');
  });
  it('infers 200 JSON from anything else', () => {
    expect(toHttpResult({ a: 1 })).toMatchObject({ statusCode: 200, headers: { 'content-type': 'application/json' } });
    expect(toHttpResult({ a: 1 }).body.toString()).toBe('{"a":1}');
    expect(toHttpResult('plain').body.toString()).toBe('plain');
  });
  it('turns a nonsense status into a 500', () => {
    expect(toHttpResult({ statusCode: 'abc' }).statusCode).toBe(500);
  });
});

describe('the gateway server', () => {
  let dir: string;
  let server: Listening;
  let base: string;
  const invocations: APIGatewayProxyEventV2[] = [];
  const mapping = {
    logicalId: 'OutboxMapping',
    isEnabled: true,
    setEnabled(enabled: boolean) {
      this.isEnabled = enabled;
    },
  };
  const routes: RouteDef[] = [
    { logicalId: 'R1', routeKey: 'POST /api/v1/echo', method: 'POST', path: '/api/v1/echo', functionLogicalId: 'Echo' },
    { logicalId: 'R2', routeKey: 'GET /api/v1/boom', method: 'GET', path: '/api/v1/boom', functionLogicalId: 'Boom' },
  ];

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'gateway-test-'));
    const dist = join(dir, 'dist');
    mkdirSync(join(dist, 'assets'), { recursive: true });
    writeFileSync(join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(join(dist, 'assets', 'index-B4x9_kQ2.js'), 'console.log(1)');
    writeFileSync(join(dist, 'favicon.svg'), '<svg/>');
    const mail = new MailStore(dir);
    mail.save({
      from: 'no-reply@localhost',
      to: 'ada@example.com',
      subject: 'Reset <b>',
      text: 'Open http://localhost:3000/passwordReset/abc now',
      html: '<a href="http://x">x</a>',
    });
    const handler = createGateway({
      routes,
      webDist: dist,
      mail,
      eventSourceMappings: [mapping],
      log: () => {},
      invoke: async (id, event) => {
        invocations.push(event);
        if (id === 'Boom') throw new Error('boom');
        return { statusCode: 200, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ got: event.body }) };
      },
    });
    server = await listenLoopback(handler, 0);
    base = `http://127.0.0.1:${server.port}`;
  });
  afterAll(async () => {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('turns a stream mapping off and on as update-event-source-mapping does; an unknown mapping is 404, a body without a boolean 400 and changes nothing', async () => {
    expect(await (await fetch(`${base}/_local/event-source-mappings`)).json()).toEqual([{ logicalId: 'OutboxMapping', enabled: true }]);
    const set = (enabled: unknown, id = 'OutboxMapping') =>
      fetch(`${base}/_local/event-source-mappings/${id}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ enabled }),
      });
    const off = await set(false);
    expect(off.status).toBe(200);
    expect(await off.json()).toEqual({ logicalId: 'OutboxMapping', enabled: false });
    expect(mapping.isEnabled).toBe(false);

    expect((await set('no')).status).toBe(400);
    expect((await set(true, 'Nope')).status).toBe(404);
    expect(mapping.isEnabled).toBe(false);

    expect(await (await set(true)).json()).toEqual({ logicalId: 'OutboxMapping', enabled: true });
    expect(mapping.isEnabled).toBe(true);
  });

  it('invokes the route function and relays its answer', async () => {
    const response = await fetch(`${base}/api/v1/echo`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"x":1}' });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ got: '{"x":1}' });
    expect(response.headers.get('apigw-requestid')).toBeTruthy();
  });

  it('sets CloudFront-Viewer-Address from the socket, as CloudFront does: a value the client sent is dropped', async () => {
    invocations.length = 0;
    const response = await fetch(`${base}/api/v1/echo`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'CloudFront-Viewer-Address': '203.0.113.9:443' },
      body: '{}',
    });
    expect(response.status).toBe(200);
    const [event] = invocations;
    expect(event!.headers['cloudfront-viewer-address']).toMatch(/^127\.0\.0\.1:\d+$/);
    expect(event!.headers['cloudfront-viewer-address']).not.toBe('127.0.0.1:0');
    expect(event!.requestContext.http.sourceIp).toBe('127.0.0.1');
  });

  it('answers 404 {msg}, 405, 413 and 500 like the cloud', async () => {
    expect((await fetch(`${base}/api/v1/nope`)).status).toBe(404);
    expect(await (await fetch(`${base}/api/v1/nope`)).json()).toEqual({ msg: 'Not found' });
    expect((await fetch(`${base}/api/v1/echo`)).status).toBe(405);
    const big = await fetch(`${base}/api/v1/echo`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: 'x'.repeat(1024 * 1024 + 1) });
    expect(big.status).toBe(413);
    const boom = await fetch(`${base}/api/v1/boom`);
    expect(boom.status).toBe(500);
    expect(await boom.json()).toEqual({ message: 'Internal Server Error' });
  });

  it('serves files, hashed assets with long caching, and index.html for deep links', async () => {
    const index = await fetch(`${base}/`);
    expect(index.status).toBe(200);
    expect(index.headers.get('cache-control')).toBe('no-cache');
    const asset = await fetch(`${base}/assets/index-B4x9_kQ2.js`);
    expect(asset.headers.get('cache-control')).toContain('immutable');
    expect(asset.headers.get('content-type')).toContain('javascript');
    expect((await fetch(`${base}/favicon.svg`)).headers.get('content-type')).toBe('image/svg+xml');
    const deep = await fetch(`${base}/profile/buyAirtime`);
    expect(deep.status).toBe(200);
    expect(await deep.text()).toContain('id="root"');
    expect((await fetch(`${base}/assets/nope.js`)).status).toBe(404);
    expect((await fetch(`${base}/..%2f..%2fetc/passwd.txt`)).status).toBe(404);
  });

  it('serves index.html for any path that is not an existing file, dots included (referral links such as /register/ada.lovelace)', async () => {
    for (const path of ['/register/ada.lovelace', '/register/a.b.c', '/profile/x.json']) {
      const response = await fetch(`${base}${path}`);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('content-type'), path).toContain('text/html');
      expect(await response.text(), path).toContain('id="root"');
    }
  });

  it("sends the cloud's security headers (the CloudFront policy's, from shared/security-headers.ts) on the web app and the API, errors included, not only nosniff", async () => {
    const answers = {
      index: await fetch(`${base}/`),
      asset: await fetch(`${base}/assets/index-B4x9_kQ2.js`),
      deepLink: await fetch(`${base}/profile/buyAirtime`),
      missingAsset: await fetch(`${base}/assets/nope.js`),
      api: await fetch(`${base}/api/v1/echo`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' }),
      apiNotFound: await fetch(`${base}/api/v1/nope`),
      apiError: await fetch(`${base}/api/v1/boom`),
    };
    expect(Object.keys(SECURITY_HEADERS).sort()).toEqual([
      'content-security-policy',
      'referrer-policy',
      'strict-transport-security',
      'x-content-type-options',
      'x-frame-options',
    ]);
    for (const [name, response] of Object.entries(answers)) {
      for (const [header, value] of Object.entries(SECURITY_HEADERS)) expect(response.headers.get(header), `${name}: ${header}`).toBe(value);
    }
  });

  it('answers 404 for /_sim/*, never the deep-link fallback: the simulators are served on their own port only', async () => {
    for (const [method, path] of [
      ['GET', '/_sim/monnify/transfer'],
      ['POST', '/_sim/alaro/control'],
      ['GET', '/_sim/alaro/calls'],
      ['GET', '/_sim'],
    ]) {
      const response = await fetch(`${base}${path}`, { method, ...(method === 'POST' ? { headers: { 'content-type': 'application/json' }, body: '{}' } : {}) });
      expect(response.status, `${method} ${path}`).toBe(404);
      expect(await response.json(), `${method} ${path}`).toEqual({ msg: 'Not found' });
    }
  });

  it('keeps a missing built asset under /assets/ a 404 rather than answering HTML for a script', async () => {
    expect((await fetch(`${base}/assets/nope.js`)).status).toBe(404);
  });

  it('shows captured mail with clickable links, and as JSON', async () => {
    const list = await (await fetch(`${base}/_local/mail`)).text();
    expect(list).toContain('Reset &lt;b&gt;');
    const [mail] = (await (await fetch(`${base}/_local/mail.json`)).json()) as Array<{ id: string; to: string; subject: string; text: string; html: string }>;
    expect(mail).toMatchObject({ to: 'ada@example.com', subject: 'Reset <b>', html: '<a href="http://x">x</a>' });
    const one = await (await fetch(`${base}/_local/mail/${mail!.id}`)).text();
    expect(one).toContain('<a href="http://localhost:3000/passwordReset/abc">');
    const eml = await fetch(`${base}/_local/mail/${mail!.id}.eml`);
    expect(await eml.text()).toMatch(/^From: no-reply@localhost/m);
  });
});
