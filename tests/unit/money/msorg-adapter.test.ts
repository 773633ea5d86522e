/** The MSORG adapter against a tiny loopback panel: wire format, classification, timeouts. */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseSuppliersConfig } from '../../../functions/adapters/suppliers/suppliers-config.js';
import { supplierDirectory } from '../../../functions/adapters/suppliers/index.js';
import { MsorgSupplier } from '../../../functions/adapters/suppliers/msorg/gateway.js';

interface Seen {
  method: string;
  url: string;
  authorization?: string;
  body: any;
}

const seen: Seen[] = [];
let server: Server;
let baseUrl: string;
const answers: Record<string, { status: number; body: unknown; delayMs?: number }> = {};

function readJson(req: IncomingMessage): Promise<any> {
  return new Promise((resolve) => {
    let text = '';
    req.on('data', (chunk) => (text += chunk));
    req.on('end', () => resolve(text ? JSON.parse(text) : undefined));
  });
}

beforeAll(async () => {
  server = createServer(async (req, res) => {
    const body = await readJson(req);
    seen.push({ method: req.method!, url: req.url!, authorization: req.headers.authorization, body });
    const key = body?.mobile_number ?? req.url!;
    const answer = answers[key] ?? { status: 200, body: { id: 77, Status: 'successful', api_response: 'done' } };
    setTimeout(() => {
      res.writeHead(answer.status, { 'content-type': 'application/json' });
      res.end(typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body));
    }, answer.delayMs ?? 0);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

const gateway = (timeoutMs = 2_000) =>
  new MsorgSupplier({
    config: { name: 'GLAD', protocol: 'msorg', baseUrl, networkIds: { MTN: 1, GLO: 2, '9MOBILE': 3, AIRTEL: 4 } },
    token: async () => 'secret-token',
    timeoutMs,
  });

describe('MSORG adapter', () => {
  it("POSTs /api/topup/ with Token auth, the panel's own network id, naira amount and our id as request_id", async () => {
    const result = await gateway().buyAirtime({ requestId: 'TXN123', network: 'AIRTEL', phoneNumber: '08012345678', faceValueKobo: 150_50 });
    expect(seen.at(-1)).toEqual({
      method: 'POST',
      url: '/api/topup/',
      authorization: 'Token secret-token',
      body: { network: 4, amount: 150.5, mobile_number: '08012345678', Ported_number: true, airtime_type: 'VTU', request_id: 'TXN123' },
    });
    expect(result).toMatchObject({ supplier: 'GLAD', outcome: 'delivered', supplierReference: '77', apiResponse: 'done', httpStatus: 200 });
    expect(JSON.stringify(result.request)).not.toContain('secret-token');
  });

  it('a 400 is a definite failure; a 500 and a "processing" answer are ambiguous', async () => {
    answers['08022222222'] = { status: 400, body: { error: ['Transaction failed'], Status: 'failed' } };
    answers['08033333333'] = { status: 200, body: { id: 5, Status: 'processing' } };
    answers['08077777777'] = { status: 500, body: 'oops' };
    const buy = (phoneNumber: string) => gateway().buyAirtime({ requestId: 'T', network: 'MTN', phoneNumber, faceValueKobo: 100_00 });
    expect((await buy('08022222222')).outcome).toBe('failed');
    expect(await buy('08033333333')).toMatchObject({ outcome: 'ambiguous', supplierReference: '5' });
    expect((await buy('08077777777')).outcome).toBe('ambiguous');
  });

  it('no answer within the timeout is ambiguous (reason timeout)', async () => {
    answers['08055555555'] = { status: 200, body: { Status: 'successful' }, delayMs: 1_000 };
    const result = await gateway(100).buyAirtime({ requestId: 'T', network: 'MTN', phoneNumber: '08055555555', faceValueKobo: 100_00 });
    expect(result).toMatchObject({ outcome: 'ambiguous', reason: 'timeout' });
  });

  it('an unreachable panel is ambiguous; a missing token or unmapped network is a definite failure (nothing sent)', async () => {
    const unreachable = new MsorgSupplier({
      config: { name: 'ALARO', protocol: 'msorg', baseUrl: 'http://127.0.0.1:9', networkIds: { MTN: 1 } },
      token: async () => 't',
      timeoutMs: 1_000,
    });
    expect((await unreachable.buyAirtime({ requestId: 'T', network: 'MTN', phoneNumber: '08011111111', faceValueKobo: 100_00 })).outcome).toBe('ambiguous');
    expect(await unreachable.buyAirtime({ requestId: 'T', network: 'GLO', phoneNumber: '08011111111', faceValueKobo: 100_00 })).toMatchObject({
      outcome: 'failed',
      reason: 'network_not_mapped',
    });
    const noToken = new MsorgSupplier({
      config: { name: 'ALARO', protocol: 'msorg', baseUrl, networkIds: { MTN: 1 } },
      token: async () => {
        throw new Error('no parameter');
      },
      timeoutMs: 1_000,
    });
    const before = seen.length;
    expect(await noToken.buyAirtime({ requestId: 'T', network: 'MTN', phoneNumber: '08011111111', faceValueKobo: 100_00 })).toMatchObject({
      outcome: 'failed',
      reason: 'no_credentials',
    });
    expect(seen.length).toBe(before);
  });

  it('re-queries GET /api/data/<panel id> when known, else our request id', async () => {
    answers['/api/data/TXN9'] = { status: 200, body: { id: 9, Status: 'failed' } };
    expect((await gateway().requery({ requestId: 'TXN9' })).outcome).toBe('failed');
    expect(seen.at(-1)).toMatchObject({ method: 'GET', url: '/api/data/TXN9', authorization: 'Token secret-token' });
    await gateway().requery({ requestId: 'TXN9', supplierReference: '1234' });
    expect(seen.at(-1)!.url).toBe('/api/data/1234');
    answers['/api/data/GONE'] = { status: 404, body: { detail: 'Not found.' } };
    expect(await gateway().requery({ requestId: 'GONE' })).toMatchObject({ outcome: 'failed', reason: 'not_found' });
  });
});

describe('supplier configuration', () => {
  const json = JSON.stringify([
    { name: 'GLAD', protocol: 'msorg', baseUrl: 'https://glad.example', networkIds: { MTN: 1, GLO: 2, AIRTEL: 3, '9MOBILE': 6 } },
    { name: 'ALARO', protocol: 'msorg', baseUrl: 'https://alaro.example', networkIds: { MTN: 1, GLO: 2, AIRTEL: 3 } },
  ]);
  it('parses SUPPLIERS_CONFIG and prefers the default supplier (ALARO), then the others that map the network (failover)', async () => {
    const configs = parseSuppliersConfig(json);
    const gateway = (config: { name: string }) => ({
      name: config.name,
      buyAirtime: async () => ({}) as never,
      buyData: async () => ({}) as never,
      requery: async () => ({}) as never,
    });
    const directory = supplierDirectory(configs, gateway);
    expect((await directory.forNetwork('MTN', 'airtime')).map((g) => g.name)).toEqual(['ALARO', 'GLAD']);
    // ALARO does not serve 9MOBILE here: only GLAD can deliver it.
    expect((await directory.forNetwork('9MOBILE', 'airtime')).map((g) => g.name)).toEqual(['GLAD']);
    expect((await directory.byName('GLAD'))?.name).toBe('GLAD');
    const chosenGlad = supplierDirectory(configs, gateway, async (network) => (network === 'MTN' ? 'GLAD' : undefined));
    expect((await chosenGlad.forNetwork('MTN', 'data')).map((g) => g.name)).toEqual(['GLAD', 'ALARO']);
    expect((await chosenGlad.forNetwork('GLO', 'data')).map((g) => g.name)).toEqual(['ALARO', 'GLAD']);
  });
  it('refuses malformed configuration loudly', () => {
    expect(() => parseSuppliersConfig('nope')).toThrow(/not JSON/);
    expect(() => parseSuppliersConfig(JSON.stringify([{ name: 'ACME', protocol: 'msorg', baseUrl: 'https://x', networkIds: {} }]))).toThrow(/invalid/);
  });
});
