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

/** A transaction type (or a sales figure's product) in words: "Cable TV"; an unknown one as given. */
export function typeName(type: string): string {
  return TRANSACTION_TYPE_LABELS[type as TransactionType] ?? type;
}

/** The type as a person reads it: "Cable TV", "Reseller upgrade"; a withdrawal is "Withdrawal · <bank>" (the API's type says wallet). */
export function typeLabel(transaction: Labelled): string {
  if (transaction.isWithdrawal) return transaction.trans_Network ? `Withdrawal · ${transaction.trans_Network}` : TRANSACTION_TYPE_LABELS.withdrawal;
  return typeName(transaction.trans_Type);
}

/** The type and, when there is one, the item: "Airtime · MTN", "Withdrawal · Polaris Bank". */
export function typeAndItem(transaction: Labelled): string {
  if (transaction.isWithdrawal || !transaction.trans_Network) return typeLabel(transaction);
  return `${typeLabel(transaction)} · ${transaction.trans_Network}`;
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
