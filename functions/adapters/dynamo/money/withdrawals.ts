/**
 * Withdrawals on DynamoDB. The debit is an ordinary ledger debit (a `withdrawal` record in
 * `processing`, carrying the bank account and the payout reference). Afterwards every status
 * change is conditional on the current status, so webhooks, the payout consumer and an admin's
 * re-query can race without harm; the refund is ONE write (wallet credit + `refund` record whose
 * id is derived from the withdrawal's + the withdrawal → `refunded`), so it happens at most once.
 * Beneficiaries live under their owner's partition.
 */
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { formatNaira } from '../../../../shared/money.js';
import type { BankAccount, PayoutStatus } from '../../../domain/money/withdrawals.js';
import type { Beneficiary, PayoutProgress, WithdrawalRecord, WithdrawalRefundResult, WithdrawalStore } from '../../../domain/money/money-port.js';
import { refundIdFor } from '../../../domain/ids.js';
import type { TransactionDraft, TransactionRecord } from '../../../domain/transactions/transactions.js';
import { db, tableName } from '../client.js';
import { conditionalUpdate } from '../conditional-writes.js';
import { BENEFICIARY_ENTITY, stored } from '../items.js';
import { GSI, INDEX, keys, listingQuery, openEntryOf, partitionQuery } from '../keys.js';
import { refundFieldsOf, refusedRefundAnswer, writeWalletChange } from '../wallet/ledger.js';
import { queryAll } from '../paginate.js';
import { queryPrefix } from '../partition.js';
import { getTransaction, REMOVE_OPEN_LISTING } from '../transactions/transactions.js';
import { countersAsRead, writeStatusChange } from '../transactions/listing-aggregates.js';

function asWithdrawal(record: TransactionRecord | undefined): WithdrawalRecord | undefined {
  const withdrawal = record?.trans_Type === 'withdrawal' ? record.withdrawal : undefined;
  return record && withdrawal ? { ...record, withdrawal } : undefined;
}

export async function getWithdrawal(id: string): Promise<WithdrawalRecord | undefined> {
  return asWithdrawal(await getTransaction(id));
}

const OPEN = { ':processing': 'processing', ':pending': 'pending', ':withdrawal': 'withdrawal' };

/**
 * The right to hand a withdrawal to the provider now, won by one caller: moves
 * `withdrawal.submittedAt` from the value the caller saw, while the withdrawal is still open.
 */
export function claimPayoutSubmission(id: string, previousSubmittedAt: string | undefined, now: Date): Promise<boolean> {
  return conditionalUpdate({
    TableName: tableName(),
    Key: keys.transaction(id),
    UpdateExpression: 'SET withdrawal.submittedAt = :now, updatedAt = :now',
    ConditionExpression: `trans_Type = :withdrawal AND trans_Status IN (:processing, :pending) AND ${
      previousSubmittedAt === undefined ? 'attribute_not_exists(withdrawal.submittedAt)' : 'withdrawal.submittedAt = :previous'
    }`,
    ExpressionAttributeValues: { ...OPEN, ':now': now.toISOString(), ...(previousSubmittedAt === undefined ? {} : { ':previous': previousSubmittedAt }) },
  });
}

/** Notes what the provider said (recipient, transfer code, status), while open; `processing` → `pending` once the provider has it. */
export async function recordPayoutProgress(id: string, progress: PayoutProgress, now: Date): Promise<boolean> {
  const sets = ['withdrawal.providerStatus = :providerStatus', 'withdrawal.lastCheckedAt = :now', 'updatedAt = :now'];
  const values: Record<string, unknown> = { ...OPEN, ':providerStatus': progress.providerStatus, ':now': now.toISOString() };
  if (progress.recipientCode) {
    sets.push('withdrawal.recipientCode = :recipientCode');
    values[':recipientCode'] = progress.recipientCode;
  }
  if (progress.transferCode) {
    sets.push('withdrawal.transferCode = :transferCode', 'apiResponseId = :transferCode');
    values[':transferCode'] = progress.transferCode;
  }
  if (progress.reason) {
    sets.push('withdrawal.reason = :reason', 'apiResponse = :reason');
    values[':reason'] = progress.reason.slice(0, 500);
  }
  const update = {
    TableName: tableName(),
    Key: keys.transaction(id),
    UpdateExpression: `SET ${sets.join(', ')}`,
    ConditionExpression: 'trans_Type = :withdrawal AND trans_Status IN (:processing, :pending)',
    ExpressionAttributeValues: values,
  };
  if (!progress.acceptedByProvider) return conditionalUpdate(update);
  // The provider has it: `pending` until its final word (webhook or re-query); the listing's counters follow.
  update.UpdateExpression += ', trans_Status = :pending, pendingSince = if_not_exists(pendingSince, :now)';
  const changed = await writeStatusChange(id, getTransaction, (before) => (isOpenWithdrawal(before) ? { update } : undefined));
  return changed !== undefined;
}

const isOpenWithdrawal = (record: TransactionRecord) =>
  record.trans_Type === 'withdrawal' && (record.trans_Status === 'processing' || record.trans_Status === 'pending');

/** success, while open. Undefined when someone else settled it first. */
export async function settleWithdrawalSuccess(id: string, transferCode: string | undefined, now: Date): Promise<WithdrawalRecord | undefined> {
  const update = {
    TableName: tableName(),
    Key: keys.transaction(id),
    UpdateExpression: `SET trans_Status = :success, withdrawal.providerStatus = :successStatus, withdrawal.lastCheckedAt = :now, settledAt = :now, updatedAt = :now${
      transferCode ? ', withdrawal.transferCode = :transferCode, apiResponseId = :transferCode' : ''
    } ${REMOVE_OPEN_LISTING}`,
    ConditionExpression: 'trans_Type = :withdrawal AND trans_Status IN (:processing, :pending)',
    ExpressionAttributeValues: {
      ...OPEN,
      ':success': 'success',
      ':successStatus': 'success',
      ':now': now.toISOString(),
      ...(transferCode ? { ':transferCode': transferCode } : {}),
    },
  };
  // Read before (the listing's counters move from its status) and after (the caller gets it as settled).
  const settled = await writeStatusChange(id, getTransaction, (before) => (isOpenWithdrawal(before) ? { update } : undefined));
  return settled ? getWithdrawal(id) : undefined;
}

/**
 * The whole debit back, once: credit + `refund` record (id derived from the withdrawal's) +
 * withdrawal → `refunded`, conditional on it being open — or `success` when `afterSuccess`
 * (a reversed payout: the bank sent the money back).
 */
export async function refundWithdrawal(
  id: string,
  input: { reason: string; payoutStatus: PayoutStatus; afterSuccess: boolean; now: Date },
): Promise<WithdrawalRefundResult> {
  const withdrawal = await getWithdrawal(id);
  if (!withdrawal) return { kind: 'not_found' };
  if (withdrawal.trans_Status === 'refunded') return { kind: 'already_refunded', withdrawal };
  const allowed = ['processing', 'pending', ...(input.afterSuccess ? ['success'] : [])];
  if (!allowed.includes(withdrawal.trans_Status)) return { kind: 'not_refundable', withdrawal };
  const nowIso = input.now.toISOString();
  const refundId = refundIdFor(withdrawal.id);
  const draft: TransactionDraft = {
    id: refundId,
    ...refundFieldsOf(withdrawal),
    volume: formatNaira(withdrawal.amountKobo),
    relatedTransactionId: withdrawal.id,
    description: `Refund of withdrawal ${withdrawal.id} (payout ${input.payoutStatus})`,
    requestFingerprint: `refund:${withdrawal.id}`,
    createdAt: nowIso,
    updatedAt: nowIso,
    settledAt: nowIso,
  };
  const statusValues = Object.fromEntries(allowed.map((status, i) => [`:s${i}`, status]));
  const asRead = countersAsRead(withdrawal);
  const outcome = await writeWalletChange({
    direction: 'credit',
    draft,
    extraItems: () => [
      {
        Update: {
          TableName: tableName(),
          Key: keys.transaction(withdrawal.id),
          UpdateExpression: `SET trans_Status = :refunded, refundTransactionId = :refundId, refundReason = :reason, withdrawal.providerStatus = :payoutStatus, settledAt = :now, updatedAt = :now ${REMOVE_OPEN_LISTING}`,
          // As it was read (the listing's counters follow the change from the stream).
          ConditionExpression: `trans_Type = :withdrawal AND trans_Status IN (${Object.keys(statusValues).join(', ')}) AND ${asRead.condition}`,
          ExpressionAttributeValues: {
            ':refunded': 'refunded',
            ':refundId': refundId,
            ':reason': input.reason.slice(0, 500),
            ':payoutStatus': input.payoutStatus,
            ':now': nowIso,
            ':withdrawal': 'withdrawal',
            ...asRead.values,
            ...statusValues,
          },
        },
      },
    ],
  });
  const current = (await getWithdrawal(withdrawal.id)) ?? withdrawal;
  if (outcome.kind === 'written') return { kind: 'refunded', withdrawal: current, refund: outcome.record };
  return refusedRefundAnswer(
    outcome,
    withdrawal,
    current,
    (kind) => ({ kind, withdrawal: current }),
    () => refundWithdrawal(id, input),
  );
}

/** Open withdrawals opened before `openedBefore`, oldest first (sparse index; re-read before acting). */
export async function listOpenWithdrawals(openedBefore: Date, limit: number): Promise<string[]> {
  const items = await queryAll(
    {
      TableName: tableName(),
      IndexName: INDEX.byOpenSinceKeys,
      KeyConditionExpression: '#pk = :open AND #sk <= :before',
      ExpressionAttributeNames: { '#pk': GSI.byOpenSinceKeys.partitionKey, '#sk': GSI.byOpenSinceKeys.sortKey },
      ExpressionAttributeValues: { ':open': listingQuery.openPayoutPartition, ':before': listingQuery.sortTo(openedBefore.toISOString()) },
      ScanIndexForward: true,
      Limit: Math.min(100, limit),
    },
    { limit },
  );
  return items.map((item) => openEntryOf(item).id);
}

// ---------------------------------------------------------------------------------------------
// Beneficiaries

export async function listBeneficiaries(userId: string): Promise<Beneficiary[]> {
  const items = await queryPrefix(partitionQuery.beneficiaries(userId));
  return items.filter((item) => item.entity === BENEFICIARY_ENTITY).map((item) => stored.beneficiary.read(item));
}

/** Saves (or renames) a beneficiary; one per bank and account number. */
export async function saveBeneficiary(userId: string, account: BankAccount, now: Date): Promise<void> {
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...keys.beneficiary(userId, account.bankCode, account.accountNumber),
        entity: BENEFICIARY_ENTITY,
        userId,
        ...account,
        createdAt: now.toISOString(),
      },
    }),
  );
}

export const dynamoWithdrawals: WithdrawalStore = {
  get: getWithdrawal,
  listOpen: listOpenWithdrawals,
  claimSubmission: claimPayoutSubmission,
  recordProgress: recordPayoutProgress,
  settleSuccess: settleWithdrawalSuccess,
  refund: refundWithdrawal,
  listBeneficiaries,
  saveBeneficiary,
};
