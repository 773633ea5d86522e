import { describe, expect, it } from 'vitest';
import { refundIdFor, transactionIdForRequest } from '../../../functions/domain/ids.js';
import {
  listingBounds,
  listingFigures,
  toTransactionView,
  transactionListPage,
  type TransactionRecord,
} from '../../../functions/domain/transactions/transactions.js';
import { signWebhook, webhookHeaders, webhookTargetOf } from '../../../functions/domain/notifications/webhooks.js';
import { airtimePurchaseRecord } from '../../support/transaction-record.js';

const base: TransactionRecord = airtimePurchaseRecord({
  id: 'T1',
  userId: 'u1',
  trans_UserName: 'ada',
  balanceBeforeKobo: 500_00,
  balanceAfterKobo: 401_00,
  walletSeq: 2,
  createdAt: '2024-01-01T00:00:00.000Z',
  updatedAt: '2024-01-01T00:00:01.000Z',
  description: 'x',
});

describe('transaction view', () => {
  it('shows money in naira, exactly', () => {
    expect(toTransactionView(base)).toMatchObject({
      _id: 'T1',
      trans_amount: 99,
      trans_profit: 2,
      balance_Before: 500,
      balance_After: 401,
      trans_volume: '₦100.00',
      apiResponse: null,
    });
  });

  // What the original's transaction screens read (client/src/pages/Transactions.js, client/src/context/UserContext.js).
  it('carries trans_Id, trans_By and trans_Date beside _id and createdAt', () => {
    expect(toTransactionView(base)).toMatchObject({ trans_Id: 'T1', trans_By: 'u1', trans_Date: '2024-01-01T00:00:00.000Z' });
  });
  it('trans_Network describes the item: "<network> <data type> <plan>" for data, transfer, coupon', () => {
    const dataPlan = (planType: 'MTN' | 'MTN-CG' | 'GLO', planName: string) => ({
      planId: 1,
      planType,
      planName,
      planValidity: '30 days',
      volumeRatio: 1,
      supplierPlanIds: {},
    });
    const data = (planType: 'MTN' | 'MTN-CG' | 'GLO', planName: string, network: string): TransactionRecord => ({
      ...base,
      trans_Type: 'data',
      trans_Network: network,
      dataPlan: dataPlan(planType, planName),
    });
    expect(toTransactionView(data('MTN', '1GB', 'MTN')).trans_Network).toBe('MTN SME 1GB');
    expect(toTransactionView(data('MTN-CG', '500MB', 'MTN')).trans_Network).toBe('MTN CG 500MB');
    expect(toTransactionView(data('GLO', '2GB', 'GLO')).trans_Network).toBe('GLO 2GB');
    expect(toTransactionView(base).trans_Network).toBe('MTN');
    const transfer: TransactionRecord = {
      ...base,
      trans_Type: 'transfer',
      trans_Network: '',
      phone_number: '',
      counterparty: { userId: 'u2', userName: 'bola' },
    };
    expect(toTransactionView(transfer)).toMatchObject({ trans_Network: 'transfer', phone_number: 'bola' });
    const coupon: TransactionRecord = {
      ...base,
      trans_Type: 'wallet',
      trans_Network: 'coupon',
      phone_number: '',
      counterparty: { userId: '', userName: 'admin' },
    };
    expect(toTransactionView(coupon)).toMatchObject({ trans_Network: 'coupon', phone_number: 'admin' });
  });
  it('a withdrawal shows as type wallet, pending while open (the spec has no "withdrawal" type); it stays marked as a withdrawal', () => {
    const withdrawal: TransactionRecord = {
      ...base,
      trans_Type: 'withdrawal',
      trans_Status: 'processing',
      trans_Network: 'Access Bank',
      phone_number: '0123456789',
    };
    expect(toTransactionView(withdrawal)).toMatchObject({ trans_Type: 'wallet', trans_Status: 'pending', isWithdrawal: true });
    expect(toTransactionView({ ...withdrawal, trans_Status: 'success' })).toMatchObject({ trans_Type: 'wallet', trans_Status: 'success' });
    expect(toTransactionView({ ...withdrawal, trans_Status: 'refunded' }).trans_Status).toBe('refunded');
    expect(toTransactionView(base)).not.toHaveProperty('isWithdrawal');
  });
});

describe('listing figures', () => {
  const records: TransactionRecord[] = [
    base,
    { ...base, id: 'T2', trans_Network: 'GLO', amountKobo: 198_00, faceValueKobo: 200_00, profitKobo: 4_00 },
    { ...base, id: 'T3', trans_Status: 'refunded', profitKobo: undefined, balanceBeforeKobo: 401_00, balanceAfterKobo: 302_00 },
    { ...base, id: 'R3', trans_Type: 'refund', trans_Status: 'success', profitKobo: undefined, balanceBeforeKobo: 302_00, balanceAfterKobo: 401_00 },
  ];
  it('sales, profit and per-network stats count successful purchases only; debit leaves out refunded purchases and credit leaves out refunds (as the original computes them)', () => {
    const figures = listingFigures(records);
    expect(figures).toMatchObject({ totalSalesKobo: 297_00, totalProfitKobo: 6_00, totalCreditKobo: 0 });
    expect(figures.totalDebitKobo).toBe(99_00 * 2);
    expect(figures.stat).toEqual([
      { network: 'GLO', type: 'airtime', unit: 'NGN', volume: 200_00, profitKobo: 4_00 },
      { network: 'MTN', type: 'airtime', unit: 'NGN', volume: 100_00, profitKobo: 2_00 },
    ]);
  });
  it("a bulk line's refund comes off the batch's debit: the batch's one debit counted the line's money, which came back", () => {
    const batch: TransactionRecord = {
      ...base,
      id: 'B1',
      trans_Type: 'airtime',
      amountKobo: 297_00,
      balanceBeforeKobo: 500_00,
      balanceAfterKobo: 203_00,
      walletSeq: 2,
    };
    const line = (id: string, status: TransactionRecord['trans_Status']): TransactionRecord => ({
      ...base,
      id,
      batchId: 'B1',
      trans_Status: status,
      balanceBeforeKobo: 203_00,
      balanceAfterKobo: 203_00,
      walletSeq: 2,
    });
    const refund: TransactionRecord = {
      ...base,
      id: 'R-L3',
      trans_Type: 'refund',
      trans_Status: 'success',
      profitKobo: undefined,
      relatedTransactionId: 'L3',
      refundedBatchId: 'B1',
      balanceBeforeKobo: 203_00,
      balanceAfterKobo: 302_00,
      walletSeq: 3,
    };
    const figures = listingFigures([batch, line('L1', 'success'), line('L2', 'success'), line('L3', 'refunded'), refund]);
    expect(figures).toMatchObject({ totalDebitKobo: 198_00, totalCreditKobo: 0 });
  });
  it('data volume is counted in GB of the plans bought, apart from airtime on the same network; airtime stays in naira', () => {
    const plan = (planName: string, volumeRatio: number) => ({
      planId: 1,
      planType: 'MTN' as const,
      planName,
      planValidity: '30 days',
      volumeRatio,
      supplierPlanIds: {},
    });
    const data = (id: string, planName: string, volumeRatio: number): TransactionRecord => ({
      ...base,
      id,
      trans_Type: 'data',
      volume: planName,
      dataPlan: plan(planName, volumeRatio),
      profitKobo: 10_00,
    });
    const mixed = [base, data('D1', '500MB', 0.5), data('D2', '1.5GB', 1.5), data('D3', '2GB', 2), { ...data('D4', '1GB', 1), dataPlan: undefined }];
    // totalSales is the data volume sold in GB (the original's screens show TB from 1000 GB); naira sales beside it.
    expect(transactionListPage(mixed, 1, 20)).toMatchObject({ totalSales: 5, totalSalesNaira: 99 * 5 });
    expect(transactionListPage(mixed, 1, 20).stat).toEqual([
      { network: 'MTN', type: 'airtime', total_volume_sold: 100, unit: 'NGN', profit: 2 },
      { network: 'MTN', type: 'data', total_volume_sold: 5, unit: 'GB', profit: 40 },
    ]);
  });
  it('pages are 1-based slices; figures cover the whole set', () => {
    const page = transactionListPage(records, 2, 3);
    expect(page.transactions.map((t) => t._id)).toEqual(['R3']);
    expect(page).toMatchObject({ totalPages: 2, noOfTransaction: 4, totalSales: 0, totalSalesNaira: 297, totalProfit: 6 });
    expect(transactionListPage([], 1, 20)).toMatchObject({ totalPages: 1, noOfTransaction: 0 });
  });
  it('date-only bounds cover whole days in Lagos time', () => {
    expect(listingBounds('2024-03-01', '2024-03-01')).toEqual({ fromIso: '2024-02-29T23:00:00.000Z', toIso: '2024-03-01T22:59:59.999Z' });
    expect(listingBounds(undefined, undefined)).toEqual({ fromIso: undefined, toIso: undefined });
  });
});

describe('derived ids', () => {
  it('a request id maps to one transaction id per user, shaped like a ULID', () => {
    expect(transactionIdForRequest('u1', 'r1')).toBe(transactionIdForRequest('u1', 'r1'));
    expect(transactionIdForRequest('u1', 'r1')).not.toBe(transactionIdForRequest('u2', 'r1'));
    expect(transactionIdForRequest('u1', 'r1')).toMatch(/^[0-9A-HJKMNP-TV-Z]{26}$/);
    expect(refundIdFor('T1')).not.toBe(refundIdFor('T2'));
  });
});

describe('webhook signatures (Standard Webhooks)', () => {
  it("match the specification's test vector", () => {
    expect(
      signWebhook({
        id: 'msg_p5jXN8AQM9LWM0D4loKWxJek',
        timestampSeconds: 1614265330,
        body: '{"test": 2432232314}',
        secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
      }),
    ).toBe('v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=');
  });
  it('carry id, timestamp and signature headers', () => {
    const headers = webhookHeaders({ id: 'msg_1', timestampSeconds: 10, body: '{}', secret: 'c2VjcmV0' });
    expect(headers).toMatchObject({ 'webhook-id': 'msg_1', 'webhook-timestamp': '10' });
    expect(headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
  });
  it('are only sent to a saved URL that still passes the webhook URL rule at send time (https, public host; loopback only where allowed)', () => {
    const owner = (webhookUrl: string | null, webhookSecret = 'c2VjcmV0') => ({ userId: 'u1', userName: 'ada', webhookUrl, webhookSecret });
    expect(webhookTargetOf(owner('https://example.com/hook'), false)).toEqual({
      kind: 'target',
      target: { userId: 'u1', url: 'https://example.com/hook', secret: 'c2VjcmV0' },
    });
    for (const url of [
      'ftp://example.com',
      'not a url',
      'http://example.com/hook',
      'http://169.254.169.254/latest',
      'https://10.0.0.1/hook',
      'http://127.0.0.1:9/hook',
    ]) {
      expect(webhookTargetOf(owner(url), false), url).toEqual({ kind: 'invalid_webhook_url' });
    }
    expect(webhookTargetOf(owner('http://127.0.0.1:9/hook'), true).kind).toBe('target');
    expect(webhookTargetOf(owner(null), true)).toEqual({ kind: 'no_webhook_url' });
    expect(webhookTargetOf(owner('https://example.com/hook', ''), true)).toEqual({ kind: 'no_webhook_url' });
    expect(webhookTargetOf(undefined, true)).toEqual({ kind: 'no_webhook_url' });
  });
});
