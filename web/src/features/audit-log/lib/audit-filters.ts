import { z } from 'zod';
import { AUDITED_OPERATIONS, listAuditQuery, type AuditEntryView, type ListAuditQuery } from '@shared/api/audit.js';

/** The filter form: the server's own query schema, without the page (the pagination owns it). */
export const auditFiltersForm = listAuditQuery.pick({ day: true, actor: true, operation: true });
export type AuditFiltersInput = z.input<typeof auditFiltersForm>;
export type AuditFilters = z.output<typeof auditFiltersForm>;

export const EMPTY_AUDIT_FILTERS: AuditFiltersInput = { day: '', actor: '', operation: '' };

export const auditQuery = (filters: AuditFilters, page: number): ListAuditQuery => ({ ...filters, page });

/** "setNotification" → "Set notification": the route's operation, as a person reads it. */
export function operationLabel(operation: string): string {
  const words = operation.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export const OPERATION_OPTIONS = [{ value: '', label: 'All actions' }, ...AUDITED_OPERATIONS.map((value) => ({ value, label: operationLabel(value) }))];

/** "id=01H…, userType=reseller": whom or what the action was on. */
export const targetText = (target: AuditEntryView['target']): string =>
  Object.entries(target)
    .map(([name, value]) => `${name}=${value}`)
    .join(', ') || '—';

export const outcomeOf = (status: number): 'success' | 'failed' => (status < 400 ? 'success' : 'failed');
