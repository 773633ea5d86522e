/**
 * How a transaction names itself on screens, from the product registry (shared/products.ts): its
 * type in words, and what its `trans_Network` and `phone_number` hold for its product (a disco and
 * a meter number for electricity, an exam for exam PINs). Receipts, the transactions list, the
 * details and the dashboard all read these, so no screen names a product its own way.
 */
import type { TransactionView } from '@shared/api/transactions.js';
import type { TransactionType } from '@shared/constants.js';
import { TRANSACTION_TYPE_LABELS, productLabels } from '@shared/products.js';

type Labelled = Pick<TransactionView, 'trans_Type' | 'trans_Network' | 'isWithdrawal'>;
type Moved = Pick<TransactionView, 'balance_Before' | 'balance_After'>;

/** A transaction type (or a sales figure's product) in words: "Cable TV"; an unknown one as given. */
export function typeName(type: string): string {
  return TRANSACTION_TYPE_LABELS[type as TransactionType] ?? type;
}

/** The type as a person reads it: "Cable TV", "Reseller upgrade"; a withdrawal is "Withdrawal · <bank>" (the API's type says wallet). */
export function typeLabel(transaction: Labelled): string {
  if (transaction.isWithdrawal) return transaction.trans_Network ? `Withdrawal · ${transaction.trans_Network}` : TRANSACTION_TYPE_LABELS.withdrawal;
  return typeName(transaction.trans_Type);
}

/**
 * The type and, when there is one, the item: "Airtime · MTN", "Withdrawal · Polaris Bank",
 * "Wallet funding · Coupon". A bulk batch is named by what it bought ("Bulk airtime"); an item that
 * only repeats the type ("Transfer · transfer") is left out; a lower-case item starts with a capital.
 */
export function typeAndItem(transaction: Labelled): string {
  const item = transaction.trans_Network.trim();
  if (transaction.trans_Type === 'bulk' && item) return `Bulk ${item.toLowerCase()}`;
  if (transaction.isWithdrawal || !item) return typeLabel(transaction);
  const label = typeLabel(transaction);
  if (item.toLowerCase() === transaction.trans_Type || item.toLowerCase() === label.toLowerCase()) return label;
  const shown = item === item.toLowerCase() ? item.charAt(0).toUpperCase() + item.slice(1) : item;
  return `${label} · ${shown}`;
}

/** Money in when the wallet grew, out when it shrank; none when it stayed (a bulk line, which its batch paid, or a failed purchase). */
export function direction(transaction: Moved): 'credit' | 'debit' | 'none' {
  if (transaction.balance_After > transaction.balance_Before) return 'credit';
  if (transaction.balance_After < transaction.balance_Before) return 'debit';
  return 'none';
}

/** The sign a person reads money in and out by: "+" in, "−" (a minus sign) out, none when the wallet did not move. */
export function amountSign(transaction: Moved): '+' | '−' | '' {
  const flow = direction(transaction);
  return flow === 'credit' ? '+' : flow === 'debit' ? '−' : '';
}

/** A transaction with, for a bulk batch, the lines it paid for that are in the same listing. */
export interface TransactionGroup<T> {
  transaction: T;
  lines: T[];
}

/**
 * The listing as a person reads it: a bulk batch's lines under their batch (the batch's one debit
 * paid them all), not beside it as if each were charged again. A line whose batch is not in the
 * listing stays on its own. The order is the listing's, by each group's first transaction.
 */
export function groupBatchLines<T extends Pick<TransactionView, '_id' | 'batchId'>>(transactions: readonly T[]): TransactionGroup<T>[] {
  const batches = new Map(transactions.filter((t) => !t.batchId).map((t) => [t._id, { transaction: t, lines: [] as T[] }]));
  const groups: TransactionGroup<T>[] = [];
  for (const t of transactions) {
    const batch = t.batchId ? batches.get(t.batchId) : undefined;
    if (batch) batch.lines.push(t);
    else groups.push(batches.get(t._id) ?? { transaction: t, lines: [] });
  }
  return groups;
}

/**
 * What the provider (`trans_Network`) and the target (`phone_number`) are called for this
 * transaction: its product's names; a JAMB PIN's target is the candidate's profile id; a
 * withdrawal's are a bank and an account; anything else keeps "Network" and "Phone number".
 */
export function partyLabels(transaction: Pick<TransactionView, 'trans_Type' | 'isWithdrawal' | 'profileId'>): { provider: string; target: string } {
  if (transaction.isWithdrawal) return { provider: 'Bank', target: 'Account number' };
  const product = productLabels(transaction.trans_Type);
  return {
    provider: product?.providerLabel ?? 'Network',
    target: transaction.profileId ? 'Candidate profile id' : (product?.targetLabel ?? 'Phone number'),
  };
}
