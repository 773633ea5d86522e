/**
 * A VTpass service offered by configuration, not by code. Every VTpass service has one shape
 * (`service-variations` lists what can be sold, `merchant-verify` checks the customer where the
 * service needs it, `pay` buys, `requery` settles), so one module sells all of them: an admin's
 * configuration (stored data) says which serviceID, what the customer types, whether VTpass checks
 * the customer first, whether it is on, and each plan's tier prices over VTpass's variations.
 *
 * A purchase is a bill like cable TV and exam PINs (bill.ts): the same order, suppliers, re-query
 * and PINs on the record (a service whose answer carries PINs, such as Spectranet, has them kept
 * and masked like exam PINs).
 */
import {
  isValidCustomer,
  normalisedCustomer,
  SERVICE_ID_PATTERN,
  type ConfigurationProblem,
  type CustomerInput,
} from '../../../shared/api/configured-services.js';
import type { UserType } from '../../../shared/constants.js';
import { applyRate, type BasisPoints, type Kobo } from '../../../shared/money.js';
import { priceForUserType } from '../../../shared/pricing.js';
import type { BillDetails } from './bill-catalogue.js';
import { verifiedBiller, type BillDraftDeps, type BillPurchaseRequest } from './bill.js';
import { notSold, placed, purchaseRecord, type DraftDeps, type Drafted, type ProductModule } from './product.js';
import type { BillOrder } from '../purchases/suppliers-port.js';

/** A fixed-price plan: VTpass's price (sent as the amount), what VTpass charges us for it, and each tier's price. */
export interface FixedPrices {
  faceKobo: Kobo;
  costKobo: Kobo;
  smartEarnerKobo: Kobo;
  resellerKobo: Kobo;
  apiKobo: Kobo;
}

/** A free-amount plan (Smile's `airtime`): the amounts allowed, and each tier's charge as a share of the amount. */
export interface FreeAmountPrices {
  minKobo: Kobo;
  maxKobo: Kobo;
  costBps: BasisPoints;
  smartEarnerBps: BasisPoints;
  resellerBps: BasisPoints;
  apiBps: BasisPoints;
}

export interface ConfiguredVariation {
  /** VTpass's variation_code. */
  code: string;
  name: string;
  isAvailable: boolean;
  fixed?: FixedPrices;
  free?: FreeAmountPrices;
}

export interface ConfiguredService {
  /** VTpass serviceID (smile-direct, spectranet). */
  serviceId: string;
  /** Its name on screens and receipts (Smile, Spectranet). */
  name: string;
  /** What the customer types; VTpass's `billersCode`. */
  customerInput: CustomerInput;
  /** Whether VTpass's merchant-verify checks the customer before any money moves. */
  verify: boolean;
  /** Switched off, it is neither listed nor sold; its purchases still settle. */
  enabled: boolean;
  variations: ConfiguredVariation[];
  updatedAt: string;
}

/** Largest share of the amount a tier may be charged: 200% (a typo of 10000% is refused). */
const MAX_SHARE_BPS = 20_000;

const positiveKobo = (kobo: number) => Number.isSafeInteger(kobo) && kobo > 0;
const share = (bps: number) => Number.isInteger(bps) && bps > 0 && bps <= MAX_SHARE_BPS;

/**
 * Why a configuration may not be stored, or undefined: a serviceID VTpass could name, a name,
 * each plan once, every price above zero and no tier below cost (a sale never loses money), a
 * free amount's limits in order, and a service switched on with something to sell.
 */
export function configurationProblem(service: Omit<ConfiguredService, 'updatedAt'>): ConfigurationProblem | undefined {
  if (!SERVICE_ID_PATTERN.test(service.serviceId)) return 'invalid_service_id';
  const name = service.name.trim();
  if (name.length < 2 || name.length > 40) return 'invalid_name';
  const codes = new Set(service.variations.map((v) => v.code));
  if (codes.size !== service.variations.length) return 'duplicate_variation';
  for (const variation of service.variations) {
    const problem = variationProblem(variation);
    if (problem) return problem;
  }
  if (service.enabled && !service.variations.some((v) => v.isAvailable)) return 'nothing_to_sell';
  return undefined;
}

function variationProblem(variation: ConfiguredVariation): ConfigurationProblem | undefined {
  const { fixed, free } = variation;
  if (fixed && !free) {
    const tiers = [fixed.smartEarnerKobo, fixed.resellerKobo, fixed.apiKobo];
    if (![fixed.faceKobo, fixed.costKobo, ...tiers].every(positiveKobo)) return 'invalid_price';
    if (tiers.some((kobo) => kobo < fixed.costKobo)) return 'price_below_cost';
    return undefined;
  }
  if (free && !fixed) {
    const tiers = [free.smartEarnerBps, free.resellerBps, free.apiBps];
    if (![free.costBps, ...tiers].every(share)) return 'invalid_share';
    if (tiers.some((bps) => bps < free.costBps)) return 'price_below_cost';
    if (!positiveKobo(free.minKobo) || !positiveKobo(free.maxKobo) || free.maxKobo < free.minKobo) return 'invalid_range';
    return undefined;
  }
  return 'invalid_price';
}

/** What one purchase of a plan costs: the buyer's charge, our cost, and the amount VTpass is sent. */
export interface ServicePrice {
  chargeKobo: Kobo;
  costKobo: Kobo;
  /** The plan's face value: the `amount` VTpass is sent. */
  faceKobo: Kobo;
}

export type ServicePriceRefusal = { kind: 'invalid_amount' } | { kind: 'amount_out_of_range'; minKobo: Kobo; maxKobo: Kobo };

/**
 * The price of a plan for a tier (the data plans' rule: reseller, api user, everybody else). A fixed
 * plan ignores any amount sent; a free-amount plan needs one within its limits, and charges its
 * tier's share of it, rounded half up (shared/money.ts applyRate).
 */
export function servicePrice(variation: ConfiguredVariation, userType: UserType | string, amountKobo: Kobo | undefined): ServicePrice | ServicePriceRefusal {
  if (variation.fixed) {
    const { faceKobo, costKobo, smartEarnerKobo, resellerKobo, apiKobo } = variation.fixed;
    return { chargeKobo: priceForUserType({ my_price: smartEarnerKobo, resellerPrice: resellerKobo, apiPrice: apiKobo }, userType), costKobo, faceKobo };
  }
  const free = variation.free!;
  if (amountKobo === undefined || !positiveKobo(amountKobo)) return { kind: 'invalid_amount' };
  if (amountKobo < free.minKobo || amountKobo > free.maxKobo) return { kind: 'amount_out_of_range', minKobo: free.minKobo, maxKobo: free.maxKobo };
  const bps = priceForUserType({ my_price: free.smartEarnerBps, resellerPrice: free.resellerBps, apiPrice: free.apiBps }, userType);
  return { chargeKobo: applyRate(amountKobo, bps), costKobo: applyRate(amountKobo, free.costBps), faceKobo: amountKobo };
}

/** The plans a customer may buy: those available, of a service switched on. */
export function sellablePlans(service: ConfiguredService): ConfiguredVariation[] {
  return service.enabled ? service.variations.filter((v) => v.isAvailable) : [];
}

// ---------------------------------------------------------------------------------------------
// The product

export interface ConfiguredServiceReader {
  /** One service's configuration, read strongly consistent (switched off, or a price changed, is what this purchase sees). */
  getConfiguredService(serviceId: string): Promise<ConfiguredService | undefined>;
}

/** The stored configurations (adapter: adapters/dynamo/configured-services). */
export interface ConfiguredServiceStore extends ConfiguredServiceReader {
  listConfiguredServices(): Promise<ConfiguredService[]>;
  /** Stores a service only while it is as the caller read it (`readUpdatedAt`; null: not there yet). */
  saveConfiguredService(service: ConfiguredService, readUpdatedAt: string | null): Promise<'saved' | 'changed_meanwhile'>;
}

export interface ServiceDraftDeps extends BillDraftDeps {
  configuredServices: ConfiguredServiceReader;
}

export interface ServicePurchaseInput extends BillPurchaseRequest {
  serviceId: string;
  variationCode: string;
  /** What the customer typed (a phone, smartcard, e-mail or account id, as the service says). */
  customer: string;
  /** A free-amount plan's amount (face value). */
  amountKobo?: Kobo;
}

export type ServiceRefusal =
  | { kind: 'service_unavailable' | 'variation_unavailable' | 'verification_unavailable' | 'invalid_amount' }
  | { kind: 'invalid_customer'; input: CustomerInput }
  | { kind: 'amount_out_of_range'; minKobo: Kobo; maxKobo: Kobo }
  | { kind: 'invalid_biller'; message?: string };

/**
 * A configured service's purchase: the service must exist and be on, the plan available, the
 * customer entry of the kind the service asks for; a verified service has VTpass confirm the
 * customer first (the name goes on the record). The wallet pays the tier price; VTpass is sent the
 * plan's face value.
 */
export async function draftService(input: ServicePurchaseInput, deps: ServiceDraftDeps & DraftDeps): Promise<Drafted | ServiceRefusal> {
  const service = await deps.configuredServices.getConfiguredService(input.serviceId);
  if (!service?.enabled) return { kind: 'service_unavailable' };
  const variation = service.variations.find((v) => v.code === input.variationCode);
  if (!variation?.isAvailable) return { kind: 'variation_unavailable' };
  if (!isValidCustomer(service.customerInput, input.customer)) return { kind: 'invalid_customer', input: service.customerInput };
  const customer = normalisedCustomer(service.customerInput, input.customer);
  const price = servicePrice(variation, input.userType, input.amountKobo);
  if ('kind' in price) return price;
  let customerName: string | undefined;
  if (service.verify) {
    const check = await verifiedBiller(input, deps, { serviceId: service.serviceId, billersCode: customer });
    if (check.kind !== 'valid') return check;
    customerName = check.customerName;
  }
  const bill: BillDetails = {
    family: 'service',
    serviceId: service.serviceId,
    productCode: `${service.serviceId}:${variation.code}`,
    productName: variation.name,
    variationCode: variation.code,
    provider: service.name,
    billersCode: customer,
    quantity: 1,
    amountKobo: price.faceKobo,
    // A service bought for a phone number is paid with that phone; any other with the buyer's.
    customerPhone: service.customerInput === 'phone' ? customer : input.customerPhone,
    ...(customerName ? { customerName } : {}),
  };
  const forWhom = customerName ? `${customer} (${customerName})` : customer;
  const draft = purchaseRecord(input, deps, {
    trans_Type: 'service',
    trans_Network: service.name,
    phone_number: customer,
    amountKobo: price.chargeKobo,
    costKobo: price.costKobo,
    volume: variation.fixed ? variation.name : `${variation.name} ₦${(price.faceKobo / 100).toFixed(2)}`,
    description: `${service.name} ${variation.name} for ${forWhom}`,
    requestFingerprint: serviceFingerprint(service.serviceId, variation.code, customer, price.faceKobo),
    bill,
  });
  return { kind: 'drafted', draft, lockNames: [] };
}

export function serviceFingerprint(serviceId: string, variationCode: string, customer: string, faceKobo: Kobo): string {
  return `service:${serviceId}:${variationCode}:${customer}:${faceKobo}`;
}

/**
 * Configured services as one product: switched on and off by their configuration (no service lock);
 * delivered by the suppliers that sell bills, as VTpass's `pay` with the service's own serviceID.
 */
export const configuredService: ProductModule<ServicePurchaseInput, ServiceDraftDeps, ServiceRefusal> = {
  type: 'service',
  lock: undefined,
  draft: draftService,
  requeryService: 'service',
  deliverable: (record) => record.bill?.family === 'service',
  suppliers: async (directory) => (await directory.forBills?.()) ?? [],
  submit(supplier, record) {
    const { serviceId, variationCode, billersCode, quantity, amountKobo, customerPhone } = record.bill!;
    const order: BillOrder = {
      ...placed(record),
      family: 'service',
      serviceId,
      variationCode,
      ...(billersCode ? { billersCode } : {}),
      quantity,
      amountKobo,
      phoneNumber: customerPhone,
    };
    return supplier.buyBill ? supplier.buyBill(order) : Promise.resolve(notSold(supplier, 'bills_not_supported', order));
  },
};
