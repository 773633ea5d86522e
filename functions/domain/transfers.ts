/**
 * Transfers between users, pure rules. A transfer is ONE write that debits the sender and credits
 * the receiver, with a `transfer` record on each side; the ledger refuses any debit the balance
 * does not cover — for every user, admins included (the spec only skips the client-side check
 * for admins; on the server no balance ever goes below zero).
 */
import { TRANSFER_MAX_KOBO, type UserType } from '../../shared/constants.js';
import { formatNaira, type Kobo } from '../../shared/money.js';
import { derivedId } from './ids.js';
import type { TransactionDraft } from './transactions.js';

export interface TransferParty {
  userId: string;
  userName: string;
  userType: UserType;
}

export type TransferCheck = { ok: true } | { ok: false; reason: 'self_transfer' | 'invalid_amount' | 'above_maximum' };

export function checkTransfer(sender: Pick<TransferParty, 'userId'>, receiver: Pick<TransferParty, 'userId'>, amountKobo: Kobo): TransferCheck {
  if (sender.userId === receiver.userId) return { ok: false, reason: 'self_transfer' };
  if (!Number.isSafeInteger(amountKobo) || amountKobo <= 0) return { ok: false, reason: 'invalid_amount' };
  if (amountKobo > TRANSFER_MAX_KOBO) return { ok: false, reason: 'above_maximum' };
  return { ok: true };
}

/** A client's request_id names one transfer per sender: retries map to the same transfer. */
export function transferIdForRequest(senderId: string, requestId: string): string {
  return derivedId('transfer-request', senderId, requestId);
}

/** The receiver's side of a transfer: one per transfer, ever. */
export function transferCreditIdFor(transferId: string): string {
  return derivedId('transfer-credit', transferId);
}

export interface TransferDrafts {
  debit: TransactionDraft;
  credit: TransactionDraft;
}

export function transferDrafts(input: { id: string; sender: TransferParty; receiver: TransferParty; amountKobo: Kobo; now: Date }): TransferDrafts {
  const nowIso = input.now.toISOString();
  const creditId = transferCreditIdFor(input.id);
  const { sender, receiver, amountKobo } = input;
  // Same fingerprint on both sides: a replay with another receiver or amount is refused.
  const requestFingerprint = `transfer:${sender.userId}:${receiver.userId}`;
  const common = {
    trans_Type: 'transfer' as const,
    trans_Status: 'success' as const,
    trans_Network: '',
    phone_number: '',
    amountKobo,
    volume: formatNaira(amountKobo),
    requestFingerprint,
    createdAt: nowIso,
    updatedAt: nowIso,
    settledAt: nowIso,
  };
  return {
    debit: {
      ...common,
      id: input.id,
      userId: sender.userId,
      trans_UserName: sender.userName,
      userType: sender.userType,
      description: `Transfer of ${formatNaira(amountKobo)} to ${receiver.userName}`,
      relatedTransactionId: creditId,
      counterparty: { userId: receiver.userId, userName: receiver.userName },
    },
    credit: {
      ...common,
      id: creditId,
      userId: receiver.userId,
      trans_UserName: receiver.userName,
      userType: receiver.userType,
      description: `Transfer of ${formatNaira(amountKobo)} from ${sender.userName}`,
      relatedTransactionId: input.id,
      counterparty: { userId: sender.userId, userName: sender.userName },
    },
  };
}
