/**
 * The API document: OpenAPI 3.1, generated from the route table and the shared
 * zod schemas — every route an API user may call is in it with its method, its request schema says
 * what the handler's schema says, its curl lines call the real paths, and its webhook recipe verifies
 * the signatures our deliveries carry.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { ZodEffects, ZodObject, type ZodTypeAny } from 'zod';
import { signWebhook } from '../../../functions/domain/notifications/webhooks.js';
import { DOCUMENT_MAX_AGE_SECONDS, handler } from '../../../functions/handlers/http/docs.js';
import { API_BASE_PATH, API_KEY_HEADER, API_KEY_RATE_LIMIT_PER_MINUTE, AUTH_HEADER } from '../../../shared/constants.js';
import { VERIFY_WEBHOOK_NODE, buildOpenApiDocument, curlExample } from '../../../shared/openapi.js';
import { OPERATION_DOCS, type DocumentedRoute } from '../../../shared/openapi-operations.js';
import { ROUTES, routeKey, type RouteDef } from '../../../shared/routes.js';

const document = buildOpenApiDocument() as any;
const documented = ROUTES.filter((route): route is DocumentedRoute => route.access === 'user' || route.access === 'public');
const operationOf = (route: Pick<RouteDef, 'method' | 'path'>) => document.paths?.[route.path]?.[route.method.toLowerCase()];

/** Routes of a table the document has no operation for. */
const undocumented = (routes: readonly RouteDef[]) => routes.filter((route) => !operationOf(route)).map(routeKey);

/** The object schema under refinements (register, withdraw: `.refine` wraps the object). */
function objectOf(schema: ZodTypeAny): ZodObject<any> | undefined {
  if (schema instanceof ZodObject) return schema;
  if (schema instanceof ZodEffects) return objectOf(schema.innerType());
  return undefined;
}

describe('the OpenAPI document', () => {
  it('is OpenAPI 3.1 with the API base path as its server and the four ways to authenticate', () => {
    expect(document.openapi).toBe('3.1.0');
    expect(document.info.title).toBeTruthy();
    expect(document.servers).toEqual([expect.objectContaining({ url: API_BASE_PATH })]);
    const schemes = document.components.securitySchemes;
    expect(schemes.apiKeyBearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(schemes.apiKeyToken).toMatchObject({ type: 'apiKey', in: 'header', name: 'Authorization' });
    expect(schemes.apiKeyHeader).toMatchObject({ type: 'apiKey', in: 'header', name: API_KEY_HEADER });
    expect(schemes.sessionToken).toMatchObject({ type: 'apiKey', in: 'header', name: AUTH_HEADER });
    expect(document.info.description).toContain('Authorization: Token <API key>');
  });

  it('is sound: every $ref resolves, every path placeholder is a required path parameter, operation ids are unique', () => {
    const refs = [...JSON.stringify(document).matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g)].map((match) => match[1]!);
    expect(refs.length).toBeGreaterThan(0);
    for (const name of refs) expect(document.components.schemas, name).toHaveProperty(name);
    const ids: string[] = [];
    for (const [path, operations] of Object.entries<any>(document.paths)) {
      for (const operation of Object.values<any>(operations)) {
        ids.push(operation.operationId);
        expect(Object.keys(operation.responses).length, path).toBeGreaterThan(0);
        const placeholders = [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);
        const pathParameters = (operation.parameters ?? []).filter((p: any) => p.in === 'path');
        expect(pathParameters.map((p: any) => p.name).sort(), path).toEqual(placeholders.sort());
        for (const parameter of pathParameters) expect(parameter.required, path).toBe(true);
      }
    }
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('has every user and public route of the route table, with its method (a new route without docs fails here)', () => {
    expect(documented.length).toBeGreaterThan(30);
    expect(undocumented(documented)).toEqual([]);
    for (const route of documented) expect(operationOf(route).operationId).toBe(route.operation);
  });

  it('rejection: leaves the back office out, and a route not in the table is not in the document', () => {
    const backOffice = ROUTES.filter((route) => route.access === 'admin' || route.access === 'adminOrAgent');
    for (const route of backOffice) expect(operationOf(route)?.operationId, routeKey(route)).not.toBe(route.operation);
    const invented: RouteDef = { operation: 'invented', method: 'POST', path: '/buy/cable', service: 'purchases', access: 'user' };
    expect(undocumented([...documented, invented])).toEqual([routeKey(invented)]);
  });

  it('asks for an API key or session on user routes and nothing on public ones', () => {
    for (const route of documented) {
      const security = operationOf(route).security;
      if (route.access === 'public') expect(security, route.operation).toEqual([]);
      else
        expect(
          security.map((entry: object) => Object.keys(entry)[0]),
          route.operation,
        ).toEqual(['apiKeyBearer', 'apiKeyToken', 'apiKeyHeader', 'sessionToken']);
    }
  });

  it("takes each request body as the handler's shared zod schema does: the same fields, the same required ones", () => {
    let compared = 0;
    for (const route of documented) {
      const body = OPERATION_DOCS[route.operation].body;
      const object = body && objectOf(body);
      if (!object) continue;
      const schema = operationOf(route).requestBody.content['application/json'].schema;
      const required = Object.entries(object.shape as Record<string, ZodTypeAny>)
        .filter(([, field]) => !field.isOptional())
        .map(([name]) => name);
      expect(Object.keys(schema.properties).sort(), route.operation).toEqual(Object.keys(object.shape).sort());
      expect([...(schema.required ?? [])].sort(), route.operation).toEqual(required.sort());
      compared += 1;
    }
    expect(compared).toBeGreaterThan(15);
    const buyData = operationOf({ method: 'POST', path: '/buy/data' }).requestBody.content['application/json'].schema;
    expect(buyData.required).toEqual(expect.arrayContaining(['network', 'mobile_number', 'plan']));
    // Rejection: the idempotency key is optional, and described for API users.
    expect(buyData.required).not.toContain('request_id');
    expect(buyData.properties.request_id.description).toMatch(/never charges twice/);
  });

  it('gives curl lines on the real paths, with the key on user routes and the example body', () => {
    for (const route of documented) {
      const operation = operationOf(route);
      const curl: string = operation['x-codeSamples'][0].source;
      const pathPattern = route.path.replace(/\{\w+\}/g, '[^/"?]+');
      expect(curl, route.operation).toMatch(new RegExp(`^curl -X ${route.method} "\\$VTU_API${API_BASE_PATH}${pathPattern}[?"]`));
      expect(curl.includes('Authorization: Bearer $VTU_API_KEY'), route.operation).toBe(route.access !== 'public');
      expect(operation.description, route.operation).toContain(curl);
    }
    expect(curlExample(documented.find((route) => route.operation === 'buyAirtime')!)).toContain(
      `-d '{"network":1,"mobile_number":"08031234567","amount":500,"request_id":"order-10023"}'`,
    );
  });

  it('answers the key routes with schemas, and the purchases with examples that fit them', () => {
    const key: Array<[string, string]> = [
      ['GET', '/auth'],
      ['POST', '/buy/data'],
      ['POST', '/buy/airtime'],
      ['POST', '/buy/electricity'],
      ['GET', '/transaction'],
      ['GET', '/prices'],
    ];
    for (const [method, path] of key) {
      const answer = operationOf({ method: method as RouteDef['method'], path }).responses['200'].content['application/json'];
      expect(answer.schema, path).toBeTruthy();
    }
    for (const path of ['/buy/data', '/buy/airtime', '/buy/electricity']) {
      const operation = operationOf({ method: 'POST', path });
      expect(operation.responses['200'].content['application/json'].example.receipt.trans_Status, path).toBe('processing');
      expect(operation.requestBody.content['application/json'].example.request_id, path).toBeTruthy();
      expect(operation.responses['409'].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/Error' });
    }
    expect(document.components.schemas.Error).toMatchObject({ required: ['msg'] });
  });

  it(`documents refusals as {msg} and the rate limit of API_KEY_RATE_LIMIT_PER_MINUTE (${API_KEY_RATE_LIMIT_PER_MINUTE}) requests a minute`, () => {
    expect(document.info.description).toContain(`${API_KEY_RATE_LIMIT_PER_MINUTE} requests per minute per API key`);
    const buyData = operationOf({ method: 'POST', path: '/buy/data' });
    expect(Object.keys(buyData.responses)).toEqual(expect.arrayContaining(['400', '401', '409', '429']));
    expect(buyData.responses['429'].description).toContain(String(API_KEY_RATE_LIMIT_PER_MINUTE));
    // Rejection: a public route has no API-key refusals.
    expect(Object.keys(operationOf({ method: 'GET', path: '/prices' }).responses)).not.toContain('401');
  });

  it('documents the 503 a busy wallet or a request out of time answers, with Retry-After and the same request_id', () => {
    expect(document.info.description).toContain('`503` busy');
    expect(document.info.description).toContain('Retry-After');
    for (const path of ['/buy/data', '/buy/airtime', '/auth/transferFund']) {
      expect(operationOf({ method: 'POST', path }).responses['503']?.description, path).toMatch(/Retry-After.*\{msg\}/);
    }
  });
});

describe('the webhook in the document', () => {
  const webhook = document.webhooks.transactionSettled.post;
  const verify = new Function('createHmac', 'timingSafeEqual', `${VERIFY_WEBHOOK_NODE.replace(/^import .*$/m, '')}\nreturn verify;`)(
    createHmac,
    timingSafeEqual,
  ) as (headers: Record<string, string>, body: string, secret: string) => boolean;
  const secret = `whsec_${Buffer.from('a secret of thirty-two bytes....').toString('base64')}`;
  const body = JSON.stringify({ trans_Id: 'T1', trans_Status: 'success' });
  const now = Math.floor(Date.now() / 1000);
  const headers = {
    'webhook-id': 'msg_T1',
    'webhook-timestamp': String(now),
    'webhook-signature': signWebhook({ id: 'msg_T1', timestampSeconds: now, body, secret }),
  };

  it('carries the transaction as its body and the three Standard Webhooks headers', () => {
    expect(webhook.requestBody.content['application/json'].schema).toEqual({ $ref: '#/components/schemas/Transaction' });
    expect(webhook.parameters.map((p: { name: string; in: string }) => `${p.in}:${p.name}`)).toEqual([
      'header:webhook-id',
      'header:webhook-timestamp',
      'header:webhook-signature',
    ]);
    expect(webhook.description).toContain(VERIFY_WEBHOOK_NODE);
  });

  it('its verification recipe accepts the signature our deliveries carry', () => {
    expect(verify(headers, body, secret)).toBe(true);
  });

  it('rejection: its recipe refuses a changed body, another secret and an old timestamp', () => {
    expect(verify(headers, body.replace('success', 'failed'), secret)).toBe(false);
    expect(verify(headers, body, `whsec_${Buffer.from('another secret').toString('base64')}`)).toBe(false);
    const old = now - 3600;
    expect(
      verify(
        { ...headers, 'webhook-timestamp': String(old), 'webhook-signature': signWebhook({ id: 'msg_T1', timestampSeconds: old, body, secret }) },
        body,
        secret,
      ),
    ).toBe(false);
  });
});

describe('GET /api/v1/openapi.json (the docs function)', () => {
  const event = (routeKey: string) =>
    ({
      version: '2.0',
      routeKey,
      rawPath: routeKey.split(' ')[1],
      headers: {},
      requestContext: { http: { method: 'GET', path: routeKey.split(' ')[1], sourceIp: '127.0.0.1' } },
      isBase64Encoded: false,
    }) as unknown as APIGatewayProxyEventV2;

  it('answers the document as cacheable JSON, without a key', async () => {
    const response = (await handler(event(`GET ${API_BASE_PATH}/openapi.json`), {} as Context)) as APIGatewayProxyStructuredResultV2;
    expect(response.statusCode).toBe(200);
    expect(response.headers?.['content-type']).toMatch(/^application\/json/);
    expect(response.headers?.['cache-control']).toBe(`public, max-age=${DOCUMENT_MAX_AGE_SECONDS}`);
    expect(JSON.parse(response.body as string)).toEqual(JSON.parse(JSON.stringify(document)));
  });

  it('rejection: a route the function does not serve is 404 {msg}', async () => {
    const response = (await handler(event(`GET ${API_BASE_PATH}/openapi.yaml`), {} as Context)) as APIGatewayProxyStructuredResultV2;
    expect(response.statusCode).toBe(404);
    expect(JSON.parse(response.body as string)).toHaveProperty('msg');
  });
});
