/**
 * Rule: the HTTP edge serves the same route to the same operation with the same input whether API
 * Gateway sends an HTTP API (v2) event (the AWS stack) or a REST API (v1) proxy event (the
 * LocalStack community variant), and refuses the same requests the same way.
 */
import type { APIGatewayProxyEvent, APIGatewayProxyEventV2, Context } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { httpService, ok, type EdgeDeps, type UserRequest } from '../../../functions/middleware/http.js';
import { asHttpApiEvent } from '../../../functions/middleware/rest-api-event.js';
import { MSG } from '../../../shared/messages.js';

const principal = { userId: 'u1', userName: 'ada', userType: 'smart earner', isAdmin: false, isAgent: false, isCouponVendor: false } as const;
const deps: EdgeDeps = {
  verifyToken: async (token) => (token === 'good' ? { ok: true, claims: { userId: 'u1', tokenVersion: 0 } } : { ok: false, reason: 'invalid' }),
  loadPrincipal: async () => ({ ...principal }),
  authenticateApiKey: async () => ({ kind: 'invalid_key' }),
  // The contacts routes are no operator actions, so nothing is ever appended.
  audit: { audit: { append: async () => 'appended' as const }, now: () => new Date(), newId: () => 'unused' },
};
const echo = async ({ route, params, query, body, headers, sourceIp, principal: caller }: UserRequest) =>
  ok({ operation: route.operation, params, query, body, contentType: headers['content-type'], sourceIp, caller: caller.userName });
const handler = httpService(
  'contacts',
  { listContacts: echo, addContact: echo, updateContact: echo, deleteContact: echo, listDecoders: echo, forgetDecoder: echo },
  deps,
);

/** A REST API Lambda proxy event as API Gateway v1 sends it: headers as the client spelled them, repeated values in the multi-value maps. */
function restEvent(
  method: string,
  resource: string,
  path: string,
  init: { headers?: Record<string, string>; query?: Record<string, string[]>; params?: Record<string, string>; body?: string } = {},
): APIGatewayProxyEvent {
  const headers = init.headers ?? {};
  const query = init.query;
  return {
    resource,
    path,
    httpMethod: method,
    headers,
    multiValueHeaders: Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, [value]])),
    queryStringParameters: query ? Object.fromEntries(Object.entries(query).map(([name, values]) => [name, values.at(-1)!])) : null,
    multiValueQueryStringParameters: query ?? null,
    pathParameters: init.params ?? null,
    stageVariables: null,
    body: init.body ?? null,
    isBase64Encoded: false,
    requestContext: {
      accountId: '000000000000',
      apiId: 'abc123',
      httpMethod: method,
      path: `/prod${path}`,
      protocol: 'HTTP/1.1',
      requestId: 'req-1',
      requestTimeEpoch: 1_700_000_000_000,
      resourceId: 'r1',
      resourcePath: resource,
      stage: 'prod',
      identity: { sourceIp: '203.0.113.9', userAgent: 'test' },
    },
  } as unknown as APIGatewayProxyEvent;
}

/** The same request as an HTTP API (v2) event. */
function httpEvent(
  method: string,
  routePath: string,
  path: string,
  init: { headers?: Record<string, string>; query?: Record<string, string>; params?: Record<string, string>; body?: string } = {},
): APIGatewayProxyEventV2 {
  return {
    version: '2.0',
    routeKey: `${method} ${routePath}`,
    rawPath: path,
    rawQueryString: new URLSearchParams(init.query ?? {}).toString(),
    headers: init.headers ?? {},
    queryStringParameters: init.query,
    pathParameters: init.params,
    body: init.body,
    isBase64Encoded: false,
    requestContext: { http: { method, path, protocol: 'HTTP/1.1', sourceIp: '203.0.113.9', userAgent: 'test' }, requestId: 'req-1' },
  } as unknown as APIGatewayProxyEventV2;
}

const call = async (event: APIGatewayProxyEvent | APIGatewayProxyEventV2) => {
  const response = await handler(event, {} as Context);
  return { status: response.statusCode, body: JSON.parse(response.body as string) };
};

describe('the HTTP edge reads REST API (v1) and HTTP API (v2) events alike', () => {
  const body = JSON.stringify({ name: 'Mum', phone: '08011111111' });
  const expected = {
    operation: 'updateContact',
    params: { id: 'c1' },
    query: { tag: 'a,b' },
    body: { name: 'Mum', phone: '08011111111' },
    contentType: 'application/json',
    sourceIp: '203.0.113.9',
    caller: 'ada',
  };

  it('accepts a REST API (v1) event: its resource path is the route, with path and query parameters, body, client address and caller', async () => {
    const event = restEvent('PATCH', '/api/v1/auth/contact/{id}', '/api/v1/auth/contact/c1', {
      headers: { 'Content-Type': 'application/json', 'X-Auth-Token': 'good' },
      query: { tag: ['a', 'b'] },
      params: { id: 'c1' },
      body,
    });
    expect(await call(event)).toEqual({ status: 200, body: expected });
  });

  it('accepts an HTTP API (v2) event of the same request, unchanged, with the same answer', async () => {
    const event = httpEvent('PATCH', '/api/v1/auth/contact/{id}', '/api/v1/auth/contact/c1', {
      headers: { 'content-type': 'application/json', 'x-auth-token': 'good' },
      query: { tag: 'a,b' },
      params: { id: 'c1' },
      body,
    });
    expect(asHttpApiEvent(event)).toBe(event);
    expect(await call(event)).toEqual({ status: 200, body: expected });
  });

  it('refuses a REST API (v1) event as it refuses a v2 one: no token 401, bad JSON 400, a route of another service 404', async () => {
    const noToken = restEvent('GET', '/api/v1/auth/contact', '/api/v1/auth/contact');
    expect(await call(noToken)).toEqual({ status: 401, body: { msg: MSG.unauthorized } });
    const badJson = restEvent('POST', '/api/v1/auth/contact', '/api/v1/auth/contact', { headers: { 'x-auth-token': 'good' }, body: '{not json' });
    expect(await call(badJson)).toEqual({ status: 400, body: { msg: 'Request body must be valid JSON' } });
    const elsewhere = restEvent('POST', '/api/v1/auth/transferFund', '/api/v1/auth/transferFund', { headers: { 'x-auth-token': 'good' } });
    expect(await call(elsewhere)).toEqual({ status: 404, body: { msg: MSG.notFound } });
  });

  it('translates the REST request line and query string as an HTTP API would give them', () => {
    const event = asHttpApiEvent(restEvent('get', '/api/v1/transaction', '/api/v1/transaction', { query: { page: ['2'], type: ['airtime', 'data'] } }));
    expect(event).toMatchObject({
      routeKey: 'GET /api/v1/transaction',
      rawPath: '/api/v1/transaction',
      rawQueryString: 'page=2&type=airtime&type=data',
      queryStringParameters: { page: '2', type: 'airtime,data' },
      requestContext: { http: { method: 'GET', sourceIp: '203.0.113.9' }, stage: 'prod' },
    });
    expect(event.pathParameters).toBeUndefined();
    expect(event.body).toBeUndefined();
  });
});
