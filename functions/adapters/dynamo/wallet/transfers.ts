/**
 * A transfer between two wallets on DynamoDB: ONE TransactWriteItems of four items —
 *   0. the sender's wallet (seq condition and `balanceKobo >= amount`),
 *   1. the receiver's wallet (seq condition),
 *   2. the sender's `transfer` record (attribute_not_exists: the transfer id is the idempotency key),
 *   3. the receiver's `transfer` record (its id derived from the transfer id).
 * Both chains stay exact. DynamoDB transactions never wait on each other: two opposite transfers
 * between the same users conflict (TransactionConflict) or see a moved seq, and each retries with
 * jittered backoff after re-reading both wallets, so both settle and neither can deadlock.
 *
 * An admin's transfer is the same write from the house account: its wallet has no balance
 * condition (it may go below zero); the running total of customers' wallets — which leaves the
 * house out — grows by the credit when the stream's consumer sums the records (domain/platform-counters.ts).
 *
 * An operator's transfer (an admin's credit, an agent's transfer) puts its audit entry in that
 * write too, with both balances before and after: the credit and its entry exist together or not at all.
 */
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { HOUSE_USER_ID } from '../../../domain/wallet/house-account.js';
import {
  chainLink,
  chainTime,
  compareReplay,
  planCredit,
  planDebit,
  planHouseDebit,
  type PlanResult,
  type WalletState,
} from '../../../domain/wallet/ledger.js';
import type { TransferDrafts } from '../../../domain/wallet/transfers.js';
import type { InWriteAudit } from '../../../domain/back-office/audit.js';
import type { TransferChange, TransferWriteResult as TransferResult } from '../../../domain/money/money-port.js';
import { auditPutsFor } from '../back-office/audit.js';
import { db, tableName } from '../client.js';
import { failedConditions } from '../conditions.js';
import { readWallet, walletMoved, walletUpdate, WalletContentionError, WALLET_WRITE_MAX_ATTEMPTS, type TransactItem } from './ledger.js';
import { WALLET_QUEUE_BUDGET_MS, WALLET_WRITE_BACKOFF_BASE_MS, WALLET_WRITE_BACKOFF_CAP_MS, WALLET_WRITE_BUDGET_MS } from '../../../../shared/constants.js';
import { retryOnConflict, retryStopAt } from '../retry.js';
import { writeThroughQueue } from './wallet-queue.js';
import { getTransaction, transactionItem } from '../transactions/transactions.js';

async function replayOf(drafts: TransferDrafts): Promise<TransferResult | undefined> {
  const existing = await getTransaction(drafts.debit.id);
  if (!existing) return undefined;
  return compareReplay(existing, drafts.debit) === 'same' ? { kind: 'replayed', debit: existing } : { kind: 'exists_with_different_details', existing };
}

export async function transferBetweenWallets(drafts: TransferDrafts, audit?: InWriteAudit<TransferChange>): Promise<TransferResult> {
  if (drafts.debit.userId === HOUSE_USER_ID) throw new Error('the house account pays only through transferFromHouse');
  // An operator's transfer carries its audit entry in the write: it is not queued.
  if (audit) return writeTransfer(drafts, planDebit, [], audit);
  // One direct try; if another writer takes the sender's wallet first, the transfer waits in that
  // wallet's queue and goes in its group commit, the receiver's credit with it (decision 88 (docs/decisions/0088-*)).
  try {
    return await writeTransfer(drafts, planDebit, [], undefined, 1);
  } catch (error) {
    if (!(error instanceof WalletContentionError)) throw error;
  }
  const outcome = await writeThroughQueue(
    { direction: 'debit', draft: drafts.debit, counterpart: drafts.credit },
    retryStopAt(Date.now(), WALLET_QUEUE_BUDGET_MS),
  );
  switch (outcome.kind) {
    case 'written':
      if (!outcome.counterpartRecord) throw new Error(`transfer ${drafts.debit.id}: its credit record is missing`);
      return { kind: 'posted', debit: outcome.record, credit: outcome.counterpartRecord };
    case 'insufficient_balance':
      return (await replayOf(drafts)) ?? { kind: 'insufficient_balance', balanceKobo: outcome.balanceKobo };
    case 'record_exists': {
      const replay = await replayOf(drafts);
      if (!replay) throw new Error(`transfer ${drafts.debit.id} reported as existing but not found`);
      return replay;
    }
    case 'withdrawn':
      throw new WalletContentionError(`${drafts.debit.userId}+${drafts.credit.userId}`, 1);
  }
}

/** An admin's transfer: the house account pays, whatever its balance. */
export async function transferFromHouse(drafts: TransferDrafts, audit?: InWriteAudit<TransferChange>): Promise<TransferResult> {
  if (drafts.debit.userId !== HOUSE_USER_ID) throw new Error('a house transfer debits the house account');
  return writeTransfer(drafts, planHouseDebit, [], audit);
}

async function writeTransfer(
  drafts: TransferDrafts,
  planSenderDebit: (wallet: WalletState, amountKobo: number) => PlanResult,
  alsoWrite: TransactItem[] = [],
  audit?: InWriteAudit<TransferChange>,
  attempts: number = WALLET_WRITE_MAX_ATTEMPTS,
): Promise<TransferResult> {
  const { debit, credit } = drafts;
  if (debit.userId === credit.userId) throw new Error('a transfer needs two different wallets');
  return retryOnConflict(
    async () => {
      const [senderWallet, receiverWallet] = await Promise.all([readWallet(debit.userId), readWallet(credit.userId)]);
      const debitPlan = planSenderDebit(senderWallet, debit.amountKobo);
      if (!debitPlan.ok) {
        if (debitPlan.reason === 'insufficient_balance')
          return (await replayOf(drafts)) ?? { kind: 'insufficient_balance', balanceKobo: senderWallet.balanceKobo };
        throw new Error(`invalid transfer amount ${debit.amountKobo}`);
      }
      const creditPlan = planCredit(receiverWallet, credit.amountKobo);
      if (!creditPlan.ok) throw new Error(`invalid transfer amount ${credit.amountKobo}`);
      // One time for both records, after either wallet's last change: each history stays in chain order.
      const at = chainTime(chainTime(debit.createdAt, senderWallet), receiverWallet);
      const debitRecord = chainLink(debit, at, debitPlan.change);
      const creditRecord = chainLink(credit, at, creditPlan.change);
      try {
        await db().send(
          new TransactWriteCommand({
            TransactItems: [
              walletUpdate(debit.userId, debitPlan.change, at),
              walletUpdate(credit.userId, creditPlan.change, at),
              { Put: { TableName: tableName(), Item: transactionItem(debitRecord), ConditionExpression: 'attribute_not_exists(pk)' } },
              { Put: { TableName: tableName(), Item: transactionItem(creditRecord), ConditionExpression: 'attribute_not_exists(pk)' } },
              ...alsoWrite,
              ...auditPutsFor(audit, { debit: debitRecord, credit: creditRecord }),
            ],
          }),
        );
        return { kind: 'posted', debit: debitRecord, credit: creditRecord };
      } catch (error) {
        if (failedConditions(error)?.some((index) => index >= 2)) {
          const replay = await replayOf(drafts);
          if (replay) return replay;
          throw new Error(`transfer ${debit.id}: a record exists on one side only`);
        }
        // A wallet moved (its seq condition) or the write conflicted: read both again and retry.
        throw error;
      }
    },
    {
      attempts,
      what: `transfer ${debit.id}`,
      alsoRetry: walletMoved(2),
      giveUp: (cause, attempts) => new WalletContentionError(`${debit.userId}+${credit.userId}`, attempts, cause),
      budgetMs: WALLET_WRITE_BUDGET_MS,
      baseMs: WALLET_WRITE_BACKOFF_BASE_MS,
      capMs: WALLET_WRITE_BACKOFF_CAP_MS,
    },
  );
}
