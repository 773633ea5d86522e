/**
 * Configured VTpass services as the back office and the customers read them: an admin's save
 * (checked, then stored as read), the customer's list at their own tier, the public price list's
 * rows, and the services a fresh local platform offers (Smile, Spectranet).
 */
import type { ConfiguredServiceView, ConfiguredVariationView, SaveServiceRequest, ServiceView } from '../../../shared/api/configured-services.js';
import type { saveServiceRequest } from '../../../shared/api/configured-services.js';
import type { ConfigurationProblem } from '../../../shared/api/configured-services.js';
import { koboToNaira, nairaToKobo, type Kobo } from '../../../shared/money.js';
import type { z } from 'zod';
import { configurationProblem, sellablePlans, type ConfiguredService, type ConfiguredServiceStore, type ConfiguredVariation } from './configured-service.js';

const percentOf = (bps: number) => bps / 100;

/** A plan as the back office reads and edits it: naira, and percent of the amount for a free-amount plan. */
export function toVariationView(variation: ConfiguredVariation): ConfiguredVariationView {
  const { code, name, isAvailable, fixed, free } = variation;
  if (fixed)
    return {
      variation_code: code,
      name,
      isAvailable,
      fixedPrice: true,
      amount: koboToNaira(fixed.faceKobo),
      costPrice: koboToNaira(fixed.costKobo),
      my_price: koboToNaira(fixed.smartEarnerKobo),
      resellerPrice: koboToNaira(fixed.resellerKobo),
      apiPrice: koboToNaira(fixed.apiKobo),
    };
  const f = free!;
  return {
    variation_code: code,
    name,
    isAvailable,
    fixedPrice: false,
    minAmount: koboToNaira(f.minKobo),
    maxAmount: koboToNaira(f.maxKobo),
    costPercent: percentOf(f.costBps),
    my_pricePercent: percentOf(f.smartEarnerBps),
    resellerPricePercent: percentOf(f.resellerBps),
    apiPricePercent: percentOf(f.apiBps),
  };
}

export function toConfiguredServiceView(service: ConfiguredService): ConfiguredServiceView {
  return {
    serviceID: service.serviceId,
    name: service.name,
    customerInput: service.customerInput,
    verify: service.verify,
    enabled: service.enabled,
    variations: service.variations.map(toVariationView),
    updatedAt: service.updatedAt,
  };
}

/** A service as anyone reads it: only if on, its available plans with every tier's price (percent of the amount for a free amount). */
export function toServiceView(service: ConfiguredService): ServiceView {
  return {
    serviceID: service.serviceId,
    name: service.name,
    customerInput: service.customerInput,
    verify: service.verify,
    plans: sellablePlans(service).map((v) => {
      const head = { variation_code: v.code, name: v.name };
      if (v.fixed)
        return {
          ...head,
          fixedPrice: true,
          my_price: koboToNaira(v.fixed.smartEarnerKobo),
          resellerPrice: koboToNaira(v.fixed.resellerKobo),
          apiPrice: koboToNaira(v.fixed.apiKobo),
          minAmount: null,
          maxAmount: null,
        };
      const f = v.free!;
      return {
        ...head,
        fixedPrice: false,
        my_price: percentOf(f.smartEarnerBps),
        resellerPrice: percentOf(f.resellerBps),
        apiPrice: percentOf(f.apiBps),
        minAmount: koboToNaira(f.minKobo),
        maxAmount: koboToNaira(f.maxKobo),
      };
    }),
  };
}

/** The public list: services switched on with something to sell, by name. */
export function servicesOnSale(services: readonly ConfiguredService[]): ServiceView[] {
  return services
    .filter((s) => sellablePlans(s).length > 0)
    .sort((a, b) => a.name.localeCompare(b.name))
    .map(toServiceView);
}

// ---------------------------------------------------------------------------------------------
// An admin's save

type SaveServiceInput = z.output<typeof saveServiceRequest>;

/** The stored form of an admin's request (naira already kobo; percent already basis points). */
export function serviceFromRequest(request: SaveServiceInput, now: Date): ConfiguredService {
  return {
    serviceId: request.serviceID,
    name: request.name.trim(),
    customerInput: request.customerInput,
    verify: request.verify,
    enabled: request.enabled,
    variations: request.variations.map((v): ConfiguredVariation => {
      const head = { code: v.variation_code, name: v.name, isAvailable: v.isAvailable };
      if (v.fixedPrice)
        return {
          ...head,
          fixed: { faceKobo: v.amount, costKobo: v.costPrice, smartEarnerKobo: v.my_price, resellerKobo: v.resellerPrice, apiKobo: v.apiPrice },
        };
      return {
        ...head,
        free: {
          minKobo: v.minAmount,
          maxKobo: v.maxAmount,
          costBps: v.costPercent,
          smartEarnerBps: v.my_pricePercent,
          resellerBps: v.resellerPricePercent,
          apiBps: v.apiPricePercent,
        },
      };
    }),
    updatedAt: now.toISOString(),
  };
}

export type SaveServiceResult =
  | { kind: 'saved'; service: ConfiguredService }
  | { kind: 'invalid'; problem: ConfigurationProblem }
  | { kind: 'changed_meanwhile' };

/** Checks an admin's configuration, then stores it only while it is as they read it. */
export async function saveService(
  request: SaveServiceInput,
  deps: { configuredServices: Pick<ConfiguredServiceStore, 'saveConfiguredService'>; now(): Date },
): Promise<SaveServiceResult> {
  const service = serviceFromRequest(request, deps.now());
  const problem = configurationProblem(service);
  if (problem) return { kind: 'invalid', problem };
  const written = await deps.configuredServices.saveConfiguredService(service, request.updatedAt);
  return written === 'saved' ? { kind: 'saved', service } : { kind: 'changed_meanwhile' };
}

// ---------------------------------------------------------------------------------------------
// The local platform's services

const fixed = (code: string, name: string, faceNaira: number, costShareBps = 9_900): ConfiguredVariation => {
  const faceKobo: Kobo = nairaToKobo(faceNaira);
  return {
    code,
    name,
    isAvailable: true,
    // Sold at face value to everyone; VTpass's commission (1% here) is the margin.
    fixed: { faceKobo, costKobo: Math.round((faceKobo * costShareBps) / 10_000), smartEarnerKobo: faceKobo, resellerKobo: faceKobo, apiKobo: faceKobo },
  };
};

/**
 * Smile (verified, with its free-amount `airtime` plan) and Spectranet (PINs in the answer), as a
 * fresh local platform offers them; their plans are the simulator's `service-variations`.
 */
export function seedConfiguredServices(now: Date): ConfiguredService[] {
  const updatedAt = now.toISOString();
  return [
    {
      serviceId: 'smile-direct',
      name: 'Smile',
      customerInput: 'account',
      verify: true,
      enabled: true,
      variations: [
        {
          code: 'airtime',
          name: 'Smile airtime (any amount)',
          isAvailable: true,
          free: { minKobo: nairaToKobo(100), maxKobo: nairaToKobo(50_000), costBps: 9_900, smartEarnerBps: 10_000, resellerBps: 9_950, apiBps: 9_950 },
        },
        fixed('624', 'FlexiDaily 1GB - 1 day', 300),
        fixed('625', 'FlexiWeekly 2GB - 7 days', 1_000),
        fixed('606', 'Smile 10GB - 30 days', 5_000),
      ],
      updatedAt,
    },
    {
      serviceId: 'spectranet',
      name: 'Spectranet',
      customerInput: 'phone',
      verify: false,
      enabled: true,
      variations: [
        fixed('vt-1000', 'Spectranet ₦1,000 PIN', 1_000),
        fixed('vt-2000', 'Spectranet ₦2,000 PIN', 2_000),
        fixed('vt-5000', 'Spectranet ₦5,000 PIN', 5_000),
      ],
      updatedAt,
    },
  ];
}

export type { SaveServiceRequest };
