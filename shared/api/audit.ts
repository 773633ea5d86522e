/**
 * Admin: the audit log of operator actions (GET /admin/audit). An entry says who (id, name, role)
 * did what (the route's operation) to what (target), with a redacted summary of the input, the
 * HTTP status of the outcome, when and under which request id.
 */
import { z } from 'zod';
import { AUDIT_MSG } from '../messages.js';
import { isOperatorAction, ROUTES } from '../routes.js';
import { isBlank, isCalendarDay } from './common.js';

export const AUDIT_ENTRIES_PER_PAGE = 20;
export const AUDIT_PAGE_BUTTONS = 20;

export type AuditRole = 'admin' | 'agent';

/** The operations the audit log records: derived from the route table, so a new operator route joins by construction. */
export const AUDITED_OPERATIONS: readonly string[] = ROUTES.filter(isOperatorAction).map((route) => route.operation);

const blankToUndefined = (value: unknown) => (isBlank(value) ? undefined : value);

/** GET /admin/audit: every filter optional; without an actor the day defaults to today (Lagos). */
export const listAuditQuery = z.object({
  day: z.preprocess(blankToUndefined, z.string().trim().refine(isCalendarDay, AUDIT_MSG.invalidDay).optional()),
  actor: z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .max(30, AUDIT_MSG.invalidActor)
      .regex(/^[A-Za-z0-9_.-]+$/, AUDIT_MSG.invalidActor)
      .optional(),
  ),
  operation: z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .refine((operation) => AUDITED_OPERATIONS.includes(operation), AUDIT_MSG.invalidOperation)
      .optional(),
  ),
  page: z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ invalid_type_error: AUDIT_MSG.invalidPage })
      .int(AUDIT_MSG.invalidPage)
      .min(1, AUDIT_MSG.invalidPage)
      .max(10_000, AUDIT_MSG.invalidPage)
      .default(1),
  ),
});
export type ListAuditQuery = z.infer<typeof listAuditQuery>;

/** A redacted input as kept: JSON values only. */
export type AuditSummary = null | string | number | boolean | AuditSummary[] | { [field: string]: AuditSummary };

export interface AuditEntryView {
  id: string;
  /** ISO instant the outcome was known. */
  at: string;
  actorId: string;
  actorName: string;
  role: AuditRole;
  operation: string;
  method: string;
  /** The route's path, e.g. /admin/refund/{id}. */
  path: string;
  /** Path parameters, query values and the identifiers in the input: whom or what the action was on. */
  target: Record<string, string>;
  /** The input, redacted (never passwords, keys or tokens) and bounded. */
  summary: AuditSummary;
  status: number;
  requestId: string;
  /** What the action changed, as it was and as it became (a balance, a status): kept when the entry is written in the action's own write. */
  before?: AuditSummary;
  after?: AuditSummary;
}

export interface ListAuditResponse {
  entries: AuditEntryView[];
  totalEntries: number;
  totalPages: number;
  page: number;
  /** The day listed, or null when one operator's entries of every day are listed. */
  day: string | null;
}
