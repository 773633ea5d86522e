import type { z } from 'zod';
import { AUDITED_OPERATIONS, listAuditQuery, type AuditEntryView, type AuditSummary, type ListAuditQuery } from '@shared/api/audit.js';
import { formatNaira } from '@shared/money.js';

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

/** One field of a before/after: an amount in kobo reads as naira under its name without the unit. */
function fieldText(name: string, value: AuditSummary): string {
  if (name.endsWith('Kobo') && typeof value === 'number') return `${name.slice(0, -'Kobo'.length)}=${formatNaira(value)}`;
  return `${name}=${typeof value === 'string' ? value : JSON.stringify(value)}`;
}

function flatFields(value: AuditSummary, prefix = ''): string[] {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return [fieldText(prefix || 'value', value)];
  return Object.entries(value).flatMap(([name, field]) => {
    const path = prefix ? `${prefix}.${name}` : name;
    return field !== null && typeof field === 'object' && !Array.isArray(field) ? flatFields(field, path) : [fieldText(path, field)];
  });
}

/** "balance=₦401.00, trans_Status=processing": one side of what an action changed ("—" for nothing, e.g. no coupon before). */
export const changeText = (value: AuditSummary): string => (value === null ? '—' : flatFields(value).join(', '));

/** Before/after, when the action's own write recorded them (refunds, credits, coupons). */
export const changeOf = (entry: Pick<AuditEntryView, 'before' | 'after'>): { before: string; after: string } | null =>
  entry.before === undefined && entry.after === undefined ? null : { before: changeText(entry.before ?? null), after: changeText(entry.after ?? null) };
