/**
 * Electricity over the MSORG panel protocol: the pure readings of /api/validatemeter and bill
 * payment answers (every outcome), then the adapter against the MSORG simulator over loopback HTTP
 * (the meter number decides, the same magic numbers as the VTpass simulator), the configuration
 * (`electricity` flag or disco-name map) and the electricity supplier order.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MSORG_DISCO_NAMES,
  parseSuppliersConfig,
  sellsElectricity,
  type MsorgSupplierConfig,
  type SupplierConfig,
} from '../../../functions/adapters/suppliers/suppliers-config.js';
import { supplierDirectory } from '../../../functions/adapters/suppliers/index.js';
import { MsorgSupplier } from '../../../functions/adapters/suppliers/msorg/gateway.js';
import {
  classifyMsorgMeter,
  classifyRequery,
  classifySubmission,
  msorgElectricityDelivery,
  type SupplierAnswer,
} from '../../../functions/adapters/suppliers/msorg/answers.js';
import type { SupplierGateway } from '../../../functions/domain/purchases/suppliers-port.js';
import { MsorgSimulator, seedPanelPlans } from '../../../infra/local/simulators/msorg.js';
import { VTPASS_DEMO_CUSTOMER, VTPASS_SIM_METERS } from '../../../infra/local/simulators/vtpass.js';
import type { Listening } from '../../../infra/local/util.js';
import { electricityOrder, serveSimulator } from './support.js';
import { SEED_PLANS } from '../../../functions/catalogue-seed.js';

const http = (status: number, body: unknown): SupplierAnswer => ({ kind: 'http', status, bodyText: typeof body === 'string' ? body : JSON.stringify(body) });

describe('MSORG /api/validatemeter answers', () => {
  it('invalid: false with a name → valid, with the address when given', () => {
    expect(classifyMsorgMeter(http(200, { invalid: false, name: 'ADA OBI', address: '3 Marina' }))).toEqual({
      kind: 'valid',
      customerName: 'ADA OBI',
      address: '3 Marina',
    });
    expect(classifyMsorgMeter(http(200, { invalid: 'false', customer_name: 'ADA OBI' }))).toEqual({ kind: 'valid', customerName: 'ADA OBI' });
  });

  it('invalid: true → invalid, with the panel’s words when it gave some', () => {
    expect(classifyMsorgMeter(http(200, { invalid: true, name: '', message: 'Meter not found' }))).toEqual({ kind: 'invalid', message: 'Meter not found' });
    expect(classifyMsorgMeter(http(200, { invalid: true }))).toEqual({ kind: 'invalid' });
  });

  it('anything else says nothing about the meter: 4xx/5xx, no verdict, not JSON, timeout, network error', () => {
    expect(classifyMsorgMeter(http(401, { detail: 'Invalid token.' }))).toEqual({ kind: 'unavailable', reason: 'http_401' });
    expect(classifyMsorgMeter(http(502, 'Bad gateway'))).toEqual({ kind: 'unavailable', reason: 'http_502' });
    expect(classifyMsorgMeter(http(200, { name: 'NO VERDICT' }))).toEqual({ kind: 'unavailable', reason: 'no_verdict' });
    expect(classifyMsorgMeter(http(200, { invalid: false }))).toEqual({ kind: 'unavailable', reason: 'no_verdict' });
    expect(classifyMsorgMeter(http(200, '<html>'))).toEqual({ kind: 'unavailable', reason: 'unparseable_body' });
    expect(classifyMsorgMeter({ kind: 'timeout' })).toEqual({ kind: 'unavailable', reason: 'timeout' });
    expect(classifyMsorgMeter({ kind: 'network_error', message: 'ECONNREFUSED' })).toEqual({ kind: 'unavailable', reason: 'network_error' });
  });
});

describe('MSORG bill payment answers', () => {
  it('the token, units and customer are copied as the panel gave them; "Token : …" is read as its digits', () => {
    expect(
      msorgElectricityDelivery({
        Status: 'successful',
        token: 'Token : 1234 5678 9012 3456 7890',
        units: '4.8 kWh',
        customer_name: 'ADA',
        customer_address: '3 Marina',
      }),
    ).toEqual({
      token: '1234 5678 9012 3456 7890',
      units: '4.8 kWh',
      customerName: 'ADA',
      customerAddress: '3 Marina',
    });
    expect(msorgElectricityDelivery({ token: '12345678901234567890' })).toEqual({ token: '12345678901234567890' });
    expect(msorgElectricityDelivery({ api_response: 'Paid. Token : 11112222333344445555 : 9.5 kWh' })).toEqual({
      token: '11112222333344445555',
      units: '9.5 kWh',
    });
  });

  it('nothing is made up: no token in the answer, no token on the delivery', () => {
    expect(msorgElectricityDelivery({ Status: 'successful', units: '4.8 kWh' })).toEqual({ units: '4.8 kWh' });
    expect(msorgElectricityDelivery({ Status: 'successful', token: '', api_response: 'done' })).toBeUndefined();
    expect(msorgElectricityDelivery('not an object')).toBeUndefined();
  });

  it('outcomes follow the panel rules of every submission and re-query', () => {
    expect(classifySubmission(http(200, { Status: 'successful' })).outcome).toBe('delivered');
    expect(classifySubmission(http(400, { Status: 'failed', error: ['Transaction failed'] })).outcome).toBe('failed');
    expect(classifySubmission(http(200, { Status: 'processing' })).outcome).toBe('ambiguous');
    expect(classifySubmission(http(500, {})).outcome).toBe('ambiguous');
    expect(classifySubmission({ kind: 'timeout' }).outcome).toBe('ambiguous');
    expect(classifyRequery(http(200, { Status: 'failed' })).outcome).toBe('failed');
    expect(classifyRequery(http(404, { detail: 'Not found.' })).reason).toBe('not_found');
  });
});

describe('MSORG electricity configuration', () => {
  const base = { name: 'ALARO', protocol: 'msorg', baseUrl: 'https://alaro.example.com', networkIds: { MTN: 1 } };

  it('absent or false: no electricity; true: the usual disco names; a map: the panel’s own names', () => {
    const [none, off, usual, own] = [
      parseSuppliersConfig(JSON.stringify([base]))[0]!,
      parseSuppliersConfig(JSON.stringify([{ ...base, electricity: false }]))[0]!,
      parseSuppliersConfig(JSON.stringify([{ ...base, electricity: true }]))[0]!,
      parseSuppliersConfig(JSON.stringify([{ ...base, electricity: { '18': 'IKEDC' } }]))[0]!,
    ];
    expect([none, off, usual, own].map(sellsElectricity)).toEqual([false, false, true, true]);
    expect(MSORG_DISCO_NAMES[18]).toBe('Ikeja Electric');
    expect(MSORG_DISCO_NAMES[29]).toBe('Benin Electric');
    expect(() => parseSuppliersConfig(JSON.stringify([{ ...base, electricity: { ikeja: 'IKEDC' } }]))).toThrow(/invalid/);
  });

  it('electricity order: VTPASS first, then the MSORG panels that sell electricity, in configuration order', async () => {
    const configs = parseSuppliersConfig(
      JSON.stringify([
        { ...base, electricity: true },
        { ...base, name: 'GLAD' },
        { name: 'VTPASS', protocol: 'vtpass', baseUrl: 'https://vtpass.com' },
      ]),
    );
    const directory = supplierDirectory(configs, (config) => ({ name: config.name }) as SupplierGateway);
    expect((await directory.forElectricity()).map((g) => g.name)).toEqual(['VTPASS', 'ALARO']);
  });
});

describe('MSORG simulator plans', () => {
  it('knows every seeded plan under the panel’s own id (ALARO: ours, GLAD: ours + 1000), named as in the seed', () => {
    const alaro = seedPanelPlans('ALARO');
    const glad = seedPanelPlans('GLAD');
    expect(Object.keys(alaro)).toHaveLength(SEED_PLANS.length);
    for (const [planId, , planName] of SEED_PLANS) {
      expect(alaro[planId]?.name).toBe(planName);
      expect(glad[planId + 1000]?.name).toBe(planName);
    }
    expect(alaro[41]).toMatchObject({ network: 'GLO', name: '200MB' });
    expect(alaro[63]?.priceNaira).toBeGreaterThan(0);
  });
});

describe('MSORG electricity against the simulator', () => {
  const TOKEN = 'panel-token';
  let dir: string;
  let simulator: MsorgSimulator;
  let server: Listening;
  let config: SupplierConfig;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'msorg-electricity-'));
    simulator = new MsorgSimulator({ name: 'ALARO', token: TOKEN, networkIds: { MTN: 1 }, stateFile: join(dir, 'ALARO.json'), holdMs: 1_500 });
    let baseUrl: string;
    ({ server, baseUrl } = await serveSimulator(simulator));
    config = { name: 'ALARO', protocol: 'msorg', baseUrl, networkIds: { MTN: 1 }, electricity: true };
  });
  afterAll(async () => {
    simulator.close();
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const gateway = (options: { timeoutMs?: number; token?: string; electricity?: MsorgSupplierConfig['electricity'] } = {}) =>
    new MsorgSupplier({
      config: { ...config, ...(options.electricity === undefined ? {} : { electricity: options.electricity }) } as SupplierConfig,
      token: async () => options.token ?? TOKEN,
      timeoutMs: options.timeoutMs ?? 1_000,
    });

  const order = electricityOrder;

  it('validatemeter: the demo meter is valid with its customer; the invalid one is invalid with the panel’s words', async () => {
    expect(await gateway().verifyMeter({ meterId: 18, meterNumber: VTPASS_SIM_METERS.valid, meterType: 'prepaid' })).toEqual({
      kind: 'valid',
      supplier: 'ALARO',
      customerName: VTPASS_DEMO_CUSTOMER,
      address: expect.any(String),
    });
    expect(await gateway().verifyMeter({ meterId: 20, meterNumber: VTPASS_SIM_METERS.invalid, meterType: 'postpaid' })).toEqual({
      kind: 'invalid',
      supplier: 'ALARO',
      message: expect.stringMatching(/not a valid Eko Electric postpaid meter/),
    });
  });

  it('validatemeter: a wrong token or an unmapped company is unavailable, not a verdict', async () => {
    expect(await gateway({ token: 'wrong' }).verifyMeter({ meterId: 18, meterNumber: VTPASS_SIM_METERS.valid, meterType: 'prepaid' })).toEqual({
      kind: 'unavailable',
      supplier: 'ALARO',
      reason: 'http_401',
    });
    expect(
      await gateway({ electricity: { '20': 'Eko Electric' } }).verifyMeter({ meterId: 18, meterNumber: VTPASS_SIM_METERS.valid, meterType: 'prepaid' }),
    ).toEqual({
      kind: 'unavailable',
      supplier: 'ALARO',
      reason: 'disco_not_mapped',
    });
  });

  it('45011111111: delivered at once; the token, units and customer are the panel’s own', async () => {
    const placed = order(VTPASS_SIM_METERS.valid);
    const result = await gateway().buyElectricity(placed);
    const record = simulator.recordOf(placed.requestId)!;
    expect(result).toMatchObject({
      supplier: 'ALARO',
      outcome: 'delivered',
      request: {
        method: 'POST',
        path: '/api/billpayment/',
        body: { disco_name: 'Ikeja Electric', amount: 2000, meter_number: VTPASS_SIM_METERS.valid, MeterType: 1, request_id: placed.requestId },
      },
      electricity: { token: record.token, units: record.units, customerName: VTPASS_DEMO_CUSTOMER, customerAddress: record.customer_address },
    });
    expect(record.token).toMatch(/^\d{20}$/);
    // The same request_id again is answered with the same record: never a second vend.
    const again = await gateway().buyElectricity(placed);
    expect(again.electricity?.token).toBe(record.token);
    expect(simulator.callsReport(placed.requestId).count).toBe(2);
    expect(simulator.balanceKobo).toBe(1_000_000_00 - 2_000_00);
  });

  it('postpaid: delivered without a token (none is invented)', async () => {
    const result = await gateway().buyElectricity(order('45012345678', { meterType: 'postpaid' }));
    expect(result.outcome).toBe('delivered');
    expect(result.electricity).toMatchObject({ units: expect.stringMatching(/kWh$/), customerName: 'CUSTOMER 5678' });
    expect(result.electricity?.token).toBeUndefined();
  });

  it('45022222222: a definite failure (HTTP 400), nothing charged', async () => {
    const before = simulator.balanceKobo;
    const result = await gateway().buyElectricity(order(VTPASS_SIM_METERS.invalid));
    expect(result).toMatchObject({ outcome: 'failed', reason: 'http_400', httpStatus: 400 });
    expect(result.electricity).toBeUndefined();
    expect(simulator.balanceKobo).toBe(before);
  });

  it('45033333333: processing → ambiguous; the re-query at /api/billpayment/<id> delivers with the token', async () => {
    const placed = order(VTPASS_SIM_METERS.processingThenDelivered);
    const first = await gateway().buyElectricity(placed);
    expect(first).toMatchObject({ outcome: 'ambiguous', reason: 'status_processing' });
    expect(first.electricity).toBeUndefined();
    const requery = await gateway().requery({ requestId: placed.requestId, service: 'electricity' });
    expect(requery).toMatchObject({ outcome: 'delivered', request: { method: 'GET', path: `/api/billpayment/${placed.requestId}` } });
    expect(requery.electricity?.token).toBe(simulator.recordOf(placed.requestId)!.token);
    expect(requery.electricity?.token).toMatch(/^\d{20}$/);
  });

  it('45044444444: processing → ambiguous; the re-query says failed (the panel refunded itself)', async () => {
    const placed = order(VTPASS_SIM_METERS.pendingThenReversed);
    expect((await gateway().buyElectricity(placed)).outcome).toBe('ambiguous');
    const requery = await gateway().requery({ requestId: placed.requestId, service: 'electricity' });
    expect(requery).toMatchObject({ outcome: 'failed', reason: 'status_failed' });
    expect(requery.electricity).toBeUndefined();
  });

  it('45055555555: no answer in time → ambiguous (timeout); the re-query delivers', async () => {
    const placed = order(VTPASS_SIM_METERS.timeoutThenDelivered);
    const first = await gateway({ timeoutMs: 300 }).buyElectricity(placed);
    expect(first).toMatchObject({ outcome: 'ambiguous', reason: 'timeout' });
    const requery = await gateway().requery({ requestId: placed.requestId, service: 'electricity' });
    expect(requery).toMatchObject({ outcome: 'delivered', electricity: { token: expect.stringMatching(/^\d{20}$/) } });
  });

  it('an unknown request at re-query is not_found; a company the panel is not configured for fails before any call', async () => {
    expect((await gateway().requery({ requestId: 'NEVER-SENT', service: 'electricity' })).reason).toBe('not_found');
    const calls = simulator.callsReport().count;
    const result = await gateway({ electricity: { '20': 'Eko Electric' } }).buyElectricity(order(VTPASS_SIM_METERS.valid));
    expect(result).toMatchObject({ outcome: 'failed', reason: 'disco_not_mapped' });
    expect(simulator.callsReport().count).toBe(calls);
    const noElectricity = await gateway({ electricity: false }).buyElectricity(order(VTPASS_SIM_METERS.valid));
    expect(noElectricity).toMatchObject({ outcome: 'failed', reason: 'disco_not_mapped' });
  });
});
