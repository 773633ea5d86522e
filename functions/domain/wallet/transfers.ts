/**
 * Transfers between users: the rules, and placing one (the request path, ports injected). A
 * transfer is ONE write that debits the sender and credits the receiver, with a `transfer` record
 * on each side; the ledger refuses any debit the balance does not cover. An admin's transfer is
 * the exception the spec asks for ("without a balance check"): it comes from the house account
 * (house-account.ts), which may go below zero, and leaves the admin's own wallet alone.
 * An operator's transfer carries its audit entry into that same write.
 */
import { TRANSFER_MAX_KOBO, type UserType } from '../../../shared/constants.js';
import { formatNaira, type Kobo } from '../../../shared/money.js';
import type { TransferChange, TransferDrafts, WalletTransfer } from '../money/money-port.js';
import { inWriteAudit, type AuditChange, type AuditedRequest } from '../back-office/audit.js';
import { HOUSE_ACCOUNT } from './house-account.js';
import { derivedId } from '../ids.js';
import type { TransactionRecord } from '../transactions/transactions.js';

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

export type { TransferDrafts };

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

/**
 * An admin's transfer: the house account's `transfer` debit and the receiver's `transfer` credit.
 * The receiver sees the admin as the sender (as before the house existed); the house's record
 * names both the receiver and the admin who moved its money.
 */
export function houseTransferDrafts(input: { id: string; operator: TransferParty; receiver: TransferParty; amountKobo: Kobo; now: Date }): TransferDrafts {
  const { operator, receiver } = input;
  const drafts = transferDrafts({ id: input.id, sender: HOUSE_ACCOUNT, receiver, amountKobo: input.amountKobo, now: input.now });
  const amount = formatNaira(input.amountKobo);
  return {
    debit: { ...drafts.debit, description: `Transfer of ${amount} to ${receiver.userName} by ${operator.userName}` },
    credit: {
      ...drafts.credit,
      description: `Transfer of ${amount} from ${operator.userName}`,
      counterparty: { userId: operator.userId, userName: operator.userName },
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Placing a transfer

export interface TransferInput {
  sender: TransferParty;
  /** An admin's transfer comes from the house account, without a balance check. */
  senderIsAdmin?: boolean;
  /** As the sender typed it: the receiver is looked up by user name. */
  receiverUserName: string;
  amountKobo: Kobo;
  /** Client idempotency key: the same key never transfers twice. */
  requestId?: string;
  /** An operator's transfer (an admin's credit, an agent's): its request, whose audit entry goes in the transfer's own write. */
  operatorRequest?: AuditedRequest;
}

/** A transfer's entry: who paid and who received, with both balances before and after. */
export function transferAuditChange({ debit, credit }: TransferChange): AuditChange {
  const side = (record: TransactionRecord, balanceKobo: Kobo) => ({ userName: record.trans_UserName, balanceKobo });
  return {
    before: { payer: side(debit, debit.balanceBeforeKobo), receiver: side(credit, credit.balanceBeforeKobo) },
    after: { payer: side(debit, debit.balanceAfterKobo), receiver: side(credit, credit.balanceAfterKobo), transferId: debit.id, amountKobo: credit.amountKobo },
  };
}

export interface TransferDeps {
  findUserByUserName(userName: string): Promise<TransferParty | undefined>;
  transfer: WalletTransfer;
  /** The house account's debit (it may go below zero) and the receiver's credit, one write. */
  transferFromHouse: WalletTransfer;
  /** The sender's balance, answered after an admin's transfer (which leaves it unchanged). */
  balanceOf(userId: string): Promise<Kobo>;
  newId(): string;
  now(): Date;
}

export type TransferResult =
  /** `debit` is the sender's record, or the house account's for an admin; `senderBalanceKobo` the sender's own wallet after it. */
  | { kind: 'posted' | 'replayed'; debit: TransactionRecord; receiver: TransferParty; senderBalanceKobo: Kobo }
  | { kind: 'receiver_not_found' }
  | { kind: TransferCheckFailure }
  | { kind: 'insufficient_balance' | 'exists_with_different_details' };

type TransferCheckFailure = Extract<TransferCheck, { ok: false }>['reason'];

export async function placeTransfer(input: TransferInput, deps: TransferDeps): Promise<TransferResult> {
  const found = await deps.findUserByUserName(input.receiverUserName);
  if (!found) return { kind: 'receiver_not_found' };
  const receiver: TransferParty = { userId: found.userId, userName: found.userName, userType: found.userType };
  const check = checkTransfer(input.sender, receiver, input.amountKobo);
  if (!check.ok) return { kind: check.reason };
  const now = deps.now();
  // Keyed by the sender (the admin for a house transfer): one request_id is one transfer per person.
  const id = input.requestId ? transferIdForRequest(input.sender.userId, input.requestId) : deps.newId();
  const { sender, amountKobo } = input;
  const audit = input.operatorRequest ? inWriteAudit(input.operatorRequest, now, deps.newId(), transferAuditChange) : undefined;
  const written = input.senderIsAdmin
    ? await deps.transferFromHouse(houseTransferDrafts({ id, operator: sender, receiver, amountKobo, now }), audit)
    : await deps.transfer(transferDrafts({ id, sender, receiver, amountKobo, now }), audit);
  switch (written.kind) {
    case 'posted':
    case 'replayed': {
      const senderBalanceKobo = input.senderIsAdmin ? await deps.balanceOf(sender.userId) : written.debit.balanceAfterKobo;
      return { kind: written.kind, debit: written.debit, receiver, senderBalanceKobo };
    }
    case 'insufficient_balance':
    case 'exists_with_different_details':
      return { kind: written.kind };
  }
}
