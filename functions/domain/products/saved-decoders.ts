/**
 * Decoders a user paid for, pure: a cable TV purchase that was delivered remembers its
 * decoder beside the user's contacts, so the next renewal starts from it on any device. Only a
 * delivered payment counts: the smartcard was verified and the provider accepted it.
 */
import type { SavedDecoderView } from '../../../shared/api/contacts.js';
import { SAVED_DECODERS_MAX } from '../../../shared/constants.js';
import type { TransactionRecord } from '../transactions/transactions.js';

export interface SavedDecoder {
  cableName: string;
  smartCardNo: string;
  customerName: string;
  lastUsedAt: string;
}

export const decoderId = (decoder: Pick<SavedDecoder, 'cableName' | 'smartCardNo'>) => `${decoder.cableName}:${decoder.smartCardNo}`;

/** The decoder a delivered cable TV purchase paid for; undefined for anything else. */
export function decoderPaidBy(record: TransactionRecord): SavedDecoder | undefined {
  const bill = record.bill;
  if (record.trans_Status !== 'success' || bill?.family !== 'cable' || !bill.billersCode) return undefined;
  return { cableName: bill.provider, smartCardNo: bill.billersCode, customerName: bill.customerName ?? '', lastUsedAt: record.settledAt ?? record.updatedAt };
}

/** Most recently paid first, at most SAVED_DECODERS_MAX. */
export function decoderList(decoders: readonly SavedDecoder[]): SavedDecoderView[] {
  return [...decoders]
    .sort((a, b) => b.lastUsedAt.localeCompare(a.lastUsedAt))
    .slice(0, SAVED_DECODERS_MAX)
    .map((decoder) => ({ _id: decoderId(decoder), ...decoder }));
}
