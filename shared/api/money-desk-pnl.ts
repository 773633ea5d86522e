/**
 * The money desk's profit and loss and the daily tie-out over HTTP (operators only): the query,
 * the figures' shape (naira) and the CSV's columns, shared by the function, the back-office page
 * and the OpenAPI document.
 */
import { z } from 'zod';
import { isCalendarDay } from './common.js';

export const PNL_PERIODS = ['day', 'week', 'month'] as const;
export type PnlPeriod = (typeof PNL_PERIODS)[number];

/** The longest range one request may cover: a year of days keeps the read bounded (one small partition range). */
export const PNL_MAX_DAYS = 366;

const dayField = (name: string) =>
  z
    .string({ invalid_type_error: `${name} must be a day (YYYY-MM-DD)` })
    .trim()
    .refine(isCalendarDay, `${name} must be a day (YYYY-MM-DD)`)
    .optional();

/** GET /admin/money-desk/profit-and-loss?period=&from=&to= — days are Lagos days, both ends included. */
export const profitAndLossQuery = z
  .object({
    period: z.enum(PNL_PERIODS, { errorMap: () => ({ message: 'period must be day, week or month' }) }).default('day'),
    from: dayField('from'),
    to: dayField('to'),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: 'from must not be after to' })
  .refine((q) => !q.from || !q.to || (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 < PNL_MAX_DAYS, {
    message: `A report covers at most ${PNL_MAX_DAYS} days`,
  });
export type ProfitAndLossQuery = z.infer<typeof profitAndLossQuery>;

/** The figures of one group, in naira. net = margin − referral rewards − refunds. */
export interface PnlFigures {
  /** What users paid for what was delivered (purchases that succeeded, upgrade fees). */
  revenue: number;
  /** What the suppliers charged for it. */
  supplierCost: number;
  /** revenue − supplier cost. */
  margin: number;
  /** Referral earnings paid into wallets. */
  referralRewards: number;
  /** Money given back for purchases that had been delivered (the supplier was paid). */
  refunds: number;
  net: number;
  /** Purchases delivered (and upgrades). */
  count: number;
}

export interface PnlRow extends PnlFigures {
  /** The period's first day (YYYY-MM-DD) for day and week, or the month (YYYY-MM). */
  period: string;
  product: string;
  supplier: string;
  userType: string;
}

export interface PnlPeriodTotal extends PnlFigures {
  period: string;
}

export interface ProfitAndLossResponse {
  period: PnlPeriod;
  from: string;
  to: string;
  /** One row per period × product × supplier × user type, periods oldest first. */
  rows: PnlRow[];
  /** One per period of the range (empty ones included), oldest first: the chart's points. */
  periods: PnlPeriodTotal[];
  total: PnlFigures;
}

/** The CSV's columns, in order (the same names as the API's fields). */
export const PNL_CSV_COLUMNS = [
  'period',
  'product',
  'supplier',
  'userType',
  'revenue',
  'supplierCost',
  'margin',
  'referralRewards',
  'refunds',
  'net',
  'count',
] as const;

const csvCell = (value: string | number): string => {
  const text = String(value);
  // A leading =, +, - or @ would be read as a formula by a spreadsheet; numbers stay numbers.
  const safe = typeof value === 'string' && /^[=+\-@]/.test(text) ? `'${text}` : text;
  return /[",\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
};

/** A report's rows as CSV (header first), the columns of PNL_CSV_COLUMNS. */
export function profitAndLossCsv(report: Pick<ProfitAndLossResponse, 'rows'>): string {
  const lines = [PNL_CSV_COLUMNS.join(','), ...report.rows.map((row) => PNL_CSV_COLUMNS.map((column) => csvCell(row[column])).join(','))];
  return `${lines.join('\n')}\n`;
}

/** One tie-out: Σ wallets + the house account against money in − money out, in naira. */
export interface TieOutView {
  /** The Lagos day it was checked for (its end, or now for a check on demand). */
  day: string;
  checkedAt: string;
  walletsTotal: number;
  houseBalance: number;
  moneyIn: number;
  moneyOut: number;
  /** (walletsTotal + houseBalance) − (moneyIn − moneyOut): zero when the books tie out. */
  difference: number;
  tiesOut: boolean;
  wallets: number;
}

/** GET /admin/money-desk/tie-out?check=now — the recorded daily checks (newest first) and, asked for, one made now. */
export const tieOutQuery = z.object({
  check: z.enum(['now'], { errorMap: () => ({ message: 'check must be now' }) }).optional(),
});

export interface TieOutResponse {
  recent: TieOutView[];
  now?: TieOutView;
}
