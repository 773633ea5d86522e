import type { TransactionView } from '@shared/api/transactions.js';

export function formatDateTime(value: string | null | undefined): string {
  if (!value) return '—';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : date.toLocaleString('en-NG', { dateStyle: 'medium', timeStyle: 'short' });
}

/** Credit when the wallet grew, debit when it shrank (a failed purchase leaves it unchanged). */
export function direction(transaction: TransactionView): 'credit' | 'debit' | 'none' {
  if (transaction.balance_After > transaction.balance_Before) return 'credit';
  if (transaction.balance_After < transaction.balance_Before) return 'debit';
  return 'none';
}

/** Types, items and parties in words, as every screen names them (from the product registry). */
export { partyLabels, typeAndItem, typeLabel } from '@/lib/transaction-labels.js';
