export function formatDateTime(value: string | null | undefined): string {
  if (!value) return '—';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : date.toLocaleString('en-NG', { dateStyle: 'medium', timeStyle: 'short' });
}

/** Types, items and parties in words, as every screen names them (from the product registry). */
export { direction, partyLabels, typeAndItem, typeLabel } from '@/lib/transaction-labels.js';
