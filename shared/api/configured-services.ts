/**
 * VTpass services offered by configuration (Smile, Spectranet, …): what the customer types, the
 * requests of the one buy route (`serviceID` in the body), its check before paying, and the back
 * office's configuration with its tier prices. Naira at this edge, kobo inside.
 */
import { z } from 'zod';
import { MSG } from '../messages.js';
import { nairaInKobo, requestId } from './common.js';

/** What a customer of a configured service types: the number or address VTpass's `billersCode` carries. */
export const CUSTOMER_INPUTS = ['phone', 'smartcard', 'email', 'account'] as const;
export type CustomerInput = (typeof CUSTOMER_INPUTS)[number];

/** How each kind of customer entry is named on screens, and what it must look like (checked on both sides). */
export const CUSTOMER_INPUT_RULES: Record<CustomerInput, { label: string; pattern: RegExp; hint: string; inputMode: 'tel' | 'numeric' | 'email' | 'text' }> = {
  phone: { label: 'Phone number', pattern: /^0\d{10}$/, hint: '11 digits, starting with 0', inputMode: 'tel' },
  smartcard: { label: 'Smartcard number', pattern: /^\d{6,20}$/, hint: '6 to 20 digits', inputMode: 'numeric' },
  email: { label: 'E-mail address', pattern: /^[^\s@]{1,64}@[^\s@]{1,190}\.[^\s@]{2,}$/, hint: 'name@example.com', inputMode: 'email' },
  account: { label: 'Account id', pattern: /^[A-Za-z0-9._-]{4,40}$/, hint: '4 to 40 letters or digits', inputMode: 'text' },
};

/** A VTpass serviceID: lower-case letters, digits and dashes (smile-direct, spectranet). */
export const SERVICE_ID_PATTERN = /^[a-z0-9][a-z0-9-]{1,39}$/;

/** A customer entry as the supplier is given it: spaces (and dashes of numbers) dropped, e-mail in lower case. */
export function normalisedCustomer(input: CustomerInput, value: string): string {
  const trimmed = value.trim();
  if (input === 'email') return trimmed.toLowerCase();
  if (input === 'account') return trimmed;
  return trimmed.replace(/[\s-]/g, '');
}

export function isValidCustomer(input: CustomerInput, value: string): boolean {
  return CUSTOMER_INPUT_RULES[input].pattern.test(normalisedCustomer(input, value));
}

export const SERVICE_MSG = {
  selectService: 'Please select a service',
  serviceUnavailable: 'This service is not available at the moment',
  selectPlan: 'Please select a plan',
  planUnavailable: 'This plan is not available at the moment',
  enterCustomer: 'Please enter the customer details',
  invalidCustomer: 'The customer details are not correct for this service',
  verified: 'Customer verified',
  noCheck: 'This service does not check the customer first',
  processing: 'Your purchase is being processed',
  saved: 'Service saved',
  notFound: 'No such service',
  changedMeanwhile: 'This service is being changed by someone else, please try again',
  noVariations: 'VTpass lists nothing to sell for this serviceID',
  variationsUnavailable: 'VTpass could not be reached, please try again',
} as const;

/** The amount a free-amount plan may take, in words. */
export function amountRangeMessage(minimum: string, maximum: string): string {
  return `Enter an amount between ${minimum} and ${maximum}`;
}

/** Why an admin's configuration is refused, in words. */
export const CONFIGURATION_PROBLEMS = {
  invalid_service_id: 'The serviceID must be lower-case letters, digits and dashes',
  invalid_name: 'Give the service a name of 2 to 40 characters',
  duplicate_variation: 'Each plan may appear only once',
  invalid_price: 'Every price must be above zero',
  price_below_cost: 'No price may be below the cost',
  invalid_share: 'A free-amount plan charges 1% to 200% of the amount',
  invalid_range: 'A free-amount plan needs a minimum above zero and a maximum not below it',
  nothing_to_sell: 'A service switched on needs at least one available plan',
} as const;
export type ConfigurationProblem = keyof typeof CONFIGURATION_PROBLEMS;

const serviceId = z
  .string({ required_error: SERVICE_MSG.selectService, invalid_type_error: SERVICE_MSG.selectService })
  .trim()
  .toLowerCase()
  .regex(SERVICE_ID_PATTERN, SERVICE_MSG.selectService);

const variationCode = z
  .string({ required_error: SERVICE_MSG.selectPlan, invalid_type_error: SERVICE_MSG.selectPlan })
  .trim()
  .min(1, SERVICE_MSG.selectPlan)
  .max(60, SERVICE_MSG.selectPlan);

const customer = z
  .string({ required_error: SERVICE_MSG.enterCustomer, invalid_type_error: SERVICE_MSG.enterCustomer })
  .trim()
  .min(1, SERVICE_MSG.enterCustomer)
  .max(254, SERVICE_MSG.invalidCustomer);

/** POST /buy/validateService {serviceID, customer}: who VTpass says is behind the customer entry (a verified service only). */
export const validateServiceRequest = z.object({ serviceID: serviceId, customer });
export type ValidateServiceRequest = z.input<typeof validateServiceRequest>;

export interface ValidateServiceResponse {
  msg: string;
  name: string;
  serviceID: string;
  customer: string;
}

/**
 * POST /buy/service {serviceID, variation_code, customer, amount? (a free-amount plan only, naira),
 * phone?, request_id?}: one route for every configured service.
 */
export const buyServiceRequest = z.object({
  serviceID: serviceId,
  variation_code: variationCode,
  customer,
  amount: nairaInKobo().optional(),
  phone: z
    .string()
    .trim()
    .regex(/^0\d{10}$/, MSG.checkPhone)
    .optional(),
  request_id: requestId,
});
export type BuyServiceRequest = z.input<typeof buyServiceRequest>;

// ---------------------------------------------------------------------------------------------
// What customers read

/**
 * One plan on sale with every tier's price: naira for a fixed price; for a free-amount plan the
 * amounts allowed (naira) and each tier's charge as a percent of the amount. The screen and the price
 * list pick the reader's tier with shared/pricing.ts priceTierFor, the rule the server charges by.
 */
export interface ServicePlanView {
  variation_code: string;
  name: string;
  fixedPrice: boolean;
  my_price: number;
  resellerPrice: number;
  apiPrice: number;
  minAmount: number | null;
  maxAmount: number | null;
}

export interface ServiceView {
  serviceID: string;
  name: string;
  customerInput: CustomerInput;
  verify: boolean;
  plans: ServicePlanView[];
}

/** GET /services (public): the services switched on, with their available plans and prices. */
export interface ServiceListResponse {
  services: ServiceView[];
}

// ---------------------------------------------------------------------------------------------
// The back office

/** A plan as VTpass's `service-variations` lists it. */
export interface VtpassVariationView {
  variation_code: string;
  name: string;
  /** Naira; 0 for a free-amount plan. */
  variation_amount: number;
  fixedPrice: boolean;
}

/** GET /admin/services/{serviceId}/variations: what VTpass sells under a serviceID now. */
export interface ServiceVariationsResponse {
  serviceID: string;
  serviceName: string;
  variations: VtpassVariationView[];
}

export const serviceVariationsParams = z.object({ serviceId });

const naira = nairaInKobo();
const percent = z.union([z.number(), z.string()], { invalid_type_error: CONFIGURATION_PROBLEMS.invalid_share }).transform((value, ctx) => {
  const n = Number(value);
  // Basis points: two decimals of a percent at most.
  const bps = Math.round(n * 100);
  if (!Number.isFinite(n) || Math.abs(n * 100 - bps) > 1e-6) {
    ctx.addIssue({ code: z.ZodIssueCode.custom, message: CONFIGURATION_PROBLEMS.invalid_share });
    return z.NEVER;
  }
  return bps;
});

/** A plan's prices as an admin sets them: kobo for a fixed price; basis points of the amount (and limits in kobo) for a free amount. */
const configuredVariation = z.discriminatedUnion('fixedPrice', [
  z.object({
    variation_code: variationCode,
    name: z.string().trim().min(1).max(80),
    isAvailable: z.boolean(),
    fixedPrice: z.literal(true),
    /** VTpass's price (sent as the amount). */
    amount: naira,
    costPrice: naira,
    my_price: naira,
    resellerPrice: naira,
    apiPrice: naira,
  }),
  z.object({
    variation_code: variationCode,
    name: z.string().trim().min(1).max(80),
    isAvailable: z.boolean(),
    fixedPrice: z.literal(false),
    minAmount: naira,
    maxAmount: naira,
    /** Percent of the amount: what VTpass keeps of it, and each tier's charge. */
    costPercent: percent,
    my_pricePercent: percent,
    resellerPricePercent: percent,
    apiPricePercent: percent,
  }),
]);

/** PUT /admin/services: a service's whole configuration, as read (`updatedAt`, null for a new one) and changed. */
export const saveServiceRequest = z.object({
  serviceID: serviceId,
  name: z
    .string({ required_error: CONFIGURATION_PROBLEMS.invalid_name })
    .trim()
    .min(2, CONFIGURATION_PROBLEMS.invalid_name)
    .max(40, CONFIGURATION_PROBLEMS.invalid_name),
  customerInput: z.enum(CUSTOMER_INPUTS, { errorMap: () => ({ message: 'Say what the customer types' }) }),
  verify: z.boolean(),
  enabled: z.boolean(),
  variations: z.array(configuredVariation).max(100),
  updatedAt: z.string().max(40).nullable(),
});
export type SaveServiceRequest = z.input<typeof saveServiceRequest>;

/** A plan as the back office reads it: prices in naira, or percent for a free amount. */
export type ConfiguredVariationView = z.input<typeof configuredVariation>;

export interface ConfiguredServiceView {
  serviceID: string;
  name: string;
  customerInput: CustomerInput;
  verify: boolean;
  enabled: boolean;
  variations: ConfiguredVariationView[];
  updatedAt: string;
}

export interface ConfiguredServiceListResponse {
  services: ConfiguredServiceView[];
}

export interface SaveServiceResponse {
  msg: string;
  service: ConfiguredServiceView;
}
