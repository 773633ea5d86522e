import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MsorgSimulator, SIM_NUMBERS } from '../../../infra/local/simulators/msorg.js';
import { AIRTIME_COST_BPS } from '../../../shared/constants.js';
import { applyRate } from '../../../shared/money.js';

/** What the panel charges its float for ₦100 of airtime: our cost rate, as a real panel sells to us. */
const CHARGED_FOR_100_KOBO = applyRate(10_000, AIRTIME_COST_BPS);
import { listenLoopback, safeHandler, type Listening } from '../../../infra/local/util.js';

const TOKEN = 'test-token';
let dir: string;
let simulator: MsorgSimulator;
let server: Listening;
let base: string;
let seq = 0;

async function serve(sim: MsorgSimulator): Promise<void> {
  simulator = sim;
  server = await listenLoopback(
    safeHandler((req, res) => {
      const url = new URL(req.url ?? '/', 'http://local');
      return simulator.handle(req, res, url.pathname, url.searchParams);
    }, 'test'),
    0,
  );
  base = `http://127.0.0.1:${server.port}`;
}

const newSimulator = (holdMs = 400) =>
  new MsorgSimulator({ name: 'GLAD', token: TOKEN, networkIds: { MTN: 1, GLO: 2, '9MOBILE': 3, AIRTEL: 4 }, stateFile: join(dir, 'GLAD.json'), holdMs });

const call = async (method: string, path: string, body?: unknown, token: string | null = TOKEN, signal?: AbortSignal) => {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Token ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal,
  });
  return { status: response.status, body: (await response.json()) as any };
};
const topup = (mobile: string, extra: Record<string, unknown> = {}) =>
  call('POST', '/api/topup/', {
    network: 1,
    amount: 100,
    mobile_number: mobile,
    Ported_number: true,
    airtime_type: 'VTU',
    request_id: `tx-${++seq}`,
    ...extra,
  });

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'msorg-test-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));
beforeEach(async () => {
  rmSync(join(dir, 'GLAD.json'), { force: true });
  await serve(newSimulator());
});
afterEach(async () => {
  simulator.close();
  await server.close();
});

describe('the MSORG panel simulator', () => {
  it('requires the panel token', async () => {
    expect((await call('GET', '/api/user/', undefined, null)).status).toBe(401);
    expect((await call('GET', '/api/user/', undefined, 'wrong')).status).toBe(401);
    const user = await call('GET', '/api/user/');
    expect(user.status).toBe(200);
    expect(user.body.user.Account_Balance).toBeGreaterThan(0);
  });

  it('delivers at once for 08011111111 and any other valid number, with the full record', async () => {
    for (const mobile of [SIM_NUMBERS.success, '08123456789']) {
      const { status, body } = await topup(mobile);
      expect(status).toBe(200);
      expect(body).toMatchObject({ Status: 'successful', mobile_number: mobile, network: 1, amount: '100.00', Ported_number: true, request_id: `tx-${seq}` });
      for (const field of ['id', 'ident', 'balance_before', 'balance_after', 'plan', 'plan_name', 'plan_amount', 'api_response', 'create_date'])
        expect(body).toHaveProperty(field);
      expect(Math.round((Number(body.balance_before) - Number(body.balance_after)) * 100)).toBe(CHARGED_FOR_100_KOBO);
    }
  });

  it('fails definitely for 08022222222 without charging', async () => {
    const before = simulator.balanceKobo;
    const { status, body } = await topup(SIM_NUMBERS.failure);
    expect(status).toBe(400);
    expect(body).toEqual({ error: ['Transaction failed'], Status: 'failed' });
    expect(simulator.balanceKobo).toBe(before);
    expect((await call('GET', `/api/data/tx-${seq}`)).body.Status).toBe('failed');
  });

  it('answers "processing" for 08033333333, then "successful" on re-query', async () => {
    const first = await topup(SIM_NUMBERS.processingThenSuccess);
    expect(first.body.Status).toBe('processing');
    expect((await call('GET', `/api/data/${first.body.id}`)).body.Status).toBe('successful');
    expect((await call('GET', `/api/data/tx-${seq}`)).body.Status).toBe('successful');
  });

  it('answers "processing" for 08044444444, then "failed" on re-query and gives the money back', async () => {
    const before = simulator.balanceKobo;
    const first = await topup(SIM_NUMBERS.processingThenFailure);
    expect(first.body.Status).toBe('processing');
    expect(simulator.balanceKobo).toBe(before - CHARGED_FOR_100_KOBO);
    expect((await call('GET', `/api/data/tx-${seq}`)).body.Status).toBe('failed');
    expect(simulator.balanceKobo).toBe(before);
  });

  it('holds the answer for 08055555555 but delivers; re-query by our request_id says "successful"', async () => {
    const started = Date.now();
    await expect(topup(SIM_NUMBERS.timeoutDelivered, {}).then(() => 'answered')).resolves.toBe('answered');
    expect(Date.now() - started).toBeGreaterThanOrEqual(350);
    // A client that gives up early gets nothing, but the purchase is delivered all the same.
    const requestId = `tx-${++seq}`;
    await expect(
      call(
        'POST',
        '/api/topup/',
        { network: 1, amount: 100, mobile_number: SIM_NUMBERS.timeoutDelivered, Ported_number: true, airtime_type: 'VTU', request_id: requestId },
        TOKEN,
        AbortSignal.timeout(100),
      ),
    ).rejects.toThrow();
    const requery = await call('GET', `/api/data/${requestId}`);
    expect(requery).toMatchObject({ status: 200, body: { Status: 'successful', request_id: requestId } });
  });

  it('never delivers a request_id twice and counts every POST', async () => {
    const before = simulator.balanceKobo;
    const first = await topup(SIM_NUMBERS.success, { request_id: 'dup-1' });
    const second = await topup(SIM_NUMBERS.success, { request_id: 'dup-1' });
    expect(second.body).toEqual(first.body);
    expect(simulator.balanceKobo).toBe(before - CHARGED_FOR_100_KOBO);
    const calls = await call('GET', '/calls?requestId=dup-1', undefined, null);
    expect(calls.body).toMatchObject({ supplier: 'GLAD', count: 2, byRequestId: { 'dup-1': 2 } });
    expect(calls.body.calls).toHaveLength(2);
  });

  it('validates network ids of this panel, phone numbers, amounts and plans', async () => {
    expect((await topup(SIM_NUMBERS.success, { network: 3 })).status).toBe(200); // 9MOBILE on GLAD
    expect((await topup(SIM_NUMBERS.success, { network: 6 })).body).toEqual({ error: ['Invalid network'] });
    expect((await topup('0801')).body).toEqual({ error: ['Invalid mobile number'] });
    expect((await topup(SIM_NUMBERS.success, { amount: -5 })).body).toEqual({ error: ['Invalid amount'] });
    // GLAD numbers the seeded plans ours + 1000 (functions/catalogue-seed.ts); plan 2 is MTN 1GB at ₦250/GB.
    const data = await call('POST', '/api/data/', { network: 2, mobile_number: SIM_NUMBERS.success, plan: 1002, Ported_number: true, request_id: 'data-1' });
    expect(data.body).toMatchObject({ Status: 'successful', plan: 1002, plan_name: '1GB', plan_amount: '250.00' });
    expect((await call('POST', '/api/data/', { network: 2, mobile_number: SIM_NUMBERS.success, plan: 'x' })).status).toBe(400);
  });

  it('answers 404 when re-querying something it never saw', async () => {
    expect((await call('GET', '/api/data/never-seen')).status).toBe(404);
  });

  it('can be forced to an outcome for every number', async () => {
    expect((await call('POST', '/control', { forceOutcome: 'failed' }, null)).status).toBe(200);
    expect((await topup(SIM_NUMBERS.success)).status).toBe(400);
    await call('POST', '/control', { forceOutcome: 'error' }, null);
    expect((await topup(SIM_NUMBERS.success)).status).toBe(500);
    expect((await call('GET', `/api/data/tx-${seq}`)).status).toBe(404);
    await call('POST', '/control', { forceOutcome: null }, null);
    expect((await topup(SIM_NUMBERS.success)).status).toBe(200);
    expect((await call('POST', '/control', { forceOutcome: 'bogus' }, null)).status).toBe(400);
  });

  it('keeps its state across a restart', async () => {
    const first = await topup(SIM_NUMBERS.processingThenSuccess, { request_id: 'persist-1' });
    const balance = simulator.balanceKobo;
    simulator.close();
    await server.close();
    await serve(newSimulator());
    expect(simulator.balanceKobo).toBe(balance);
    expect((await call('GET', '/api/data/persist-1')).body).toMatchObject({ id: first.body.id, Status: 'successful' });
    expect((await topup(SIM_NUMBERS.success, { request_id: 'persist-1' })).body.id).toBe(first.body.id);
    expect((await call('GET', '/calls?requestId=persist-1', undefined, null)).body.count).toBe(2);
  });
});
