/**
 * How a transaction reads to existing clients: the item it was, the other party, and the spec's
 * types and statuses. The stored record keeps our own (e.g. trans_Type 'withdrawal', which payouts, refunds and listings key on); only
 * the view answers these.
 */
import type { PlanType, TransactionStatus, TransactionType } from '../../../shared/constants.js';

/** The parts of a transaction record the labels read (structural: transactions.ts imports this module). */
export interface LabelledRecord {
  trans_Type: TransactionType;
  trans_Status: TransactionStatus;
  trans_Network: string;
  phone_number: string;
  dataPlan?: { planType: PlanType; planName: string };
  counterparty?: { userName: string };
}

/** A reseller upgrade's row as the original client reads it (its trans_Network and phone_number). */
export const UPGRADE_ROW = { network: 'upgrade', phoneNumber: 'upgrade to reseller' } as const;

/** The data type word of a plan type, as the original names its data (MTN SME 1GB, MTN CG 500MB). */
const DATA_TYPE_WORD: Partial<Record<PlanType, string>> = {
  MTN: 'SME',
  'MTN-SME2': 'SME2',
  'MTN-CG': 'CG',
  'MTN-COUPON': 'COUPON',
};

/** trans_Network: "<network> <data type> <plan>" for data, "transfer" for transfers, else as stored. */
export function itemDescription(record: LabelledRecord): string {
  if (record.trans_Type === 'transfer') return 'transfer';
  // The original backend wrote these words on an upgrade's row, and its client shows them as the network and number.
  if (record.trans_Type === 'upgrade') return record.trans_Network || UPGRADE_ROW.network;
  if (record.trans_Type === 'data' && record.dataPlan) {
    const words = [record.trans_Network, DATA_TYPE_WORD[record.dataPlan.planType], record.dataPlan.planName];
    return words.filter(Boolean).join(' ');
  }
  return record.trans_Network ?? '';
}

/** phone_number: the other party's user name for transfers and coupons, else as stored. */
export function otherParty(record: LabelledRecord): string {
  if (record.trans_Type === 'upgrade') return record.phone_number || UPGRADE_ROW.phoneNumber;
  return record.counterparty?.userName || record.phone_number || '';
}

/** The spec's type filter has no "withdrawal": a withdrawal is wallet money leaving. */
export function viewType(record: LabelledRecord): TransactionType {
  return record.trans_Type === 'withdrawal' ? 'wallet' : record.trans_Type;
}

/** An open withdrawal is "pending" (what "check status" looks for), whatever stage the payout is at. */
export function viewStatus(record: LabelledRecord): TransactionStatus {
  return record.trans_Type === 'withdrawal' && record.trans_Status === 'processing' ? 'pending' : record.trans_Status;
}
