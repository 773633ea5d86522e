/**
 * Placing a purchase (the request path): price it for the user's tier, debit the wallet and write
 * the `processing` record atomically, hand it to the fulfilment queue. Outcomes are named.
 */
import type { NetworkName, UserType } from '../../shared/constants.js';
import { formatNaira, type Kobo } from '../../shared/money.js';
import type { Ledger } from '../ports/ledger.js';
import type { FulfilmentQueue } from '../ports/messaging.js';
import { priceAirtime } from './airtime.js';
import type { Logger } from './settlement.js';
import { transactionIdForRequest, type TransactionDraft, type TransactionRecord } from './transactions.js';

export interface AirtimePurchaseInput {
  userId: string;
  userName: string;
  /** Read fresh for this request (pricing tier). */
  userType: UserType;
  network: NetworkName;
  phoneNumber: string;
  faceValueKobo: Kobo;
  /** Client idempotency key: the same key never charges twice. */
  requestId?: string;
}

export interface PurchaseDeps {
  ledger: Ledger;
  queue: FulfilmentQueue;
  now(): Date;
  newId(): string;
  log: Logger;
}

export type PurchaseResult =
  | { kind: 'accepted'; record: TransactionRecord; enqueued: boolean }
  | { kind: 'replayed'; record: TransactionRecord }
  | { kind: 'invalid_amount' | 'below_minimum' | 'above_maximum' }
  | { kind: 'insufficient_balance' }
  | { kind: 'exists_with_different_amount' | 'exists_with_different_details' };

export function airtimeFingerprint(network: NetworkName, phoneNumber: string, faceValueKobo: Kobo): string {
  return `airtime:${network}:${phoneNumber}:${faceValueKobo}`;
}

export async function placeAirtimePurchase(input: AirtimePurchaseInput, deps: PurchaseDeps): Promise<PurchaseResult> {
  const priced = priceAirtime(input.faceValueKobo, input.userType);
  if (!priced.ok) return { kind: priced.reason };
  const { price } = priced;
  const nowIso = deps.now().toISOString();
  const draft: TransactionDraft = {
    id: input.requestId ? transactionIdForRequest(input.userId, input.requestId) : deps.newId(),
    userId: input.userId,
    trans_UserName: input.userName,
    userType: input.userType,
    trans_Type: 'airtime',
    trans_Status: 'processing',
    trans_Network: input.network,
    phone_number: input.phoneNumber,
    amountKobo: price.chargeKobo,
    faceValueKobo: price.faceValueKobo,
    volume: formatNaira(price.faceValueKobo),
    costKobo: price.costKobo,
    description: `${input.network} airtime of ${formatNaira(price.faceValueKobo)} to ${input.phoneNumber}`,
    requestFingerprint: airtimeFingerprint(input.network, input.phoneNumber, price.faceValueKobo),
    createdAt: nowIso,
    updatedAt: nowIso,
  };
  const posted = await deps.ledger.debit(draft);
  switch (posted.kind) {
    case 'posted':
      return { kind: 'accepted', record: posted.record, enqueued: await enqueue(posted.record.id, deps) };
    case 'replayed':
      // The first attempt may have died between commit and send; a duplicate message is harmless.
      if (posted.record.trans_Status === 'processing' && !posted.record.submittedAt) await enqueue(posted.record.id, deps);
      return { kind: 'replayed', record: posted.record };
    case 'insufficient_balance':
      return { kind: 'insufficient_balance' };
    case 'exists_with_different_amount':
    case 'exists_with_different_details':
      return { kind: posted.kind };
  }
}

/** The purchase is committed either way; a failed send is healed by the sweeper. */
async function enqueue(transactionId: string, deps: PurchaseDeps): Promise<boolean> {
  try {
    await deps.queue.enqueue(transactionId);
    return true;
  } catch (error) {
    deps.log.error('fulfilment message not sent; the sweeper will re-enqueue it', { transactionId, error: String(error) });
    return false;
  }
}
