/**
 * Paying withdrawals out, and settling them by what the payout provider reports. Used by the
 * payout consumer (first submission), the provider-events consumer (signed webhooks) and the
 * admin's re-query. Every step is conditional on the withdrawal's current status; the provider
 * sees one reference per withdrawal however often we (re)submit, so it pays at most once.
 *
 *   submit:  claim → transfer recipient → transfer(reference) → success / pending / refund
 *   status:  success → success; failed → refund; reversed → refund (even after success);
 *            not found at the provider → submit again under the same reference; pending → wait
 */
import { formatNaira } from '../../../shared/money.js';
import type { WithdrawalRecord, WithdrawalStore } from './money-port.js';
import type { Payouts } from './payments-port.js';
import { isOpen } from '../purchases/purchase-state.js';
import type { Logger } from '../logger.js';
import { decidePayout, type PayoutStatus } from './withdrawals.js';

export interface PayoutDeps {
  withdrawals: WithdrawalStore;
  payouts: Payouts;
  /** The clock the refund's settled time is taken from (the settled event comes from the record's stream). */
  now(): Date;
  log: Logger;
}

/** The provider could not be asked or did not answer: the caller should try again later. */
export class PayoutRetryLaterError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PayoutRetryLaterError';
  }
}

export type PayoutAction = 'paid' | 'refunded' | 'pending' | 'already_final' | 'not_found' | 'claimed_elsewhere' | 'no_change';

async function refund(withdrawal: WithdrawalRecord, status: PayoutStatus, reason: string, deps: PayoutDeps): Promise<PayoutAction> {
  const result = await deps.withdrawals.refund(withdrawal.id, { reason, payoutStatus: status, afterSuccess: status === 'reversed', now: deps.now() });
  switch (result.kind) {
    case 'refunded':
      deps.log.info('withdrawal refunded', { transactionId: withdrawal.id, payoutStatus: status, reason });
      return 'refunded';
    case 'already_refunded':
      return 'already_final';
    case 'not_refundable':
      return 'already_final';
    case 'not_found':
      return 'not_found';
  }
}

/** Applies the provider's word on a payout to the withdrawal. */
export async function applyPayoutStatus(
  withdrawal: WithdrawalRecord,
  status: PayoutStatus,
  transferCode: string | undefined,
  deps: PayoutDeps,
): Promise<PayoutAction> {
  const decision = decidePayout(withdrawal.trans_Status, status);
  switch (decision.kind) {
    case 'settle_success': {
      const settled = await deps.withdrawals.settleSuccess(withdrawal.id, transferCode, deps.now());
      if (!settled) return 'already_final';
      deps.log.info('withdrawal paid out', { transactionId: withdrawal.id });
      return 'paid';
    }
    case 'refund':
      return refund(withdrawal, status, `payout ${status}`, deps);
    case 'submit':
      return submitClaimed(withdrawal, deps);
    case 'wait':
      await deps.withdrawals.recordProgress(withdrawal.id, { providerStatus: status, transferCode, acceptedByProvider: status === 'pending' }, deps.now());
      return 'pending';
    case 'nothing':
      return decision.reason === 'already_final' ? 'already_final' : 'no_change';
  }
}

/** Wins the right to (re)submit, then submits. */
async function submitClaimed(withdrawal: WithdrawalRecord, deps: PayoutDeps): Promise<PayoutAction> {
  if (!(await deps.withdrawals.claimSubmission(withdrawal.id, withdrawal.withdrawal.submittedAt, deps.now()))) return 'claimed_elsewhere';
  return submit(withdrawal, deps);
}

async function submit(withdrawal: WithdrawalRecord, deps: PayoutDeps): Promise<PayoutAction> {
  const details = withdrawal.withdrawal;
  let recipientCode = details.recipientCode;
  if (!recipientCode) {
    const recipient = await deps.payouts.createRecipient({ name: details.accountName, accountNumber: details.accountNumber, bankCode: details.bankCode });
    if (recipient.kind === 'rejected') {
      // Nothing was sent: the account cannot receive, so the money goes back.
      return refund(withdrawal, 'failed', `recipient refused: ${recipient.detail}`, deps);
    }
    if (recipient.kind === 'unavailable') {
      await deps.withdrawals.recordProgress(
        withdrawal.id,
        { providerStatus: 'unknown', reason: `recipient: ${recipient.detail}`, acceptedByProvider: false },
        deps.now(),
      );
      throw new PayoutRetryLaterError(`transfer recipient for ${withdrawal.id}: ${recipient.detail}`);
    }
    recipientCode = recipient.recipientCode;
  }
  const transfer = await deps.payouts.transfer({
    reference: details.payoutReference,
    amountKobo: details.payoutKobo,
    recipientCode,
    reason: `Withdrawal ${withdrawal.id} (${formatNaira(details.payoutKobo)})`,
  });
  switch (transfer.kind) {
    case 'accepted':
      if (transfer.status === 'success' || transfer.status === 'failed' || transfer.status === 'reversed') {
        await deps.withdrawals.recordProgress(
          withdrawal.id,
          { recipientCode, transferCode: transfer.transferCode, providerStatus: transfer.status, acceptedByProvider: true },
          deps.now(),
        );
        const current = (await deps.withdrawals.get(withdrawal.id)) ?? withdrawal;
        return applyPayoutStatus(current, transfer.status, transfer.transferCode, deps);
      }
      await deps.withdrawals.recordProgress(
        withdrawal.id,
        { recipientCode, transferCode: transfer.transferCode, providerStatus: 'pending', acceptedByProvider: true },
        deps.now(),
      );
      return 'pending';
    case 'rejected': {
      // A refusal may still hide an earlier transfer under this reference: ask before refunding.
      const check = await deps.payouts.verifyTransfer(details.payoutReference);
      if (check.kind === 'not_found') return refund(withdrawal, 'failed', `transfer refused: ${transfer.detail}`, deps);
      if (check.kind === 'found') return applyPayoutStatus(withdrawal, check.status === 'not_found' ? 'unknown' : check.status, check.transferCode, deps);
      await deps.withdrawals.recordProgress(
        withdrawal.id,
        { recipientCode, providerStatus: 'unknown', reason: transfer.detail, acceptedByProvider: false },
        deps.now(),
      );
      throw new PayoutRetryLaterError(`transfer ${withdrawal.id} refused and not verifiable: ${check.detail}`);
    }
    case 'unavailable':
      // It may have gone through: the next attempt verifies first, and the reference keeps it single.
      await deps.withdrawals.recordProgress(
        withdrawal.id,
        { recipientCode, providerStatus: 'unknown', reason: transfer.detail, acceptedByProvider: false },
        deps.now(),
      );
      throw new PayoutRetryLaterError(`transfer ${withdrawal.id}: ${transfer.detail}`);
  }
}

/**
 * The payout consumer: a withdrawal never handed to the provider is submitted; one that was (a
 * redelivered message, a crash after the call) is checked at the provider first.
 */
export async function payOut(transactionId: string, deps: PayoutDeps): Promise<PayoutAction> {
  const withdrawal = await deps.withdrawals.get(transactionId);
  if (!withdrawal) return 'not_found';
  if (!isOpen(withdrawal.trans_Status)) return 'already_final';
  if (withdrawal.withdrawal.submittedAt) return recheck(withdrawal, deps);
  if (!(await deps.withdrawals.claimSubmission(transactionId, undefined, deps.now()))) return 'claimed_elsewhere';
  return submit(withdrawal, deps);
}

/** Asks the provider about a withdrawal and applies the answer. */
async function recheck(withdrawal: WithdrawalRecord, deps: PayoutDeps): Promise<PayoutAction> {
  const check = await deps.payouts.verifyTransfer(withdrawal.withdrawal.payoutReference);
  if (check.kind === 'unavailable') throw new PayoutRetryLaterError(`verify ${withdrawal.id}: ${check.detail}`);
  if (check.kind === 'not_found') return applyPayoutStatus(withdrawal, 'not_found', undefined, deps);
  return applyPayoutStatus(withdrawal, check.status, check.transferCode, deps);
}

/** POST /admin/reQueryWithdrawal: settle by the provider's answer now (or submit what never left). */
export async function requeryWithdrawal(transactionId: string, deps: PayoutDeps): Promise<{ action: PayoutAction; withdrawal: WithdrawalRecord | undefined }> {
  const withdrawal = await deps.withdrawals.get(transactionId);
  if (!withdrawal) return { action: 'not_found', withdrawal: undefined };
  let action: PayoutAction;
  if (isOpen(withdrawal.trans_Status) && !withdrawal.withdrawal.submittedAt) {
    action = (await deps.withdrawals.claimSubmission(transactionId, undefined, deps.now())) ? await submit(withdrawal, deps) : 'claimed_elsewhere';
  } else {
    action = await recheck(withdrawal, deps);
  }
  return { action, withdrawal: await deps.withdrawals.get(transactionId) };
}

export interface PayoutSweepSettings {
  /** Only withdrawals open longer than this are looked at (fresh ones belong to the queue and webhooks). */
  olderThanMs: number;
  maxItems: number;
}

export interface PayoutSweepReport {
  examined: number;
  actions: Partial<Record<PayoutAction, number>>;
  errors: number;
}

/**
 * Scheduled: heals withdrawals left open — never handed to the provider (the queue send failed,
 * or the message went to the DLQ) or waiting for a webhook that never came — by the same
 * re-query an admin would do. Claims and status conditions keep it from racing anyone.
 */
export async function sweepOpenWithdrawals(deps: PayoutDeps, settings: PayoutSweepSettings): Promise<PayoutSweepReport> {
  const report: PayoutSweepReport = { examined: 0, actions: {}, errors: 0 };
  const ids = await deps.withdrawals.listOpen(new Date(deps.now().getTime() - settings.olderThanMs), settings.maxItems);
  for (const id of ids) {
    report.examined++;
    try {
      const { action } = await requeryWithdrawal(id, deps);
      report.actions[action] = (report.actions[action] ?? 0) + 1;
    } catch (error) {
      report.errors++;
      deps.log.warn('withdrawal re-query failed; the next sweep tries again', { transactionId: id, error: String(error) });
    }
  }
  return report;
}
