/**
 * The money desk's supplier floats and reconciliation over HTTP (admins only): requests, views
 * (naira at the edge, kobo inside), defaults and the CSV's columns, shared by the function, the
 * back-office pages and the tests.
 */
import { z } from 'zod';
import { isCalendarDay, nairaInKobo } from './common.js';

/** Until an admin sets them: low under ₦50,000 or under 6 hours of spend at the current rate. */
export const FLOAT_DEFAULT_THRESHOLDS = { minBalanceKobo: 50_000_00, minHoursLeft: 6 } as const;

/** How often the balance poll (and the after-midnight reconciliation's check) runs in the cloud. */
export const MONEY_DESK_SCHEDULE_MINUTES = 5;

export const RECONCILIATION_CLASS_NAMES = ['matched', 'supplier-only', 'ours-only', 'amount-mismatch', 'still-open'] as const;
export type ReconciliationClassName = (typeof RECONCILIATION_CLASS_NAMES)[number];

const day = (name: string) =>
  z
    .string({ required_error: `${name} is required`, invalid_type_error: `${name} must be a day (YYYY-MM-DD)` })
    .trim()
    .refine(isCalendarDay, `${name} must be a day (YYYY-MM-DD)`);

const supplierName = z
  .string({ required_error: 'supplier is required', invalid_type_error: 'supplier must be text' })
  .trim()
  .regex(/^[A-Za-z0-9_-]{1,40}$/, 'supplier must be a supplier name');

/** POST /admin/money-desk/floats/{supplier}/thresholds */
export const floatThresholdsRequest = z.object({
  minBalance: nairaInKobo({ required: 'minBalance is required', invalid: 'minBalance must be an amount in naira' }),
  minHoursLeft: z.coerce
    .number({ invalid_type_error: 'minHoursLeft must be a number of hours' })
    .min(0, 'minHoursLeft must be 0 or more')
    .max(24 * 30, 'minHoursLeft must be at most 720'),
});
export type FloatThresholdsRequest = z.input<typeof floatThresholdsRequest>;

/** POST /admin/money-desk/floats/{supplier}/topups — money the operator sent to the supplier account. */
export const floatTopUpRequest = z.object({
  amount: nairaInKobo({ required: 'amount is required', invalid: 'amount must be an amount in naira' }).refine(
    (kobo) => kobo > 0,
    'amount must be more than 0',
  ),
  date: day('date'),
  reference: z
    .string({ required_error: 'reference is required', invalid_type_error: 'reference must be text' })
    .trim()
    .min(1, 'reference is required')
    .max(100, 'reference must be at most 100 characters')
    .regex(/^[^#]+$/, 'reference must not contain #'),
});
export type FloatTopUpRequest = z.input<typeof floatTopUpRequest>;

export const floatPathParams = z.object({ supplier: supplierName });

/** GET /admin/money-desk/reconciliation?day= (yesterday by default) */
export const reconciliationQuery = z.object({ day: day('day').optional() });

/** POST /admin/money-desk/reconciliation — a run for any past day, of one supplier or of every supplier in use. */
export const reconciliationRunRequest = z.object({ day: day('day'), supplier: supplierName.optional() });

export const discrepancyPathParams = z.object({
  day: day('day'),
  supplier: supplierName,
  requestId: z.string().trim().min(1, 'requestId is required').max(200, 'requestId is too long'),
});

const actionReason = z
  .string({ required_error: 'reason is required', invalid_type_error: 'reason must be text' })
  .trim()
  .min(3, 'reason must say why (at least 3 characters)')
  .max(500, 'reason must be at most 500 characters');

/** POST …/resolve — the admin's reason, kept on the item and in the audit log. */
export const resolveDiscrepancyRequest = z.object({ reason: actionReason });

/**
 * POST …/settle — "settle as delivered": a supplier-only discrepancy whose purchase we refunded but
 * the supplier delivered. The refund is taken back from the customer's wallet (never below zero),
 * once; a wallet that cannot cover it is debited nothing and the discrepancy is flagged.
 */
export const settleDiscrepancyAsDeliveredRequest = z.object({ reason: actionReason });

/** What an admin's action on a discrepancy recorded: who, when, why, and what came of it. */
export interface DiscrepancyResolutionView {
  reason: string;
  by: string;
  at: string;
  /** `flagged`: settling as delivered found the wallet short; it may be settled (or resolved) later. */
  action: 'resolved' | 'settled' | 'flagged';
  outcome?: SettleOutcome;
  /** Settled: what was taken back from the wallet (naira). */
  debited?: number;
  /** Flagged: what the wallet lacked (naira). */
  shortfall?: number;
}

export type SettleOutcome = 'settled-as-delivered' | 'flagged-wallet-short';

/** 200 of POST …/settle: either the refund was taken back, or the wallet was short and the item flagged (nothing debited). */
export interface SettleDiscrepancyResponse {
  msg: string;
  outcome: SettleOutcome;
  requestId: string;
  /** The customer's balance after (settled) or as found (flagged), naira. */
  balance: number;
  debited?: number;
  shortfall?: number;
}

export interface FloatTopUpView {
  amount: number;
  date: string;
  reference: string;
  recordedBy: string;
  recordedAt: string;
}

export interface FloatView {
  supplier: string;
  /** Whether a balance was ever observed. */
  known: boolean;
  balance: number;
  observedAt: string | null;
  spentLastHour: number;
  spentLastDay: number;
  /** null: nothing spent lately, the float lasts as long as nobody buys. */
  hoursLeft: number | null;
  level: 'ok' | 'low';
  lowSince: string | null;
  minBalance: number;
  minHoursLeft: number;
  /** Hourly closing balances of the last 7 days (the chart), oldest first. */
  history: { at: string; balance: number }[];
  topUps: FloatTopUpView[];
}

export interface FloatsResponse {
  floats: FloatView[];
}

export interface ReconciliationHeadView {
  supplier: string;
  day: string;
  runId: string;
  startedAt: string;
  complete: boolean;
  opening: number | null;
  topUps: number;
  closing: number | null;
  /** opening + top-ups − closing */
  charged: number | null;
  /** Our supplier cost of what we recorded as delivered. */
  deliveredCost: number;
  /** charged − delivered cost */
  difference: number | null;
  counts: Record<ReconciliationClassName, number>;
}

export interface DiscrepancyView {
  supplier: string;
  day: string;
  requestId: string;
  kind: Exclude<ReconciliationClassName, 'matched'>;
  note: string;
  ourStatus: string | null;
  ourCost: number | null;
  theirCharge: number | null;
  userName: string | null;
  amount: number | null;
  checkedAt: string;
  resolution: DiscrepancyResolutionView | null;
}

export interface ReconciliationResponse {
  day: string;
  suppliers: ReconciliationHeadView[];
  discrepancies: DiscrepancyView[];
}

export const RECONCILIATION_CSV_COLUMNS = [
  'day',
  'supplier',
  'request_id',
  'class',
  'note',
  'our_status',
  'our_cost',
  'their_charge',
  'user',
  'resolution',
  'resolved_by',
  'resolved_reason',
] as const;
