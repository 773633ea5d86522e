/**
 * The VTpass adapter against the VTpass simulator over loopback HTTP: headers, request_id rules,
 * pay / requery / merchant-verify, and every simulated outcome; plus the supplier configuration
 * and directory with a VTpass entry.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseSuppliersConfig, type SupplierConfig } from '../../../functions/adapters/suppliers/suppliers-config.js';
import { supplierDirectory } from '../../../functions/adapters/suppliers/index.js';
import { VtpassSupplier } from '../../../functions/adapters/suppliers/vtpass/gateway.js';
import { isVtpassRequestId, vtpassRequestId } from '../../../functions/adapters/suppliers/vtpass/answers.js';
import { VTPASS_DEMO_CUSTOMER, VTPASS_SIM_METERS, VtpassSimulator } from '../../../infra/local/simulators/vtpass.js';
import type { Listening } from '../../../infra/local/util.js';
import { electricityOrder, serveSimulator } from './support.js';

const KEYS = { apiKey: 'api-key-1', publicKey: 'PK_1', secretKey: 'SK_1' };
let dir: string;
let simulator: VtpassSimulator;
let server: Listening;
let baseUrl: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'vtpass-test-'));
  simulator = new VtpassSimulator({ ...KEYS, stateFile: join(dir, 'VTPASS.json'), holdMs: 1_500 });
  ({ server, baseUrl } = await serveSimulator(simulator));
});
afterAll(async () => {
  simulator.close();
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

const config = (): SupplierConfig => ({
  name: 'VTPASS',
  protocol: 'vtpass',
  baseUrl,
  networks: ['MTN'],
  dataVariationCodes: { '7': 'mtn-1gb-300' },
  electricity: true,
});
const keyOf = (keys: typeof KEYS) => async (_name: string, key: 'api-key' | 'public-key' | 'secret-key') =>
  key === 'api-key' ? keys.apiKey : key === 'public-key' ? keys.publicKey : keys.secretKey;
const gateway = (timeoutMs = 1_000, keys = KEYS) => new VtpassSupplier({ config: config(), secret: keyOf(keys), timeoutMs });

const order = electricityOrder;

describe('VTpass merchant-verify', () => {
  it('a valid meter answers the customer name and address', async () => {
    expect(await gateway().verifyMeter({ meterId: 18, meterNumber: VTPASS_SIM_METERS.valid, meterType: 'prepaid' })).toMatchObject({
      kind: 'valid',
      supplier: 'VTPASS',
      customerName: VTPASS_DEMO_CUSTOMER,
      address: expect.any(String),
      meterNumber: VTPASS_SIM_METERS.valid,
      minPurchaseKobo: 500_00,
    });
  });

  it('an invalid meter answers invalid with VTpass’s words', async () => {
    const check = await gateway().verifyMeter({ meterId: 20, meterNumber: VTPASS_SIM_METERS.invalid, meterType: 'postpaid' });
    expect(check).toMatchObject({ kind: 'invalid', message: expect.stringMatching(/not a valid Eko Electric postpaid meter/) });
  });

  it('wrong keys are refused by VTpass (401): the check is unavailable, not a verdict on the meter', async () => {
    expect(
      await gateway(1_000, { ...KEYS, secretKey: 'wrong' }).verifyMeter({ meterId: 18, meterNumber: VTPASS_SIM_METERS.valid, meterType: 'prepaid' }),
    ).toMatchObject({
      kind: 'unavailable',
    });
  });
});

describe('VTpass pay and requery for electricity', () => {
  it('delivered at once: a 20-digit token and units from VTpass, sent with a Lagos-time request_id ending in our id', async () => {
    const o = order(VTPASS_SIM_METERS.valid);
    const result = await gateway().buyElectricity(o);
    expect(result).toMatchObject({ supplier: 'VTPASS', outcome: 'delivered', httpStatus: 200, supplierReference: expect.any(String) });
    expect(result.electricity?.token).toMatch(/^\d{20}$/);
    expect(result.electricity).toMatchObject({ units: expect.stringMatching(/kWh$/), customerName: VTPASS_DEMO_CUSTOMER });
    const sent = (result.request as { body: Record<string, unknown> }).body;
    expect(sent).toEqual({
      request_id: vtpassRequestId(o.requestId, o.placedAt!),
      serviceID: 'ikeja-electric',
      billersCode: VTPASS_SIM_METERS.valid,
      variation_code: 'prepaid',
      amount: 2000,
      phone: '08012345678',
    });
    expect(isVtpassRequestId(sent.request_id as string)).toBe(true);
    expect(JSON.stringify(result.request)).not.toContain(KEYS.secretKey);
    // The token is the simulator's own.
    expect(simulator.recordOf(sent.request_id as string)?.token).toBe(result.electricity?.token);
  });

  it('a re-submission reuses the request_id: VTpass answers 014 (ambiguous), delivers nothing twice, and the requery gives the same token', async () => {
    const o = order(VTPASS_SIM_METERS.valid);
    const first = await gateway().buyElectricity(o);
    const again = await gateway().buyElectricity(o);
    expect(again).toMatchObject({ outcome: 'ambiguous', reason: 'code_014_request_id_reused' });
    expect(simulator.callsReport(o.requestId)).toMatchObject({ count: 2, transactions: [expect.objectContaining({ status: 'delivered' })] });
    const requery = await gateway().requery({ requestId: o.requestId, placedAt: o.placedAt });
    expect(requery).toMatchObject({ outcome: 'delivered', electricity: { token: first.electricity!.token } });
  });

  it('099 processing is ambiguous; the requery delivers with the token', async () => {
    const o = order(VTPASS_SIM_METERS.processingThenDelivered);
    const paid = await gateway().buyElectricity(o);
    expect(paid).toMatchObject({ outcome: 'ambiguous', reason: 'code_099_processing' });
    expect(paid.electricity?.token).toBeUndefined();
    const requery = await gateway().requery({ requestId: o.requestId, placedAt: o.placedAt });
    expect(requery.outcome).toBe('delivered');
    expect(requery.electricity?.token).toMatch(/^\d{20}$/);
    expect((requery.request as { path: string }).path).toBe('/api/requery');
  });

  it('pending then reversed on requery is a definite failure, and VTpass puts its money back', async () => {
    const o = order(VTPASS_SIM_METERS.pendingThenReversed);
    const before = simulator.balanceKobo;
    expect((await gateway().buyElectricity(o)).outcome).toBe('ambiguous');
    expect(simulator.balanceKobo).toBe(before - 2_000_00);
    expect(await gateway().requery({ requestId: o.requestId, placedAt: o.placedAt })).toMatchObject({ outcome: 'failed', reason: 'status_reversed' });
    expect(simulator.balanceKobo).toBe(before);
  });

  it('no answer in time is ambiguous; the requery finds it delivered with its token', async () => {
    const o = order(VTPASS_SIM_METERS.timeoutThenDelivered);
    expect(await gateway(300).buyElectricity(o)).toMatchObject({ outcome: 'ambiguous', reason: 'timeout' });
    const requery = await gateway().requery({ requestId: o.requestId, placedAt: o.placedAt });
    expect(requery.outcome).toBe('delivered');
    expect(requery.electricity?.token).toMatch(/^\d{20}$/);
  });

  it('an invalid meter fails with 016 (definite); postpaid is delivered without a token', async () => {
    expect(await gateway().buyElectricity(order(VTPASS_SIM_METERS.invalid))).toMatchObject({ outcome: 'failed', reason: 'code_016' });
    const postpaid = await gateway().buyElectricity(order('62012345678', { meterType: 'postpaid', meterId: 29 }));
    expect(postpaid.outcome).toBe('delivered');
    expect(postpaid.electricity?.token).toBeUndefined();
  });

  it("injected faults (the reconciliation's): 'failed-but-delivered' answers 016 yet charges and the requery says delivered; 'wrong-amount' charges ₦1 more and the requery says so; a charge with no purchase moves the float only", async () => {
    const inject = async (body: unknown) =>
      (await fetch(`${baseUrl}/faults`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })).status;
    expect(await inject({ next: 'nonsense' })).toBe(400);
    const before = simulator.balanceKobo;
    expect(await inject({ next: 'failed-but-delivered' })).toBe(200);
    const failed = order(VTPASS_SIM_METERS.valid);
    expect(await gateway().buyElectricity(failed)).toMatchObject({ outcome: 'failed', reason: 'code_016' });
    expect(simulator.balanceKobo).toBe(before - 2_000_00);
    expect(await gateway().requery({ requestId: failed.requestId, placedAt: failed.placedAt })).toMatchObject({ outcome: 'delivered', chargedKobo: 2_000_00 });

    expect(await inject({ next: 'wrong-amount' })).toBe(200);
    const over = order(VTPASS_SIM_METERS.valid);
    expect((await gateway().buyElectricity(over)).outcome).toBe('delivered');
    expect(simulator.balanceKobo).toBe(before - 4_001_00);
    expect(await gateway().requery({ requestId: over.requestId, placedAt: over.placedAt })).toMatchObject({ outcome: 'delivered', chargedKobo: 2_001_00 });

    expect(await inject({ chargeWithoutPurchase: 50 })).toBe(200);
    expect(simulator.balanceKobo).toBe(before - 4_051_00);
    // The next payment carries no fault: delivered, charged its price.
    expect((await gateway().buyElectricity(order(VTPASS_SIM_METERS.valid))).outcome).toBe('delivered');
    expect(simulator.balanceKobo).toBe(before - 6_051_00);
  });

  it('an unknown request_id on requery is not_found; a requery without the placing time says nothing', async () => {
    expect(await gateway().requery({ requestId: 'NEVERSENT', placedAt: new Date().toISOString() })).toMatchObject({ outcome: 'failed', reason: 'not_found' });
    expect(await gateway().requery({ requestId: 'NEVERSENT' })).toMatchObject({ outcome: 'ambiguous', reason: 'no_request_time' });
  });

  it('missing keys send nothing: a definite failure on pay, ambiguous on requery', async () => {
    const noKeys = new VtpassSupplier({ config: config(), secret: async () => Promise.reject(new Error('no parameter')), timeoutMs: 500 });
    const o = order(VTPASS_SIM_METERS.valid);
    expect(await noKeys.buyElectricity(o)).toMatchObject({ outcome: 'failed', reason: 'no_credentials' });
    expect(simulator.callsReport(o.requestId).count).toBe(0);
    expect((await noKeys.requery({ requestId: o.requestId, placedAt: o.placedAt })).outcome).toBe('ambiguous');
  });
});

describe('VTpass airtime and data', () => {
  it('airtime on a configured network goes to serviceID mtn with the naira amount', async () => {
    const result = await gateway().buyAirtime({
      requestId: 'AIR1',
      placedAt: new Date().toISOString(),
      network: 'MTN',
      phoneNumber: '08011111111',
      faceValueKobo: 100_00,
    });
    expect(result).toMatchObject({ outcome: 'delivered' });
    expect((result.request as { body: unknown }).body).toMatchObject({ serviceID: 'mtn', amount: 100, phone: '08011111111' });
  });

  it('a network VTpass is not configured for, or a plan without a variation code, fails at once (nothing sent: failover)', async () => {
    expect(await gateway().buyAirtime({ requestId: 'AIR2', network: 'GLO', phoneNumber: '08011111111', faceValueKobo: 100_00 })).toMatchObject({
      outcome: 'failed',
      reason: 'network_not_served',
    });
    const data = {
      requestId: 'DATA1',
      placedAt: new Date().toISOString(),
      network: 'MTN' as const,
      phoneNumber: '08011111111',
      planName: '1GB',
      supplierPlanIds: {},
    };
    expect(await gateway().buyData({ ...data, planId: 8 })).toMatchObject({ outcome: 'failed', reason: 'plan_not_mapped' });
    const delivered = await gateway().buyData({ ...data, requestId: 'DATA2', planId: 7 });
    expect(delivered.outcome).toBe('delivered');
    expect((delivered.request as { body: unknown }).body).toMatchObject({ serviceID: 'mtn-data', variation_code: 'mtn-1gb-300', billersCode: '08011111111' });
  });

  it('08022222222 fails (016) and 08033333333 is processing then delivered, like the MSORG panels', async () => {
    expect((await gateway().buyAirtime({ requestId: 'AIR3', network: 'MTN', phoneNumber: '08022222222', faceValueKobo: 100_00 })).outcome).toBe('failed');
    const placedAt = new Date().toISOString();
    expect((await gateway().buyAirtime({ requestId: 'AIR4', placedAt, network: 'MTN', phoneNumber: '08033333333', faceValueKobo: 100_00 })).outcome).toBe(
      'ambiguous',
    );
    expect((await gateway().requery({ requestId: 'AIR4', placedAt })).outcome).toBe('delivered');
  });
});

describe('supplier configuration with VTpass', () => {
  const json = JSON.stringify([
    { name: 'ALARO', protocol: 'msorg', baseUrl: 'https://alaro.example', networkIds: { MTN: 1, GLO: 2, AIRTEL: 3, '9MOBILE': 6 } },
    { name: 'GLAD', protocol: 'msorg', baseUrl: 'https://glad.example', networkIds: { MTN: 1 } },
    { name: 'VTPASS', protocol: 'vtpass', baseUrl: 'https://vtpass.com', networks: ['MTN'] },
  ]);
  const stub = (c: { name: string }) => ({
    name: c.name,
    buyAirtime: async () => ({}) as never,
    buyData: async () => ({}) as never,
    requery: async () => ({}) as never,
  });

  it('parses a vtpass entry (electricity on by default) and sends electricity to VTPASS only', async () => {
    const configs = parseSuppliersConfig(json);
    expect(configs[2]).toEqual({
      name: 'VTPASS',
      protocol: 'vtpass',
      baseUrl: 'https://vtpass.com',
      networks: ['MTN'],
      dataVariationCodes: {},
      electricity: true,
    });
    const directory = supplierDirectory(configs, stub);
    expect((await directory.forElectricity()).map((g) => g.name)).toEqual(['VTPASS']);
  });

  it('VTpass joins a network’s chain only where configured, after the admin’s choice', async () => {
    const directory = supplierDirectory(parseSuppliersConfig(json), stub, async () => 'GLAD');
    expect((await directory.forNetwork('MTN', 'airtime')).map((g) => g.name)).toEqual(['GLAD', 'ALARO', 'VTPASS']);
    expect((await directory.forNetwork('GLO', 'airtime')).map((g) => g.name)).toEqual(['ALARO']);
  });

  it('refuses an unknown protocol, an unknown network and a supplier configured twice', () => {
    expect(() => parseSuppliersConfig(JSON.stringify([{ name: 'VTPASS', protocol: 'soap', baseUrl: 'https://x' }]))).toThrow(/invalid/);
    expect(() => parseSuppliersConfig(JSON.stringify([{ name: 'VTPASS', protocol: 'vtpass', baseUrl: 'https://x', networks: ['MTEL'] }]))).toThrow(/invalid/);
    expect(() =>
      parseSuppliersConfig(
        JSON.stringify([
          { name: 'VTPASS', protocol: 'vtpass', baseUrl: 'https://x' },
          { name: 'VTPASS', protocol: 'vtpass', baseUrl: 'https://y' },
        ]),
      ),
    ).toThrow(/twice/);
  });
});
