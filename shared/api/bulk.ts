/**
 * Bulk purchases: POST /buy/airtime/bulk and POST /buy/data/bulk take up to
 * BULK_MAX_LINES lines and one request_id; GET /buy/bulk/{id} reports each line. Every line is
 * checked with the single purchase's own schema, all at once, so a refusal names each bad line; the
 * web previews a pasted list with the same function before anything is sent.
 */
import { z } from 'zod';
import { BULK_MAX_LINES } from '../constants.js';
import { BULK_MSG, bulkLineMessage, tooManyLinesMessage } from '../messages.js';
import { firstIssueMessage, requestId } from './common.js';
import { buyAirtimeRequest, buyDataRequest } from './purchases.js';
import type { TransactionView } from './transactions.js';

export const BULK_PRODUCTS = ['airtime', 'data'] as const;
export type BulkProduct = (typeof BULK_PRODUCTS)[number];

/** One airtime line: {network, mobile_number, amount}, as POST /buy/airtime takes them. */
export const bulkAirtimeLine = buyAirtimeRequest.omit({ request_id: true });
/** One data line: {network, mobile_number, plan}, as POST /buy/data takes them. */
export const bulkDataLine = buyDataRequest.omit({ request_id: true });
export type BulkAirtimeLine = z.output<typeof bulkAirtimeLine>;
export type BulkDataLine = z.output<typeof bulkDataLine>;

/** The request's envelope; its lines are checked one by one (bulkLines) so every bad one is named. */
export const bulkRequest = z.object({
  request_id: z.string({ required_error: BULK_MSG.requestIdRequired, invalid_type_error: BULK_MSG.requestIdRequired }).pipe(requestId.unwrap()),
  lines: z
    .array(z.unknown(), { required_error: BULK_MSG.noLines, invalid_type_error: BULK_MSG.noLines })
    .min(1, BULK_MSG.noLines)
    .max(BULK_MAX_LINES, tooManyLinesMessage(BULK_MAX_LINES)),
});
export type BulkRequest = z.input<typeof bulkRequest>;

/** A refused line: its number (1-based, as a person counts them) and why. */
export interface BulkLineProblem {
  line: number;
  msg: string;
}

export type BulkLinesResult<T> = { ok: true; lines: T[] } | { ok: false; problems: BulkLineProblem[] };

/** Every line through `schema`: all of them, or each refused one with its reason. */
export function bulkLines<T>(schema: z.ZodType<T, z.ZodTypeDef, unknown>, lines: readonly unknown[]): BulkLinesResult<T> {
  const parsed: T[] = [];
  const problems: BulkLineProblem[] = [];
  lines.forEach((line, index) => {
    const result = schema.safeParse(line);
    if (result.success) parsed.push(result.data);
    else problems.push({ line: index + 1, msg: firstIssueMessage(result.error) });
  });
  return problems.length ? { ok: false, problems } : { ok: true, lines: parsed };
}

/** The 400 of a refused bulk purchase: `msg` names every bad line (what a toast shows); `lines` lists them. */
export interface BulkRefusalBody {
  msg: string;
  lines: BulkLineProblem[];
}

export function bulkRefusal(problems: readonly BulkLineProblem[]): BulkRefusalBody {
  return { msg: [BULK_MSG.invalidLines, ...problems.map((p) => bulkLineMessage(p.line, p.msg))].join('\n'), lines: [...problems] };
}

/** A batch and each of its lines, as the POST answers it and GET /buy/bulk/{id} reports it. */
export interface BulkBatchView {
  id: string;
  product: BulkProduct;
  /** `processing` while any line is open, else `done`. */
  status: 'processing' | 'done';
  lineCount: number;
  /** The one debit, naira. */
  total: number;
  delivered: number;
  refunded: number;
  open: number;
  /** Money back so far, naira (the refunded lines' charges). */
  refundedAmount: number;
  createdAt: string;
  /** In the order sent: each line's own purchase record (its `_id` is what GET /transaction/{id} reads). */
  lines: TransactionView[];
}

export interface BulkPurchaseResponse {
  msg: string;
  batch: BulkBatchView;
}

export interface BulkBatchResponse {
  batch: BulkBatchView;
}

export { transactionParams as bulkParams } from './transactions.js';
