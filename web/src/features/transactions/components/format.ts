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

/** The type as a person reads it: a withdrawal is "Withdrawal · <bank>" (the API's type says wallet, as the spec's clients expect). */
export function typeLabel(transaction: Pick<TransactionView, 'trans_Type' | 'trans_Network' | 'isWithdrawal'>): string {
  if (transaction.isWithdrawal) return transaction.trans_Network ? `Withdrawal · ${transaction.trans_Network}` : 'Withdrawal';
  return transaction.trans_Type;
}
