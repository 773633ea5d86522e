/**
 * GET /admin/audit (admins): the audit log, by day (today by default) or by operator, optionally of
 * one operation, 20 a page, newest first. Served by the admin function; the entries are written by
 * the HTTP layer (middleware/audit.ts), never here.
 */
import { AUDIT_ENTRIES_PER_PAGE, listAuditQuery, type ListAuditResponse } from '../../../shared/api/audit.js';
import { dayOf } from '../../domain/back-office/sales-stats.js';
import { toAuditView } from '../../domain/back-office/audit.js';
import type { AuditTrail } from '../../domain/back-office/audit-port.js';
import { ok, parseInput, type UserOperation } from '../../middleware/http.js';

/** Entries read for one listing at most: past it the total stops growing (a day or an operator rarely comes near). */
export const MAX_LISTED_AUDIT_ENTRIES = 5_000;

export interface AuditListingDeps {
  auditTrail: Pick<AuditTrail, 'list'>;
  now(): Date;
}

export const listAuditOperation =
  (deps: AuditListingDeps): UserOperation =>
  async ({ query }) => {
    const { day, actor, operation, page } = parseInput(listAuditQuery, query);
    // A day's partition, unless one operator's log of every day is asked for.
    const listedDay = day ?? (actor ? undefined : dayOf(deps.now()));
    const entries = await deps.auditTrail.list({ day: listedDay, actor, operation }, MAX_LISTED_AUDIT_ENTRIES);
    const start = (page - 1) * AUDIT_ENTRIES_PER_PAGE;
    const answer: ListAuditResponse = {
      entries: entries.slice(start, start + AUDIT_ENTRIES_PER_PAGE).map(toAuditView),
      totalEntries: entries.length,
      totalPages: Math.max(1, Math.ceil(entries.length / AUDIT_ENTRIES_PER_PAGE)),
      page,
      day: listedDay ?? null,
    };
    return ok(answer);
  };
