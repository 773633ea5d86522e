/**
 * Rule: the API takes the client's address from CloudFront-Viewer-Address only when the request
 * came through CloudFront, i.e. the origin secret check is configured and the request carried the
 * secret. With no secret configured (the local cloud by default, a direct call) the header is
 * anyone's to write, and the source address the gateway saw is the client's address.
 */
import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { ORIGIN_SECRET_HEADER, VIEWER_ADDRESS_HEADER } from '../../../shared/constants.js';
import { ENV } from '../../../shared/runtime-env.js';

const SECRET = 'a-long-random-origin-secret-value';
const GATEWAY_SOURCE = '130.176.0.10';

/** A handler of the contacts service whose operations answer the client address they were given. */
async function contactsEchoingAddress(originSecret: string | undefined) {
  vi.resetModules();
  if (originSecret === undefined) delete process.env[ENV.originSecret];
  else process.env[ENV.originSecret] = originSecret;
  delete process.env[ENV.originSecretArn];
  const { httpService, ok } = await import('../../../functions/middleware/http.js');
  const echo = async ({ sourceIp }: { sourceIp: string }) => ok({ sourceIp });
  const handler = httpService(
    'contacts',
    { listContacts: echo, addContact: echo, updateContact: echo, deleteContact: echo, listDecoders: echo, forgetDecoder: echo },
    {
      verifyToken: async () => ({ ok: true, claims: { userId: 'u1', tokenVersion: 0 } }),
      loadPrincipal: async () => ({ userId: 'u1', userName: 'ada', userType: 'smart earner', isAdmin: false, isAgent: false, isCouponVendor: false }),
      authenticateApiKey: async () => ({ kind: 'invalid_key' }),
      audit: { audit: { append: async () => 'appended' as const }, now: () => new Date(), newId: () => 'unused' },
    },
  );
  return async (headers: Record<string, string>) => {
    const event = {
      version: '2.0',
      routeKey: 'GET /api/v1/auth/contact',
      rawPath: '/api/v1/auth/contact',
      rawQueryString: '',
      headers: { 'x-auth-token': 'a-token', ...headers },
      isBase64Encoded: false,
      requestContext: {
        http: { method: 'GET', path: '/api/v1/auth/contact', protocol: 'HTTP/1.1', sourceIp: GATEWAY_SOURCE, userAgent: 'test' },
        requestId: 'req-1',
      },
    } as unknown as APIGatewayProxyEventV2;
    const answer = await handler(event, {} as Context);
    return { status: answer.statusCode, body: JSON.parse(answer.body as string) };
  };
}

describe('the client address and CloudFront-Viewer-Address', () => {
  const before = process.env[ENV.originSecret];
  afterAll(() => {
    if (before === undefined) delete process.env[ENV.originSecret];
    else process.env[ENV.originSecret] = before;
  });

  it('no origin secret configured: a CloudFront-Viewer-Address header is ignored, the gateway source address is the client', async () => {
    const call = await contactsEchoingAddress(undefined);
    expect(await call({ [VIEWER_ADDRESS_HEADER]: '198.51.100.7:443' })).toEqual({ status: 200, body: { sourceIp: GATEWAY_SOURCE } });
    expect(await call({})).toEqual({ status: 200, body: { sourceIp: GATEWAY_SOURCE } });
  });

  it('origin secret configured and sent: the viewer address CloudFront set is the client', async () => {
    const call = await contactsEchoingAddress(SECRET);
    expect(await call({ [ORIGIN_SECRET_HEADER]: SECRET, [VIEWER_ADDRESS_HEADER]: '198.51.100.7:443' })).toEqual({
      status: 200,
      body: { sourceIp: '198.51.100.7' },
    });
    expect(await call({ [ORIGIN_SECRET_HEADER]: SECRET, [VIEWER_ADDRESS_HEADER]: '2001:db8::1:443' })).toEqual({
      status: 200,
      body: { sourceIp: '2001:db8::1' },
    });
    // Without a (readable) viewer address: the source address.
    expect(await call({ [ORIGIN_SECRET_HEADER]: SECRET })).toEqual({ status: 200, body: { sourceIp: GATEWAY_SOURCE } });
  });

  it('origin secret configured but missing or wrong: refused before any address is read', async () => {
    const call = await contactsEchoingAddress(SECRET);
    expect((await call({ [VIEWER_ADDRESS_HEADER]: '198.51.100.7:443' })).status).toBe(403);
    expect((await call({ [ORIGIN_SECRET_HEADER]: 'a-long-random-origin-secret-valuX', [VIEWER_ADDRESS_HEADER]: '198.51.100.7:443' })).status).toBe(403);
  });
});
