/**
 * The API answers only requests CloudFront forwarded: with ORIGIN_SECRET (or, in the cloud, the
 * secret named by ORIGIN_SECRET_ARN) configured, a request without the header CloudFront adds, or
 * with a wrong value, gets 403 before any operation runs; without it configured (the local cloud by
 * default) nothing is checked. Run against the real HTTP edge of a real service (the API reference).
 */
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { API_BASE_PATH, ORIGIN_SECRET_HEADER } from '../../../shared/constants.js';
import { ENV } from '../../../shared/runtime-env.js';

const docsRequest = (headers: Record<string, string>): APIGatewayProxyEventV2 =>
  ({
    version: '2.0',
    routeKey: `GET ${API_BASE_PATH}/openapi.json`,
    rawPath: `${API_BASE_PATH}/openapi.json`,
    rawQueryString: '',
    headers,
    isBase64Encoded: false,
    requestContext: { http: { method: 'GET', path: `${API_BASE_PATH}/openapi.json`, sourceIp: '127.0.0.1' } },
  }) as unknown as APIGatewayProxyEventV2;

async function docsHandler(originSecret: string | undefined) {
  vi.resetModules();
  if (originSecret === undefined) delete process.env[ENV.originSecret];
  else process.env[ENV.originSecret] = originSecret;
  delete process.env[ENV.originSecretArn];
  const { handler } = await import('../../../functions/handlers/http/docs.js');
  return async (headers: Record<string, string>) => (await handler(docsRequest(headers), {} as Context)) as APIGatewayProxyStructuredResultV2;
}

describe('the origin secret CloudFront adds to every API request', () => {
  const before = process.env[ENV.originSecret];
  afterAll(() => {
    if (before === undefined) delete process.env[ENV.originSecret];
    else process.env[ENV.originSecret] = before;
  });

  describe('configured', () => {
    let call: Awaited<ReturnType<typeof docsHandler>>;
    beforeAll(async () => {
      call = await docsHandler('a-long-random-origin-secret-value');
    });

    it('refuses a request without it with 403 and the usual {msg}: a caller that went around CloudFront', async () => {
      const answer = await call({});
      expect(answer.statusCode).toBe(403);
      expect(JSON.parse(answer.body!)).toEqual({ msg: expect.any(String) });
    });

    it('refuses a wrong value, one of the same length included', async () => {
      expect((await call({ [ORIGIN_SECRET_HEADER]: 'guess' })).statusCode).toBe(403);
      expect((await call({ [ORIGIN_SECRET_HEADER]: 'a-long-random-origin-secret-valuX' })).statusCode).toBe(403);
    });

    it('answers a request that carries it (whatever the header case)', async () => {
      expect((await call({ [ORIGIN_SECRET_HEADER]: 'a-long-random-origin-secret-value' })).statusCode).toBe(200);
      expect((await call({ 'X-Origin-Verify': 'a-long-random-origin-secret-value' })).statusCode).toBe(200);
    });
  });

  describe('not configured (the local cloud by default)', () => {
    it('checks nothing: a request without the header is answered', async () => {
      const call = await docsHandler(undefined);
      expect((await call({})).statusCode).toBe(200);
    });
  });
});
