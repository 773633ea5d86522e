/**
 * Bill products (cable TV bouquets, exam PINs), pure: what a catalogue row is, how it is priced for
 * a user's tier (the same three tiers and cost price as a data plan), how an admin's edit is
 * checked (never above an exam body's approved price), and what a cable renewal's new due date is.
 */
import type { BillProductView, CableTvPlanView, CableNameOption } from '../../../shared/api/bills.js';
import {
  CABLE_BOUQUET_SEED,
  CABLE_PROVIDERS,
  EXAM_PRODUCTS,
  EXAM_PRODUCT_SEED,
  billProductCode,
  cableProvider,
  type BillProductSeed,
  type ExamProduct,
} from '../../../shared/bills.js';
import type { UserType } from '../../../shared/constants.js';
import { koboToNaira, nairaToKobo, type Kobo } from '../../../shared/money.js';
import { priceForUserType } from '../../../shared/pricing.js';

/** Recharge cards (`epin`) are priced as catalogue rows too, so the admin sets their tiers in the same price manager. */
export type BillFamily = 'cable' | 'exam' | 'epin';

export interface BillProduct {
  /** `<serviceID>:<variation code>`, e.g. `dstv:dstv-padi`. */
  code: string;
  family: BillFamily;
  /** VTpass serviceID (dstv, gotv, startimes, showmax, waec, waec-registration, jamb). */
  serviceId: string;
  variationCode: string;
  name: string;
  isAvailable: boolean;
  /** What the supplier charges us (VTpass's price): sent as the amount, and the purchase's cost. */
  costPriceKobo: Kobo;
  smartEarnerPriceKobo: Kobo;
  resellerPriceKobo: Kobo;
  apiPriceKobo: Kobo;
  updatedAt: string;
}

export function familyOfService(serviceId: string): BillFamily | undefined {
  if (CABLE_PROVIDERS.some((p) => p.serviceId === serviceId)) return 'cable';
  if (EXAM_PRODUCTS.some((p) => p.serviceId === serviceId)) return 'exam';
  return undefined;
}

/** The exam product a catalogue row sells, if it is one. */
export function examProductOf(product: Pick<BillProduct, 'serviceId' | 'variationCode'>): ExamProduct | undefined {
  return EXAM_PRODUCTS.find((p) => p.serviceId === product.serviceId && p.variationCode === product.variationCode);
}

/** The tiered price a user pays (the data plans' rule: reseller, api user, everybody else). */
export function billPriceFor(product: BillProduct, userType: UserType | string | null | undefined): Kobo {
  return priceForUserType({ my_price: product.smartEarnerPriceKobo, resellerPrice: product.resellerPriceKobo, apiPrice: product.apiPriceKobo }, userType);
}

/** A fresh catalogue's rows: cost = VTpass's price; our tiers a little above it for cable, at the approved price for exams. */
export function seedBillProducts(now: Date): BillProduct[] {
  const row = (seed: BillProductSeed, family: BillFamily, markupKobo: Kobo): BillProduct => {
    const costPriceKobo = nairaToKobo(seed.faceValue);
    return {
      code: billProductCode(seed.serviceId, seed.variationCode),
      family,
      serviceId: seed.serviceId,
      variationCode: seed.variationCode,
      name: seed.name,
      isAvailable: true,
      costPriceKobo,
      smartEarnerPriceKobo: costPriceKobo + markupKobo,
      resellerPriceKobo: costPriceKobo + Math.floor(markupKobo / 2),
      apiPriceKobo: costPriceKobo + Math.floor(markupKobo / 2),
      updatedAt: now.toISOString(),
    };
  };
  // Exams are sold at the approved price (the supplier's commission is the profit): no markup is allowed above it.
  return [...CABLE_BOUQUET_SEED.map((s) => row(s, 'cable', nairaToKobo(100))), ...EXAM_PRODUCT_SEED.map((s) => row(s, 'exam', 0))];
}

// ---------------------------------------------------------------------------------------------
// An admin's edit

export interface BillProductEdit {
  costPriceKobo?: Kobo;
  smartEarnerPriceKobo?: Kobo;
  resellerPriceKobo?: Kobo;
  apiPriceKobo?: Kobo;
  isAvailable?: boolean;
  name?: string;
}

export type BillProductEditResult =
  | { ok: true; product: BillProduct }
  | { ok: false; reason: 'above_approved_price'; approvedPriceKobo: Kobo }
  | { ok: false; reason: 'price_below_cost' | 'invalid_price' };

/** Applies an edit, or says why not: prices positive, no tier below cost, an exam never above its approved price. */
export function applyBillProductEdit(product: BillProduct, edit: BillProductEdit, now: Date): BillProductEditResult {
  const next: BillProduct = { ...product, ...definedOnly(edit), updatedAt: now.toISOString() };
  const tiers = [next.smartEarnerPriceKobo, next.resellerPriceKobo, next.apiPriceKobo];
  if (![...tiers, next.costPriceKobo].every((kobo) => Number.isSafeInteger(kobo) && kobo > 0)) return { ok: false, reason: 'invalid_price' };
  const exam = examProductOf(next);
  if (exam && tiers.some((kobo) => kobo > exam.approvedPriceKobo))
    return { ok: false, reason: 'above_approved_price', approvedPriceKobo: exam.approvedPriceKobo };
  if (tiers.some((kobo) => kobo < next.costPriceKobo)) return { ok: false, reason: 'price_below_cost' };
  return { ok: true, product: next };
}

function definedOnly<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

// ---------------------------------------------------------------------------------------------
// Views

export function toBillProductView(product: BillProduct, options: { userType: UserType | string; showCost: boolean }): BillProductView {
  const exam = examProductOf(product);
  return {
    code: product.code,
    family: product.family,
    serviceID: product.serviceId,
    variation_code: product.variationCode,
    name: product.name,
    isAvailable: product.isAvailable,
    amount: koboToNaira(billPriceFor(product, options.userType)),
    my_price: koboToNaira(product.smartEarnerPriceKobo),
    resellerPrice: koboToNaira(product.resellerPriceKobo),
    apiPrice: koboToNaira(product.apiPriceKobo),
    costPrice: options.showCost ? koboToNaira(product.costPriceKobo) : 0,
    ...(exam ? { approvedPrice: koboToNaira(exam.approvedPriceKobo), examId: exam.id } : {}),
    updatedAt: product.updatedAt,
  };
}

/**
 * The session's CABLETV group as the original client reads it (its cable model): planName,
 * planId, cableName (GOTV, DSTV, STARTIMES, SHOWMAX), price / resellerPrice / apiPrice, and
 * planCostPrince (the original's spelling) for admins; available bouquets only.
 */
export function cableTvGroup(products: readonly BillProduct[], options: { userType: UserType | string; showCost: boolean }): CableTvPlanView[] {
  return products
    .filter((p) => p.family === 'cable' && p.isAvailable)
    .sort((a, b) => a.serviceId.localeCompare(b.serviceId) || a.costPriceKobo - b.costPriceKobo)
    .map((p) => ({
      _id: p.code,
      planId: p.code,
      planName: p.name,
      cableName: cableProvider(p.serviceId)?.name ?? p.serviceId.toUpperCase(),
      plan_amount: koboToNaira(billPriceFor(p, options.userType)),
      price: koboToNaira(p.smartEarnerPriceKobo),
      resellerPrice: koboToNaira(p.resellerPriceKobo),
      apiPrice: koboToNaira(p.apiPriceKobo),
      planCostPrince: options.showCost ? koboToNaira(p.costPriceKobo) : 0,
    }));
}

/** The session's CABLENAME group: the providers by our id (shaped like DISCO). */
export function cableNameGroup(): CableNameOption[] {
  return CABLE_PROVIDERS.map((p) => ({ id: p.id, name: p.name }));
}

// ---------------------------------------------------------------------------------------------
// Due dates

/** `YYYY-MM-DD` of a date (UTC; decoders' due dates are calendar days). */
function day(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** Reads a due date as the supplier wrote it (`2025-01-31`, `2025-01-31T00:00:00`, `31 Jan 2025`); undefined when unreadable. */
export function readDueDate(text: string | undefined): Date | undefined {
  if (!text) return undefined;
  const iso = /^(\d{4})-(\d{2})-(\d{2})/.exec(text.trim());
  const parsed = iso ? new Date(Date.UTC(Number(iso[1]), Number(iso[2]) - 1, Number(iso[3]))) : new Date(`${text.trim()} UTC`);
  return Number.isNaN(parsed.getTime()) ? undefined : parsed;
}

/**
 * The due date after paying `months` months: a renewal extends the current due date when it is
 * still ahead, otherwise (a lapsed decoder, or a change of bouquet, which starts today) today.
 */
export function newDueDate(options: { subscriptionType: 'renew' | 'change' | undefined; currentDueDate?: string; today: Date; months: number }): string {
  const current = readDueDate(options.currentDueDate);
  const start = options.subscriptionType === 'renew' && current && current.getTime() > options.today.getTime() ? current : options.today;
  const next = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + options.months, start.getUTCDate()));
  return day(next);
}

// ---------------------------------------------------------------------------------------------
// What a purchase keeps

/** One exam PIN as the supplier issued it. */
export interface BillPin {
  pin: string;
  serial?: string;
}

/** What a cable or exam purchase keeps: what was bought for whom, and once delivered what the supplier gave. */
export interface BillDetails {
  /** `service`: a VTpass service offered by configuration (configured-service.ts), not a catalogue row. */
  family: BillFamily | 'service';
  /** VTpass serviceID and the catalogue row bought. */
  serviceId: string;
  productCode: string;
  productName: string;
  variationCode: string;
  /** Provider / exam as shown (DSTV, WAEC Result Checker, …). */
  provider: string;
  /** Smartcard / IUC (cable), Showmax phone, JAMB profile id; absent for WAEC. */
  billersCode?: string;
  /** Cable TV: renew the current bouquet or change to this one (DStv, GOtv); absent for StarTimes and Showmax. */
  subscriptionType?: 'renew' | 'change';
  quantity: number;
  /** What the supplier is paid (its price × quantity). */
  amountKobo: Kobo;
  customerPhone: string;
  /** From the server's own verification before the debit. */
  customerName?: string;
  currentBouquet?: string;
  /** The decoder's due date before, and the one this payment gives. */
  dueDate?: string;
  newDueDate?: string;
  /** From the supplier's answer only: PINs with their serials, and its text of them. */
  pins?: BillPin[];
  purchasedCode?: string;
  /** Recharge cards: the business name printed on every card, as the buyer gave it. */
  businessName?: string;
  /**
   * Delivered in part (fewer cards than ordered): the charge of what never came, credited back in the
   * settlement's one write. The sales figures count the rest only (transactions/sold-part.ts).
   */
  refundedKobo?: Kobo;
}

/** What a supplier said it delivered for a bill; never filled in by us. */
export interface BillDelivery {
  pins?: BillPin[];
  purchasedCode?: string;
  customerName?: string;
}

// ---------------------------------------------------------------------------------------------
// The admin's edit, as a use case

export type EditBillProductResult =
  | { kind: 'updated'; product: BillProduct }
  | { kind: 'not_found' | 'changed_meanwhile' | 'price_below_cost' | 'invalid_price' }
  | { kind: 'above_approved_price'; product: BillProduct; approvedPriceKobo: Kobo };

/** What the edit needs of the stored rows (the catalogue port's BillProductStore has it). */
export interface BillProductRows {
  getBillProduct(code: string): Promise<BillProduct | undefined>;
  replaceBillProduct(product: BillProduct, readUpdatedAt: string): Promise<'replaced' | 'changed_meanwhile'>;
}

export async function editBillProduct(
  code: string,
  edit: BillProductEdit,
  deps: { billProducts: BillProductRows; now(): Date },
): Promise<EditBillProductResult> {
  const current = await deps.billProducts.getBillProduct(code);
  if (!current) return { kind: 'not_found' };
  const applied = applyBillProductEdit(current, edit, deps.now());
  if (!applied.ok)
    return applied.reason === 'above_approved_price'
      ? { kind: 'above_approved_price', product: current, approvedPriceKobo: applied.approvedPriceKobo }
      : { kind: applied.reason };
  const written = await deps.billProducts.replaceBillProduct(applied.product, current.updatedAt);
  return written === 'replaced' ? { kind: 'updated', product: applied.product } : { kind: 'changed_meanwhile' };
}
