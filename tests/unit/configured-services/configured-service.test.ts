/** The rules of a configured VTpass service: its configuration's checks, its price per tier, and its draft's refusals. */
import { describe, expect, it } from 'vitest';
import { isValidCustomer, normalisedCustomer } from '../../../shared/api/configured-services.js';
import { saveServiceRequest } from '../../../shared/api/configured-services.js';
import {
  configurationProblem,
  configuredService,
  draftService,
  servicePrice,
  type ConfiguredService,
  type ServiceDraftDeps,
} from '../../../functions/domain/products/configured-service.js';
import {
  seedConfiguredServices,
  serviceFromRequest,
  servicesOnSale,
  toConfiguredServiceView,
} from '../../../functions/domain/products/configured-service-catalogue.js';
import type { BillerCheck, BillerQuery } from '../../../functions/domain/purchases/suppliers-port.js';
import { VTPASS_SIM_PHONES, VTPASS_SIM_SMARTCARDS } from '../../../infra/local/simulators/vtpass.js';
import { VTPASS_SIM_SERVICE_CUSTOMERS, VTPASS_SIM_SERVICES } from '../../../infra/local/simulators/vtpass-configured-services.js';

const NOW = new Date('2026-12-02T10:00:00Z');
const [SMILE, SPECTRANET] = seedConfiguredServices(NOW) as [ConfiguredService, ConfiguredService];

function deps(service: ConfiguredService | undefined, verdict: BillerCheck = { kind: 'valid', supplier: 'VTPASS', customerName: 'ADA' }) {
  const asked: BillerQuery[] = [];
  const d: ServiceDraftDeps & { now(): Date; newId(): string } = {
    configuredServices: { getConfiguredService: async (id) => (service?.serviceId === id ? service : undefined) },
    billProducts: { getBillProduct: async () => undefined },
    verifyBiller: async (query) => {
      asked.push(query);
      return verdict;
    },
    placedBefore: async () => undefined,
    now: () => NOW,
    newId: () => 'id-1',
  };
  return { d, asked };
}

const buyer = { userId: 'u1', userName: 'ada', userType: 'smart earner' as const, customerPhone: '08099999999' };

describe('a configured service', () => {
  it('accepts the seeded services and refuses a tier below cost, a duplicate plan, a bad share or range, and an empty service switched on', () => {
    expect(configurationProblem(SMILE)).toBeUndefined();
    expect(configurationProblem(SPECTRANET)).toBeUndefined();
    const fixed = SPECTRANET.variations[0]!;
    expect(configurationProblem({ ...SPECTRANET, serviceId: 'Bad ID' })).toBe('invalid_service_id');
    expect(configurationProblem({ ...SPECTRANET, variations: [fixed, fixed] })).toBe('duplicate_variation');
    expect(configurationProblem({ ...SPECTRANET, variations: [{ ...fixed, fixed: { ...fixed.fixed!, resellerKobo: 1 } }] })).toBe('price_below_cost');
    expect(configurationProblem({ ...SPECTRANET, variations: [{ ...fixed, fixed: { ...fixed.fixed!, apiKobo: 0 } }] })).toBe('invalid_price');
    const free = SMILE.variations[0]!;
    expect(configurationProblem({ ...SMILE, variations: [{ ...free, free: { ...free.free!, apiBps: 30_000 } }] })).toBe('invalid_share');
    expect(configurationProblem({ ...SMILE, variations: [{ ...free, free: { ...free.free!, maxKobo: 1 } }] })).toBe('invalid_range');
    expect(configurationProblem({ ...SMILE, variations: [{ ...free, isAvailable: false }] })).toBe('nothing_to_sell');
    expect(configurationProblem({ ...SMILE, enabled: false, variations: [] })).toBeUndefined();
  });

  it('prices a fixed plan by tier and a free amount as its tier’s share, rounded half up, within its limits', () => {
    const [free, daily] = SMILE.variations as [ConfiguredService['variations'][0], ConfiguredService['variations'][0]];
    expect(servicePrice(daily, 'reseller', undefined)).toEqual({ chargeKobo: 300_00, costKobo: 297_00, faceKobo: 300_00 });
    expect(servicePrice(free, 'reseller', 1_000_00)).toEqual({ chargeKobo: 995_00, costKobo: 990_00, faceKobo: 1_000_00 });
    expect(servicePrice(free, 'smart earner', 333)).toEqual({ kind: 'amount_out_of_range', minKobo: 100_00, maxKobo: 50_000_00 });
    expect(servicePrice(free, 'api user', 101_01)).toEqual({ chargeKobo: 100_50, costKobo: 100_00, faceKobo: 101_01 });
    expect(servicePrice(free, 'api user', undefined)).toEqual({ kind: 'invalid_amount' });
  });

  it('reads customer entries by their kind', () => {
    expect(isValidCustomer('phone', '0801 111 1111')).toBe(true);
    expect(isValidCustomer('phone', '8011111111')).toBe(false);
    expect(normalisedCustomer('email', ' Ada@Example.COM ')).toBe('ada@example.com');
    expect(isValidCustomer('email', 'ada@example')).toBe(false);
    expect(isValidCustomer('account', '1212121212')).toBe(true);
    expect(isValidCustomer('smartcard', '12ab')).toBe(false);
  });

  it('drafts a verified purchase with the name VTpass gave; refuses a service off, a plan not sold, a bad entry and a refused customer', async () => {
    const { d, asked } = deps(SMILE);
    const drafted = await draftService({ ...buyer, serviceId: 'smile-direct', variationCode: 'airtime', customer: '1212121212', amountKobo: 500_00 }, d);
    expect(drafted).toMatchObject({
      kind: 'drafted',
      lockNames: [],
      draft: {
        trans_Type: 'service',
        trans_Network: 'Smile',
        phone_number: '1212121212',
        amountKobo: 500_00,
        costKobo: 495_00,
        bill: { family: 'service', serviceId: 'smile-direct', variationCode: 'airtime', billersCode: '1212121212', amountKobo: 500_00, customerName: 'ADA' },
      },
    });
    expect(asked).toEqual([{ serviceId: 'smile-direct', billersCode: '1212121212' }]);
    expect(
      await draftService(
        { ...buyer, serviceId: 'smile-direct', variationCode: 'airtime', customer: '1212121212', amountKobo: 500_00 },
        deps({ ...SMILE, enabled: false }).d,
      ),
    ).toEqual({
      kind: 'service_unavailable',
    });
    expect(await draftService({ ...buyer, serviceId: 'smile-direct', variationCode: 'x', customer: '1212121212' }, d)).toEqual({
      kind: 'variation_unavailable',
    });
    expect(await draftService({ ...buyer, serviceId: 'smile-direct', variationCode: '624', customer: 'a b' }, d)).toEqual({
      kind: 'invalid_customer',
      input: 'account',
    });
    const refused = deps(SMILE, { kind: 'invalid', supplier: 'VTPASS', message: 'not correct' }).d;
    expect(await draftService({ ...buyer, serviceId: 'smile-direct', variationCode: '624', customer: '1222222222' }, refused)).toEqual({
      kind: 'invalid_biller',
      message: 'not correct',
    });
    // Spectranet checks nobody and is paid with the customer's phone.
    const spectranet = deps(SPECTRANET);
    const pins = await draftService({ ...buyer, serviceId: 'spectranet', variationCode: 'vt-1000', customer: '08011111111' }, spectranet.d);
    expect(pins).toMatchObject({ kind: 'drafted', draft: { bill: { customerPhone: '08011111111', amountKobo: 1_000_00 } } });
    expect(spectranet.asked).toEqual([]);
    expect(configuredService.deliverable({ bill: { family: 'service' } } as never)).toBe(true);
  });

  it('round-trips through the admin’s request; lists only what is on sale; the simulator sells every seeded plan', () => {
    const view = toConfiguredServiceView(SMILE);
    const parsed = saveServiceRequest.parse({ ...view, updatedAt: view.updatedAt });
    expect(serviceFromRequest(parsed, NOW)).toEqual(SMILE);
    const listed = servicesOnSale([{ ...SPECTRANET, enabled: false }, SMILE]);
    expect(listed.map((s) => s.serviceID)).toEqual(['smile-direct']);
    expect(listed[0]!.plans[0]).toMatchObject({
      variation_code: 'airtime',
      fixedPrice: false,
      my_price: 100,
      resellerPrice: 99.5,
      minAmount: 100,
      maxAmount: 50_000,
    });
    expect(servicesOnSale([SPECTRANET])[0]!.plans.map((p) => p.my_price)).toEqual([1_000, 2_000, 5_000]);
    for (const service of [SMILE, SPECTRANET])
      for (const v of service.variations) expect(VTPASS_SIM_SERVICES[service.serviceId]!.variations[v.code], `${service.serviceId} ${v.code}`).toBeDefined();
    // The services' customers are the smartcards' and phones' numbers (docs/trying-it.md lists them once).
    expect(VTPASS_SIM_SERVICE_CUSTOMERS).toMatchObject({ ...VTPASS_SIM_SMARTCARDS, failedPhone: VTPASS_SIM_PHONES.failed });
  });
});
