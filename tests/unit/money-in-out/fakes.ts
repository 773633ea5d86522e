/** Test doubles of the outside parties of money in and out, and the money invariants over a set of users. */
import { expect } from 'vitest';
import { dynamoLedger } from '../../../functions/adapters/dynamo/wallet/ledger.js';
import { dynamoTransactions } from '../../../functions/adapters/dynamo/transactions/transactions.js';
import { getEarnings } from '../../../functions/adapters/dynamo/money/earnings.js';
import { verifyChain } from '../../../functions/domain/wallet/ledger.js';
import { houseShareOf } from '../../support/house-ledger.js';
import type { VerifiedPayment, VerifiedTransfer } from '../../../functions/domain/money/funding.js';
import { silentLogger } from '../../../functions/domain/logger.js';
import { isPurchase } from '../../../functions/domain/transactions/transactions.js';
import type { PayoutStatus } from '../../../functions/domain/money/withdrawals.js';
import type { CardPayments, Payouts, ReservedAccounts } from '../../../functions/domain/money/payments-port.js';

export class FakeCards implements CardPayments {
  readonly payments = new Map<string, VerifiedPayment>();
  verifyCalls = 0;
  unavailable = false;
  async initiate(input: { reference: string; amountKobo: number }) {
    if (this.unavailable) return { kind: 'unavailable' as const, detail: 'down' };
    this.payments.set(input.reference, { status: 'pending', reference: input.reference, amountKobo: input.amountKobo, currency: 'NGN' });
    return { kind: 'created' as const, checkoutUrl: `https://checkout.test/${input.reference}` };
  }
  async verify(reference: string) {
    this.verifyCalls += 1;
    if (this.unavailable) return { kind: 'unavailable' as const, detail: 'down' };
    const payment = this.payments.get(reference);
    return payment ? { kind: 'found' as const, payment } : { kind: 'not_found' as const };
  }
  pay(reference: string, amountKobo: number, status: VerifiedPayment['status'] = 'success') {
    this.payments.set(reference, { status, reference, amountKobo, currency: 'NGN', providerReference: `gw-${reference}` });
  }
}

export class FakeAccounts implements ReservedAccounts {
  readonly transfers = new Map<string, VerifiedTransfer>();
  /** What each reservation asked the provider for. */
  readonly reservations: Parameters<ReservedAccounts['reserve']>[0][] = [];
  private next = 7_000_000_001;
  async reserve(input?: Parameters<ReservedAccounts['reserve']>[0]) {
    if (input) this.reservations.push(input);
    return { kind: 'reserved' as const, accounts: [{ bankName: 'Wema bank', accountNumber: String(this.next++) }] };
  }
  async verifyTransaction(reference: string) {
    const transfer = this.transfers.get(reference);
    return transfer ? { kind: 'found' as const, transfer } : { kind: 'not_found' as const };
  }
}

type Script = { submit: PayoutStatus | 'error' | 'refuse'; settlesAs?: PayoutStatus };

/** Payouts whose fate is scripted by account number; counts real payments per reference (must stay ≤ 1). */
export class FakePayouts implements Payouts {
  readonly transfers = new Map<string, { status: PayoutStatus; amountKobo: number; transferCode: string; requests: number }>();
  readonly payments = new Map<string, number>();
  recipientRefused = new Set<string>();
  private readonly accountOf = new Map<string, string>();
  constructor(private readonly script: (accountNumber: string) => Script = () => ({ submit: 'pending', settlesAs: 'success' })) {}
  async listBanks() {
    return { kind: 'banks' as const, banks: [{ name: 'Access Bank', code: '044' }] };
  }
  async resolveAccount(accountNumber: string) {
    return accountNumber === '0000000000' ? { kind: 'not_found' as const } : { kind: 'resolved' as const, accountName: 'ADA OKAFOR' };
  }
  async createRecipient(input: { accountNumber: string }) {
    if (this.recipientRefused.has(input.accountNumber)) return { kind: 'rejected' as const, detail: 'Cannot resolve account' };
    const code = `RCP_${input.accountNumber}`;
    this.accountOf.set(code, input.accountNumber);
    return { kind: 'created' as const, recipientCode: code };
  }
  async transfer(input: { reference: string; amountKobo: number; recipientCode: string }) {
    const existing = this.transfers.get(input.reference);
    if (existing) {
      existing.requests += 1;
      return { kind: 'accepted' as const, status: existing.status, transferCode: existing.transferCode };
    }
    const script = this.script(this.accountOf.get(input.recipientCode) ?? '');
    if (script.submit === 'refuse') return { kind: 'rejected' as const, detail: 'refused' };
    const status: PayoutStatus = script.submit === 'error' ? (script.settlesAs ?? 'success') : script.submit;
    this.transfers.set(input.reference, { status, amountKobo: input.amountKobo, transferCode: `TRF_${input.reference}`, requests: 1 });
    this.payments.set(input.reference, (this.payments.get(input.reference) ?? 0) + 1);
    if (script.submit === 'error') return { kind: 'unavailable' as const, detail: 'HTTP 500' };
    return { kind: 'accepted' as const, status, transferCode: `TRF_${input.reference}` };
  }
  async verifyTransfer(reference: string) {
    const transfer = this.transfers.get(reference);
    return transfer
      ? { kind: 'found' as const, status: transfer.status, transferCode: transfer.transferCode, amountKobo: transfer.amountKobo }
      : { kind: 'not_found' as const };
  }
  /** The bank's later word (what a webhook would announce). */
  settle(reference: string, status: PayoutStatus) {
    const transfer = this.transfers.get(reference);
    if (transfer) transfer.status = status;
  }
}

export const quietLog = silentLogger;

/**
 * The money invariants over a closed set of users:
 *  - no balance below zero, each wallet equals the replay of its chain;
 *  - transfers net to zero (every debit has its credit, same amount);
 *  - a withdrawal or purchase is refunded at most once, exactly when it is `refunded`, for its full amount,
 *    and every refund belongs to one;
 *  - Σ wallets (the house account's part included: the other side of admin credits to these users)
 *    + Σ earnings = money in (fundings, rewards) − money out (purchases, withdrawals, upgrades) + refunds;
 *  - earnings moved to wallets = Σ `earning` records.
 */
export async function expectMoneyInvariants(userIds: string[], step = 'end'): Promise<void> {
  let wallets = 0;
  let earningBalances = 0;
  let fundings = 0;
  let rewards = 0;
  let spent = 0;
  let refunds = 0;
  let transferOut = 0;
  let transferIn = 0;
  let earningMoves = 0;
  let earningsWithdrawn = 0;
  const byId = new Map<string, Awaited<ReturnType<typeof dynamoTransactions.listForUser>>[number]>();
  for (const userId of userIds) {
    const records = await dynamoTransactions.listForUser(userId, {});
    const wallet = await dynamoLedger.getWallet(userId);
    const earnings = await getEarnings(userId);
    expect(wallet.balanceKobo, `${step}: negative balance`).toBeGreaterThanOrEqual(0);
    expect(verifyChain(records, wallet), `${step}: chain of ${userId}`).toMatchObject({ ok: true });
    expect(earnings.earningBalanceKobo, `${step}: negative earnings`).toBeGreaterThanOrEqual(0);
    expect(earnings.earningBalanceKobo, `${step}: earnings = earned − withdrawn`).toBe(earnings.totalEarnedKobo - earnings.totalWithdrawnKobo);
    wallets += wallet.balanceKobo;
    earningBalances += earnings.earningBalanceKobo;
    rewards += earnings.totalEarnedKobo;
    earningsWithdrawn += earnings.totalWithdrawnKobo;
    for (const record of records) {
      byId.set(record.id, record);
      const change = record.balanceAfterKobo - record.balanceBeforeKobo;
      switch (record.trans_Type) {
        case 'wallet':
          fundings += change;
          break;
        case 'refund':
          refunds += change;
          break;
        case 'transfer':
          if (change < 0) transferOut -= change;
          else transferIn += change;
          break;
        case 'earning':
          earningMoves += change;
          break;
        default:
          spent -= change;
      }
    }
  }
  const house = await houseShareOf([...byId.values()], step);
  for (const record of house.records) {
    byId.set(record.id, record);
    transferOut += record.amountKobo;
  }
  wallets += house.changeKobo;
  for (const record of byId.values()) {
    if (record.trans_Type === 'refund') {
      const refunded = byId.get(record.relatedTransactionId ?? '');
      expect(
        refunded && (isPurchase(refunded.trans_Type) || refunded.trans_Type === 'withdrawal'),
        `${step}: refund ${record.id} belongs to a purchase or withdrawal`,
      ).toBe(true);
    }
    if (record.trans_Type === 'transfer' && record.relatedTransactionId) {
      const other = byId.get(record.relatedTransactionId);
      if (other) expect(other.amountKobo, `${step}: transfer ${record.id} sides`).toBe(record.amountKobo);
    }
    if (isPurchase(record.trans_Type) || record.trans_Type === 'withdrawal') {
      const mine = [...byId.values()].filter((r) => r.trans_Type === 'refund' && r.relatedTransactionId === record.id);
      expect(mine.length, `${step}: refunds of ${record.id}`).toBe(record.trans_Status === 'refunded' ? 1 : 0);
      if (mine[0]) expect(mine[0].amountKobo).toBe(record.amountKobo);
    }
  }
  expect(transferIn, `${step}: transfers net to zero`).toBe(transferOut);
  expect(earningMoves, `${step}: earnings moved`).toBe(earningsWithdrawn);
  expect(wallets + earningBalances, `${step}: money in − money out`).toBe(fundings + rewards - spent + refunds);
}
