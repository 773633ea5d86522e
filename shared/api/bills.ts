/** Cable TV and exam PINs through VTpass: requests (zod) and answers. */
import { z } from 'zod';
import {
  EXAM_MAX_QUANTITY,
  JAMB_PROFILE_ID_PATTERN,
  SMARTCARD_PATTERN,
  SUBSCRIPTION_TYPES,
  cableProvider,
  examProduct,
  type CableProvider,
  type ExamProduct,
  type SubscriptionType,
} from '../bills.js';
import { BILL_MSG, MSG } from '../messages.js';
import { nairaInKobo, requestId } from './common.js';

const provider = z
  .union([z.string(), z.number()], { required_error: BILL_MSG.selectCableProvider, invalid_type_error: BILL_MSG.selectCableProvider })
  .transform((value, ctx): CableProvider => {
    const found = cableProvider(value);
    if (!found) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: BILL_MSG.selectCableProvider });
      return z.NEVER;
    }
    return found;
  });

/** Smartcard/IUC digits (spaces and dashes dropped); Showmax's is a phone number (checked with the provider). */
const smartCardNo = z
  .union([z.string(), z.number()], { required_error: BILL_MSG.enterSmartcard, invalid_type_error: BILL_MSG.enterSmartcard })
  .transform((value) => String(value).replace(/[\s-]/g, ''));

/** Showmax is bought for a phone number; the others for a 10–11 digit smartcard / IUC number. */
function checkNumber(value: { cableName: CableProvider; smartCardNo: string }, ctx: z.RefinementCtx): void {
  const ok = value.cableName.name === 'SHOWMAX' ? /^0\d{10}$/.test(value.smartCardNo) : SMARTCARD_PATTERN.test(value.smartCardNo);
  if (!ok)
    ctx.addIssue({
      code: z.ZodIssueCode.custom,
      message: value.cableName.name === 'SHOWMAX' ? MSG.checkPhone : BILL_MSG.enterSmartcard,
      path: ['smartCardNo'],
    });
}

/** POST /buy/validatecabletv {cableName (1–4 or GOTV, DSTV, STARTIMES, SHOWMAX), smartCardNo}. */
export const validateCableRequest = z.object({ cableName: provider, smartCardNo }).superRefine(checkNumber);
export type ValidateCableRequest = z.input<typeof validateCableRequest>;

export interface ValidateCableResponse {
  msg: string;
  /** The customer on the decoder. */
  name: string;
  smartCardNo: string;
  cableName: string;
  /** What the decoder is on now, and until when (as VTpass said; null when it did not say). */
  currentBouquet: string | null;
  /** Our catalogue code of the current bouquet, when we sell it: what a renewal buys. */
  currentBouquetCode: string | null;
  dueDate: string | null;
  /** The renewal amount VTpass quoted (naira), for information; we charge the catalogue's price. */
  renewalAmount: number | null;
  /** Whether a renewal (subscription_type renew) is offered for this provider and decoder. */
  canRenew: boolean;
}

/** A refused number: `name` carries the error too, as for meters: the web shows it. */
export interface InvalidBillerResponse {
  msg: string;
  name: string;
}

/**
 * POST /buy/cableTv {cableName, smartCardNo, plan (a bouquet's code from CABLETV), subscription_type
 * (renew — the default for DStv and GOtv — or change), phone?}.
 */
export const buyCableRequest = z
  .object({
    cableName: provider,
    smartCardNo,
    plan: z
      .string({ required_error: BILL_MSG.selectBouquet, invalid_type_error: BILL_MSG.selectBouquet })
      .trim()
      .min(1, BILL_MSG.selectBouquet)
      .max(80, BILL_MSG.selectBouquet),
    subscription_type: z
      .string({ invalid_type_error: BILL_MSG.selectSubscriptionType })
      .trim()
      .toLowerCase()
      .refine((value): value is SubscriptionType => (SUBSCRIPTION_TYPES as readonly string[]).includes(value), BILL_MSG.selectSubscriptionType)
      .optional(),
    phone: z
      .string()
      .trim()
      .regex(/^0\d{10}$/, MSG.checkPhone)
      .optional(),
    request_id: requestId,
  })
  .superRefine(checkNumber);
export type BuyCableRequest = z.input<typeof buyCableRequest>;

const exam = z.string({ required_error: BILL_MSG.selectExam, invalid_type_error: BILL_MSG.selectExam }).transform((value, ctx): ExamProduct => {
  const found = examProduct(value);
  if (!found) {
    ctx.addIssue({ code: z.ZodIssueCode.custom, message: BILL_MSG.selectExam });
    return z.NEVER;
  }
  return found;
});

const profileId = z
  .union([z.string(), z.number()], { required_error: BILL_MSG.enterProfileId, invalid_type_error: BILL_MSG.enterProfileId })
  .transform((value) => String(value).trim())
  .refine((value) => JAMB_PROFILE_ID_PATTERN.test(value), BILL_MSG.enterProfileId);

/** POST /buy/validateExam {exam: jamb-utme | jamb-de, profileId}. */
export const validateExamRequest = z.object({ exam, profileId });
export type ValidateExamRequest = z.input<typeof validateExamRequest>;

export interface ValidateExamResponse {
  msg: string;
  name: string;
  profileId: string;
  exam: string;
}

/** POST /buy/exam {exam, quantity (1–10 for WAEC; 1 for JAMB), profileId (JAMB), phone?}. */
export const buyExamRequest = z
  .object({
    exam,
    quantity: z
      .union([z.number(), z.string().trim().regex(/^\d+$/, BILL_MSG.quantityRange)], { invalid_type_error: BILL_MSG.quantityRange })
      .transform(Number)
      .refine((n) => Number.isSafeInteger(n) && n >= 1 && n <= EXAM_MAX_QUANTITY, BILL_MSG.quantityRange)
      .default(1),
    profileId: profileId.optional(),
    phone: z
      .string()
      .trim()
      .regex(/^0\d{10}$/, MSG.checkPhone)
      .optional(),
    request_id: requestId,
  })
  .superRefine((value, ctx) => {
    if (value.quantity > value.exam.maxQuantity) ctx.addIssue({ code: z.ZodIssueCode.custom, message: BILL_MSG.quantityOne, path: ['quantity'] });
    if (value.exam.verify && !value.profileId) ctx.addIssue({ code: z.ZodIssueCode.custom, message: BILL_MSG.enterProfileId, path: ['profileId'] });
  });
export type BuyExamRequest = z.input<typeof buyExamRequest>;

// ---------------------------------------------------------------------------------------------
// The catalogue's bill products

export interface BillProductView {
  code: string;
  family: 'cable' | 'exam' | 'epin';
  serviceID: string;
  variation_code: string;
  name: string;
  isAvailable: boolean;
  /** What the caller pays (their tier's price), naira. */
  amount: number;
  my_price: number;
  resellerPrice: number;
  apiPrice: number;
  /** Admins and agents only; 0 for others. */
  costPrice: number;
  /** Exams: the exam body's approved price per PIN, and our exam id (waec, jamb-utme, …). */
  approvedPrice?: number;
  examId?: string;
  updatedAt: string;
}

export interface BillProductListResponse {
  products: BillProductView[];
}

/** One CABLETV row of a session, shaped as the original client's cable model. */
export interface CableTvPlanView {
  _id: string;
  /** The bouquet's code: what POST /buy/cableTv takes as `plan`. */
  planId: string;
  planName: string;
  cableName: string;
  /** What this user pays. */
  plan_amount: number;
  price: number;
  resellerPrice: number;
  apiPrice: number;
  /** The original's spelling; admins and agents only (0 otherwise). */
  planCostPrince: number;
}

export interface CableNameOption {
  id: number;
  name: string;
}

const naira = nairaInKobo({ invalid: BILL_MSG.invalidPrice }).optional();

/** POST /admin/billProduct {code, costPrice?, my_price?, resellerPrice?, apiPrice?, isAvailable?}: naira in, kobo out. */
export const updateBillProductRequest = z.object({
  code: z.string({ required_error: BILL_MSG.productNotFound }).trim().min(1, BILL_MSG.productNotFound).max(80, BILL_MSG.productNotFound),
  costPrice: naira,
  my_price: naira,
  resellerPrice: naira,
  apiPrice: naira,
  isAvailable: z.boolean({ invalid_type_error: BILL_MSG.invalidPrice }).optional(),
});
export type UpdateBillProductRequest = z.input<typeof updateBillProductRequest>;

export interface BillProductResponse {
  msg: string;
  product: BillProductView;
}
