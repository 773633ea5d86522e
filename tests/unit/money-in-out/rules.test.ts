/** Pure rules of money in and out: amounts and fees, credit decisions, payout decisions, user-type, KYC, webhook URL. */
import { describe, expect, it } from 'vitest';
import { decideReferralReward, referralPage, referralRewardIdFor, NO_EARNINGS } from '../../../functions/domain/money/earnings.js';
import {
  checkFundingAmount,
  decideCardCredit,
  decideReservedAccountCredit,
  fundingCreditIdFor,
  fundingSplit,
  isOurPaymentReference,
  monnifyStatus,
  newPaymentReference,
  providerNairaToKobo,
  squadStatus,
  type VerifiedPayment,
  type VerifiedTransfer,
} from '../../../functions/domain/money/funding.js';
import { checkWebhookUrl, decideUserTypeChange, kycDigest, parseKycInput } from '../../../functions/domain/accounts/profile.js';
import { checkTransfer, transferCreditIdFor, transferDrafts, transferIdForRequest } from '../../../functions/domain/wallet/transfers.js';
import {
  decidePayout,
  findBank,
  isAccountNumber,
  paystackTransferStatus,
  payoutReferenceFor,
  transactionIdOfPayoutReference,
  withdrawalAmounts,
} from '../../../functions/domain/money/withdrawals.js';
import { withdrawalDraft } from '../../../functions/domain/money/withdrawal-debit.js';
import { FUND_WALLET_CHARGE_BPS, REFERRAL_REWARD_KOBO, RESELLER_UPGRADE_FEE_KOBO, WITHDRAWAL_FEE_KOBO } from '../../../shared/constants.js';
import { applyRate } from '../../../shared/money.js';
import { ulid } from 'ulid';

describe('card funding amounts and the 1% charge', () => {
  it('accepts ₦100 and more; refuses less, zero and fractions of a kobo', () => {
    expect(checkFundingAmount(100_00)).toEqual({ ok: true });
    expect(checkFundingAmount(99_99)).toEqual({ ok: false, reason: 'below_minimum' });
    expect(checkFundingAmount(0)).toEqual({ ok: false, reason: 'invalid_amount' });
    expect(checkFundingAmount(100.5)).toEqual({ ok: false, reason: 'invalid_amount' });
    expect(checkFundingAmount(1_000_000_01)).toEqual({ ok: false, reason: 'above_maximum' });
  });

  it('credits paid − 1%, with the one rounding rule (half up to the kobo)', () => {
    expect(FUND_WALLET_CHARGE_BPS).toBe(100);
    expect(fundingSplit(1_000_00)).toEqual({ paidKobo: 1_000_00, chargeKobo: 10_00, creditKobo: 990_00 });
    expect(fundingSplit(100_50)).toEqual({ paidKobo: 100_50, chargeKobo: 1_01, creditKobo: 99_49 });
    expect(fundingSplit(100_49)).toEqual({ paidKobo: 100_49, chargeKobo: 1_00, creditKobo: 99_49 });
    for (const paid of [1, 49, 50, 12_345, 99_999_99]) {
      const split = fundingSplit(paid);
      expect(split.chargeKobo).toBe(applyRate(paid, FUND_WALLET_CHARGE_BPS));
      expect(split.chargeKobo + split.creditKobo).toBe(paid);
    }
  });

  it('references are ours, unique, and name one credit each', () => {
    const a = newPaymentReference(() => ulid());
    const b = newPaymentReference(() => ulid());
    expect(a).not.toBe(b);
    expect(isOurPaymentReference(a)).toBe(true);
    expect(isOurPaymentReference('SQ1234')).toBe(false);
    expect(fundingCreditIdFor('squad', a)).toBe(fundingCreditIdFor('squad', a));
    expect(fundingCreditIdFor('squad', a)).not.toBe(fundingCreditIdFor('monnify', a));
  });

  it('provider amounts in naira become exact kobo; garbage becomes NaN', () => {
    expect(providerNairaToKobo('1500.50')).toBe(1_500_50);
    expect(providerNairaToKobo(1500.5)).toBe(1_500_50);
    expect(providerNairaToKobo('1.005')).toBeNaN();
    expect(providerNairaToKobo(undefined)).toBeNaN();
    expect(providerNairaToKobo('-5')).toBeNaN();
  });
});

describe('crediting only what the provider confirms', () => {
  const paid = (over: Partial<VerifiedPayment> = {}): VerifiedPayment => ({
    status: 'success',
    reference: 'VTU1',
    amountKobo: 1_000_00,
    currency: 'NGN',
    ...over,
  });

  it("a confirmed card payment credits paid − 1%, by the verified amount (never the webhook's)", () => {
    expect(decideCardCredit({ reference: 'VTU1' }, paid())).toEqual({ kind: 'credit', paidKobo: 1_000_00, chargeKobo: 10_00, creditKobo: 990_00 });
    expect(decideCardCredit({ reference: 'VTU1' }, paid({ amountKobo: 500_00 }))).toMatchObject({ kind: 'credit', creditKobo: 495_00 });
  });

  it('refuses other references, unsuccessful payments, other currencies and bad amounts; waits while pending', () => {
    expect(decideCardCredit({ reference: 'VTU1' }, paid({ reference: 'VTU2' }))).toEqual({ kind: 'ignore', reason: 'reference_mismatch' });
    expect(decideCardCredit({ reference: 'VTU1' }, paid({ status: 'failed' }))).toEqual({ kind: 'ignore', reason: 'not_successful' });
    expect(decideCardCredit({ reference: 'VTU1' }, paid({ status: 'abandoned' }))).toEqual({ kind: 'ignore', reason: 'not_successful' });
    expect(decideCardCredit({ reference: 'VTU1' }, paid({ currency: 'USD' }))).toEqual({ kind: 'ignore', reason: 'wrong_currency' });
    expect(decideCardCredit({ reference: 'VTU1' }, paid({ amountKobo: Number.NaN }))).toEqual({ kind: 'ignore', reason: 'invalid_amount' });
    expect(decideCardCredit({ reference: 'VTU1' }, paid({ amountKobo: 0 }))).toEqual({ kind: 'ignore', reason: 'invalid_amount' });
    expect(decideCardCredit({ reference: 'VTU1' }, paid({ amountKobo: 1.5 }))).toEqual({ kind: 'ignore', reason: 'invalid_amount' });
    expect(decideCardCredit({ reference: 'VTU1' }, paid({ status: 'pending' }))).toEqual({ kind: 'retry', reason: 'pending' });
    expect(squadStatus('Success')).toBe('success');
    expect(squadStatus('Abandoned')).toBe('abandoned');
    expect(squadStatus('weird')).toBe('unknown');
  });

  const transfer = (over: Partial<VerifiedTransfer> = {}): VerifiedTransfer => ({
    status: 'success',
    transactionReference: 'MNFY|1',
    amountKobo: 5_000_00,
    currency: 'NGN',
    productType: 'RESERVED_ACCOUNT',
    accountReference: 'USER1',
    destinationAccountNumber: '5000000001',
    ...over,
  });
  const owner = { userId: 'USER1', accountNumbers: [{ bankName: 'Wema bank', accountNumber: '5000000001' }] };

  it('a confirmed transfer into a reserved account credits its owner paid − 1%', () => {
    expect(decideReservedAccountCredit('MNFY|1', transfer(), owner)).toEqual({
      kind: 'credit',
      userId: 'USER1',
      paidKobo: 5_000_00,
      chargeKobo: 50_00,
      creditKobo: 4_950_00,
    });
  });

  it('refuses transfers to an account the owner does not hold, other products, unknown owners and unpaid ones', () => {
    expect(decideReservedAccountCredit('MNFY|1', transfer({ destinationAccountNumber: '5000000009' }), owner)).toEqual({
      kind: 'ignore',
      reason: 'unknown_account',
    });
    expect(decideReservedAccountCredit('MNFY|1', transfer({ accountReference: 'USER2' }), owner)).toEqual({ kind: 'ignore', reason: 'unknown_account' });
    expect(decideReservedAccountCredit('MNFY|1', transfer(), undefined)).toEqual({ kind: 'ignore', reason: 'unknown_account' });
    expect(decideReservedAccountCredit('MNFY|1', transfer({ productType: 'WEB_SDK' }), owner)).toEqual({ kind: 'ignore', reason: 'not_reserved_account' });
    expect(decideReservedAccountCredit('MNFY|2', transfer(), owner)).toEqual({ kind: 'ignore', reason: 'reference_mismatch' });
    expect(decideReservedAccountCredit('MNFY|1', transfer({ status: 'failed' }), owner)).toEqual({ kind: 'ignore', reason: 'not_successful' });
    expect(monnifyStatus('PAID')).toBe('success');
    expect(monnifyStatus('PENDING')).toBe('pending');
  });
});

describe('withdrawals', () => {
  it('₦50 fee: the wallet is debited the amount and the account receives amount − 50', () => {
    expect(WITHDRAWAL_FEE_KOBO).toBe(50_00);
    expect(withdrawalAmounts(1_000_00)).toEqual({ ok: true, debitKobo: 1_000_00, feeKobo: 50_00, payoutKobo: 950_00 });
    expect(withdrawalAmounts(100_00)).toEqual({ ok: true, debitKobo: 100_00, feeKobo: 50_00, payoutKobo: 50_00 });
  });

  it('refuses amounts below ₦100 (the fee must leave something), zero and fractions', () => {
    expect(withdrawalAmounts(99_99)).toEqual({ ok: false, reason: 'below_minimum' });
    expect(withdrawalAmounts(50_00)).toEqual({ ok: false, reason: 'below_minimum' });
    expect(withdrawalAmounts(0)).toEqual({ ok: false, reason: 'invalid_amount' });
    expect(withdrawalAmounts(1_000_000_01)).toEqual({ ok: false, reason: 'above_maximum' });
  });

  it('the payout reference is the transaction id in lower case, and maps back to it', () => {
    const id = ulid();
    const reference = payoutReferenceFor(id);
    expect(reference).toBe(id.toLowerCase());
    expect(reference).toMatch(/^[a-z0-9_-]{16,50}$/);
    expect(transactionIdOfPayoutReference(reference)).toBe(id);
    expect(transactionIdOfPayoutReference('not-ours')).toBeUndefined();
    const draft = withdrawalDraft({
      id,
      user: { userId: 'U', userName: 'ada', userType: 'smart earner' },
      account: { bankName: 'Access Bank', bankCode: '044', accountNumber: '0123456789', accountName: 'ADA' },
      amounts: { debitKobo: 1_000_00, feeKobo: 50_00, payoutKobo: 950_00 },
      requestFingerprint: 'f',
      now: new Date(),
    });
    expect(draft).toMatchObject({
      trans_Type: 'withdrawal',
      trans_Status: 'processing',
      amountKobo: 1_000_00,
      withdrawal: { payoutReference: reference, payoutKobo: 950_00 },
    });
  });

  it('what a payout status does: success settles, failed refunds while open, reversed refunds even after success, unknown waits', () => {
    expect(decidePayout('pending', 'success')).toEqual({ kind: 'settle_success' });
    expect(decidePayout('processing', 'failed')).toEqual({ kind: 'refund' });
    expect(decidePayout('pending', 'reversed')).toEqual({ kind: 'refund' });
    expect(decidePayout('success', 'reversed')).toEqual({ kind: 'refund' });
    expect(decidePayout('pending', 'not_found')).toEqual({ kind: 'submit' });
    expect(decidePayout('pending', 'pending')).toEqual({ kind: 'wait' });
    // Rejections: final withdrawals never move again, except a success the bank reversed.
    expect(decidePayout('success', 'failed')).toEqual({ kind: 'nothing', reason: 'already_final' });
    expect(decidePayout('refunded', 'reversed')).toEqual({ kind: 'nothing', reason: 'already_final' });
    expect(decidePayout('refunded', 'success')).toEqual({ kind: 'nothing', reason: 'already_final' });
    expect(decidePayout('success', 'not_found')).toEqual({ kind: 'nothing', reason: 'already_final' });
    expect(paystackTransferStatus('otp')).toBe('pending');
    expect(paystackTransferStatus('reversed')).toBe('reversed');
  });

  it('banks are found by code or by name (any case); account numbers have 10 digits', () => {
    const banks = [
      { name: 'Access Bank', code: '044' },
      { name: 'Zenith Bank', code: '057' },
    ];
    expect(findBank(banks, { bankName: 'access bank' })).toEqual(banks[0]);
    expect(findBank(banks, { bankCode: '057', bankName: 'whatever' })).toEqual(banks[1]);
    expect(findBank(banks, { bankName: 'Unknown' })).toBeUndefined();
    expect(isAccountNumber('0123456789')).toBe(true);
    expect(isAccountNumber('012345678')).toBe(false);
  });
});

describe('transfers', () => {
  it('refuses a transfer to yourself and amounts that are not positive kobo', () => {
    expect(checkTransfer({ userId: 'A' }, { userId: 'B' }, 100)).toEqual({ ok: true });
    expect(checkTransfer({ userId: 'A' }, { userId: 'A' }, 100)).toEqual({ ok: false, reason: 'self_transfer' });
    expect(checkTransfer({ userId: 'A' }, { userId: 'B' }, 0)).toEqual({ ok: false, reason: 'invalid_amount' });
    expect(checkTransfer({ userId: 'A' }, { userId: 'B' }, 1.5)).toEqual({ ok: false, reason: 'invalid_amount' });
  });

  it('one transfer is two records that name each other; a request id always names the same transfer', () => {
    const drafts = transferDrafts({
      id: 'T1',
      sender: { userId: 'A', userName: 'ada', userType: 'smart earner' },
      receiver: { userId: 'B', userName: 'bayo', userType: 'reseller' },
      amountKobo: 250_00,
      now: new Date(),
    });
    expect(drafts.debit).toMatchObject({ id: 'T1', userId: 'A', trans_Type: 'transfer', amountKobo: 250_00, relatedTransactionId: transferCreditIdFor('T1') });
    expect(drafts.credit).toMatchObject({ id: transferCreditIdFor('T1'), userId: 'B', trans_Type: 'transfer', amountKobo: 250_00, relatedTransactionId: 'T1' });
    expect(transferIdForRequest('A', 'req-12345')).toBe(transferIdForRequest('A', 'req-12345'));
    expect(transferIdForRequest('A', 'req-12345')).not.toBe(transferIdForRequest('B', 'req-12345'));
  });
});

describe('referrals and earnings', () => {
  const event = {
    userId: 'U2',
    userName: 'bayo',
    referredBy: 'ada',
    fromType: 'smart earner' as const,
    toType: 'reseller' as const,
    transactionId: 'T',
    upgradedAt: '',
  };

  it('a referred smart earner who pays to become a reseller earns the referrer ₦500', () => {
    expect(decideReferralReward(event)).toEqual({ kind: 'reward', referrerUserName: 'ada', amountKobo: REFERRAL_REWARD_KOBO });
    expect(REFERRAL_REWARD_KOBO).toBe(500_00);
    expect(referralRewardIdFor('U2')).toBe(referralRewardIdFor('U2'));
  });

  it('no reward without a referrer, or for any other change of type', () => {
    expect(decideReferralReward({ ...event, referredBy: null })).toEqual({ kind: 'none', reason: 'not_referred' });
    expect(decideReferralReward({ ...event, fromType: 'api user' })).toEqual({ kind: 'none', reason: 'not_a_paid_upgrade' });
    expect(decideReferralReward({ ...event, toType: 'api user' })).toEqual({ kind: 'none', reason: 'not_a_paid_upgrade' });
  });

  it('the referral page: newest first, paginated, figures in naira; an out-of-range page shows the last', () => {
    const referrals = Array.from({ length: 25 }, (_, i) => ({
      referredUserId: `U${i}`,
      userName: `user${i}`,
      amountEarnedKobo: i % 2 ? 500_00 : 0,
      createdAt: new Date(Date.UTC(2024, 0, 1, 0, i)).toISOString(),
    }));
    const first = referralPage({ earningBalanceKobo: 1_500_00, totalEarnedKobo: 6_000_00, totalWithdrawnKobo: 4_500_00 }, referrals, 1, 20);
    expect(first).toMatchObject({ earningBalance: 1500, totalEarned: 6000, totalReferred: 25, totalPages: 2, page: 1 });
    expect(first.referralList).toHaveLength(20);
    expect(first.referralList[0]).toEqual({ userName: 'user24', amountEarned: 0 });
    expect(first.referralList[1]).toEqual({ userName: 'user23', amountEarned: 500 });
    expect(referralPage(NO_EARNINGS, referrals, 9, 20)).toMatchObject({ page: 2 });
    expect(referralPage(NO_EARNINGS, referrals, 9, 20).referralList).toHaveLength(5);
    expect(referralPage(NO_EARNINGS, [], 1)).toEqual({ earningBalance: 0, totalReferred: 0, totalEarned: 0, referralList: [], totalPages: 1, page: 1 });
  });
});

describe('user type, KYC and webhook URL', () => {
  const me = { userId: 'U1', isAdmin: false };

  it('a smart earner may upgrade only themselves, only to reseller, for ₦1000', () => {
    expect(decideUserTypeChange(me, { userId: 'U1', userType: 'smart earner' }, 'reseller')).toEqual({
      kind: 'self_upgrade',
      feeKobo: RESELLER_UPGRADE_FEE_KOBO,
    });
    expect(RESELLER_UPGRADE_FEE_KOBO).toBe(1_000_00);
    expect(decideUserTypeChange(me, { userId: 'U2', userType: 'smart earner' }, 'reseller')).toEqual({ kind: 'refused', reason: 'not_yourself' });
    expect(decideUserTypeChange(me, { userId: 'U1', userType: 'smart earner' }, 'api user')).toEqual({ kind: 'refused', reason: 'only_reseller' });
    expect(decideUserTypeChange(me, { userId: 'U1', userType: 'reseller' }, 'reseller')).toEqual({ kind: 'refused', reason: 'already_reseller' });
    expect(decideUserTypeChange(me, { userId: 'U1', userType: 'api user' }, 'reseller')).toEqual({ kind: 'refused', reason: 'only_reseller' });
  });

  it('admins may set any type for anyone, without a fee', () => {
    const admin = { userId: 'A', isAdmin: true };
    expect(decideUserTypeChange(admin, { userId: 'U1', userType: 'smart earner' }, 'api user')).toEqual({ kind: 'admin_set', toType: 'api user' });
    expect(decideUserTypeChange(admin, { userId: 'U1', userType: 'reseller' }, 'reseller')).toEqual({ kind: 'unchanged' });
  });

  it('KYC takes exactly one of nin or bvn, 11 digits', () => {
    expect(parseKycInput({ nin: '12345678901' })).toEqual({ ok: true, method: 'nin', number: '12345678901' });
    expect(parseKycInput({ bvn: ' 22345678901 ' })).toEqual({ ok: true, method: 'bvn', number: '22345678901' });
    expect(parseKycInput({ nin: '', bvn: '22345678901' })).toEqual({ ok: true, method: 'bvn', number: '22345678901' });
    expect(parseKycInput({})).toEqual({ ok: false, reason: 'one_method' });
    expect(parseKycInput({ nin: '12345678901', bvn: '22345678901' })).toEqual({ ok: false, reason: 'one_method' });
    expect(parseKycInput({ nin: '1234567890' })).toEqual({ ok: false, reason: 'invalid_number' });
    expect(parseKycInput({ nin: '1234567890a' })).toEqual({ ok: false, reason: 'invalid_number' });
    expect(kycDigest('nin', '12345678901')).not.toBe(kycDigest('bvn', '12345678901'));
    expect(kycDigest('nin', '12345678901')).not.toContain('12345678901');
  });

  it('webhook URLs: https with a public host; loopback http only where allowed (the local cloud)', () => {
    expect(checkWebhookUrl('https://example.com/hooks', false)).toEqual({ ok: true, url: 'https://example.com/hooks' });
    expect(checkWebhookUrl('http://localhost:4000/hook', true)).toEqual({ ok: true, url: 'http://localhost:4000/hook' });
    expect(checkWebhookUrl('http://127.0.0.1:4000/hook', true)).toMatchObject({ ok: true });
    // Rejections
    expect(checkWebhookUrl('http://example.com/hooks', false)).toEqual({ ok: false });
    expect(checkWebhookUrl('http://localhost:4000/hook', false)).toEqual({ ok: false });
    expect(checkWebhookUrl('https://localhost/hook', false)).toEqual({ ok: false });
    expect(checkWebhookUrl('https://169.254.169.254/latest/meta-data', false)).toEqual({ ok: false });
    expect(checkWebhookUrl('https://10.0.0.5/x', false)).toEqual({ ok: false });
    expect(checkWebhookUrl('https://192.168.1.1/x', true)).toEqual({ ok: false });
    expect(checkWebhookUrl('https://user:pass@example.com/x', false)).toEqual({ ok: false });
    expect(checkWebhookUrl('ftp://example.com/x', false)).toEqual({ ok: false });
    expect(checkWebhookUrl('not a url', true)).toEqual({ ok: false });
    expect(checkWebhookUrl('https://intranet/x', false)).toEqual({ ok: false });
  });
});
