/**
 * Money in and out in Chromium on one local cloud: funding by card through the Squad simulator's
 * checkout page (credited by the signed webhook), KYC before reserved accounts, reserved accounts
 * and the referral link on the dashboard, funding by bank transfer through the Monnify simulator's "send a transfer" page, a transfer between two users, a withdrawal to a saved beneficiary (payout simulator),
 * an admin's "Check status" settling a withdrawal whose webhook was lost, the self-upgrade to
 * reseller (→ logged out at /) and the referrer's earnings page; 360 px layout.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SessionResponse } from '../../shared/api/accounts.js';
import type { FundWithCouponResponse } from '../../shared/api/wallet.js';
import type { WithdrawResponse } from '../../shared/api/withdrawals.js';
import { MONEY_MSG, MSG } from '../../shared/messages.js';
import { callApi, issueCoupon, loginInUi, newTestUser, registerViaApi, type TestUser } from './helpers.js';
import { useBrowserSuite } from './suite.js';

const PHONE = { width: 360, height: 780 };

describe('money in and out', () => {
  const suite = useBrowserSuite();
  const alice = newTestUser('mia');
  const bob = newTestUser('mib');
  const carol = newTestUser('mic');
  const dave = newTestUser('mid');

  beforeAll(async () => {
    await registerViaApi(suite.cloud.baseUrl, alice);
    await registerViaApi(suite.cloud.baseUrl, bob);
    await registerViaApi(suite.cloud.baseUrl, dave);
    // Carol registers through Alice's referral link, so her upgrade earns Alice ₦500.
    await callApi<SessionResponse>(suite.cloud.baseUrl, 'register', { body: { ...carol, passwordCheck: carol.password, referredBy: alice.userName } });
  });

  // The copy buttons and the bank page's paste go through the clipboard.
  async function freshPage(viewport?: { width: number; height: number }): Promise<Page> {
    const page = await suite.freshPage(viewport);
    await suite.context.grantPermissions(['clipboard-read', 'clipboard-write']);
    return page;
  }

  const toast = (p: Page, text: string) => p.locator('.Toastify').getByText(text, { exact: true }).first().waitFor();
  const balanceOf = async (user: TestUser) =>
    (await callApi<SessionResponse>(suite.cloud.baseUrl, 'login', { body: { userName: user.userName, password: user.password } })).user.balance;
  async function fundWithCoupon(user: TestUser, naira: number): Promise<void> {
    const code = await issueCoupon(suite.cloud.baseUrl, suite.cloud.adminLogin, user.userName, naira);
    const session = await callApi<SessionResponse>(suite.cloud.baseUrl, 'login', { body: { userName: user.userName, password: user.password } });
    await callApi<FundWithCouponResponse>(suite.cloud.baseUrl, 'fundWithCoupon', { token: session.token, body: { userName: user.userName, coupon: code } });
  }
  async function waitForBalance(p: Page, text: string, timeoutMs = 30_000): Promise<void> {
    await p.getByTestId('dashboard-balance').filter({ hasText: text }).waitFor({ timeout: timeoutMs });
  }

  it('funds the wallet by card through the checkout page: 1% charge shown, credited by the webhook', async () => {
    const p = await freshPage();
    await loginInUi(p, alice);
    await p.getByRole('main').getByRole('link', { name: 'Fund wallet', exact: true }).click();
    await p.waitForURL('**/profile/fundWallet');
    expect(await p.getByRole('link', { name: 'Fund wallet with a coupon' }).getAttribute('href')).toBe('/profile/fundWallet/coupon');

    await p.getByRole('button', { name: 'Fund wallet' }).click();
    await toast(p, MSG.enterValidAmount);
    await p.getByLabel('Amount (₦)').fill('50');
    await p.getByRole('button', { name: 'Fund wallet' }).click();
    await toast(p, MSG.minimumPayment);

    await p.getByLabel('Amount (₦)').fill('1000');
    expect(await p.getByTestId('funding-charge').textContent()).toContain('₦10.00');
    await p.getByRole('button', { name: 'Fund wallet' }).click();
    const proceed = p.getByRole('link', { name: 'proceed to pay' });
    await proceed.waitFor();
    expect(await p.getByTestId('funding-charge').textContent()).toContain('₦990.00 reaches your wallet');
    await proceed.click();

    // The simulator's hosted checkout page, on the simulators' own origin.
    await p.waitForURL(`${suite.cloud.simulatorsUrl}/_sim/squad/checkout/**`);
    await p.getByRole('button', { name: /^Pay/ }).click();
    await p.waitForURL(/\/profile\?reference=/);
    await waitForBalance(p, '₦990.00');
    expect(await balanceOf(alice)).toBe(990);
  });

  it('asks for KYC before payment accounts; after KYC shows the reserved accounts, the referral link and copies both', async () => {
    const p = await freshPage();
    await loginInUi(p, alice);
    expect(await p.getByTestId('referral-link').textContent()).toBe(`${suite.cloud.baseUrl}/register/${alice.userName}`);
    await p.getByTestId('referral-link').locator('..').getByRole('button', { name: 'Copy' }).click();
    await toast(p, MSG.referralLinkCopied);

    // Neither NIN nor BVN is set yet: the payment-accounts card points to the update KYC button
    // (Monnify reserves accounts only under one of them); NIN is the default method.
    expect(await p.getByTestId('accounts-need-kyc').textContent()).toBe(MONEY_MSG.kycRequiredForAccounts);
    expect(await p.getByRole('button', { name: 'Generate account' }).count()).toBe(0);
    await p.getByRole('button', { name: 'Update KYC' }).click();
    const dialog = p.getByRole('dialog', { name: 'Update KYC' });
    expect(await dialog.getByLabel('Verification method').inputValue()).toBe('nin');
    await dialog.getByLabel('Verification method').selectOption('bvn');
    await dialog.getByLabel('BVN', { exact: true }).fill('22345678901');
    const sent = p.waitForRequest((request) => request.url().endsWith('/auth/updateKyc'));
    await dialog.getByRole('button', { name: 'Verify' }).click();
    expect((await sent).postDataJSON()).toEqual({ bvn: '22345678901' });
    await toast(p, MONEY_MSG.kycVerified);
    await p.getByRole('button', { name: 'Update KYC' }).waitFor({ state: 'detached' });

    // KYC asks for the reserved accounts off the request path: the dashboard shows them when they are made, without a reload or a click.
    let reloaded = false;
    p.once('load', () => (reloaded = true));
    const cards = p.getByTestId('payment-accounts').locator('.account-card');
    await cards.first().waitFor();
    expect(await cards.count()).toBeGreaterThan(0);
    expect(await cards.first().textContent()).toContain(alice.userName.slice(0, 10));
    expect(reloaded).toBe(false);
    await cards.first().getByRole('button', { name: 'Copy' }).click();
    await toast(p, MSG.accountNumberCopied);
  });

  it('funds the wallet by bank transfer: copy a reserved account number, a sender pays into it, credited less 1%', async () => {
    // KYC first (through the API): reserved accounts need a NIN or BVN.
    const session = await callApi<SessionResponse>(suite.cloud.baseUrl, 'login', { body: { userName: dave.userName, password: dave.password } });
    await callApi(suite.cloud.baseUrl, 'updateKyc', { token: session.token, body: { nin: `4${String(Date.now()).slice(-10)}` } });
    const p = await freshPage();
    await loginInUi(p, dave);
    const card = p.getByTestId('payment-accounts').locator('.account-card').first();
    // KYC also asks for the accounts in the background: they may be there at sign-in already.
    const generate = p.getByRole('button', { name: 'Generate account' });
    await card.or(generate).first().waitFor();
    if (await generate.isVisible()) await generate.click();
    await card.waitFor();
    const accountNumber = (await card.locator('.account-number').textContent())!.trim();
    expect(accountNumber).toMatch(/^\d{10}$/);
    await card.getByRole('button', { name: 'Copy' }).click();
    await toast(p, MSG.accountNumberCopied);

    // Someone else sends a transfer from their bank: the Monnify simulator's page, in another tab,
    // with the account number pasted from the clipboard.
    const bank = await p.context().newPage();
    await bank.goto(`${suite.cloud.simulatorsUrl}/_sim/monnify/transfer`);
    const pasted = await bank.evaluate(() => navigator.clipboard.readText());
    expect(pasted).toBe(accountNumber);
    await bank.getByLabel('Account number').fill(pasted);
    await bank.getByLabel('Amount (₦)').fill('2000');
    await bank.getByLabel('Sender name').fill('BAYO SENDER');
    await bank.getByRole('button', { name: 'Send transfer' }).click();
    await bank.getByRole('heading', { name: 'Transfer sent' }).waitFor();
    expect(await bank.locator('.amount').textContent()).toBe('₦2,000.00');
    await bank.close();

    // The signed webhook is processed asynchronously: the dashboard shows the credit once it lands.
    // ₦2,000 paid − the 1% funding charge (₦20) = ₦1,980.00.
    await p.bringToFront();
    const deadline = Date.now() + 30_000;
    while (!(await p.getByTestId('dashboard-balance').textContent())?.includes('₦1,980.00')) {
      if (Date.now() > deadline) throw new Error('the bank transfer was not credited within 30 s');
      await p.waitForTimeout(1_000);
      await p.reload();
      await p.getByTestId('dashboard-balance').waitFor();
    }
    expect(await balanceOf(dave)).toBe(1980);

    // The credit is in the transactions list, with what was paid and the charge.
    await p.getByRole('link', { name: 'History' }).first().click();
    await p.waitForURL('**/profile/transactions');
    const rows = p.getByTestId('transaction-row').filter({ hasText: 'wallet' });
    await rows.first().waitFor();
    expect(await rows.count()).toBe(1);
    expect(await rows.first().getAttribute('data-status')).toBe('success');
    expect(await rows.first().textContent()).toContain('+₦1,980.00');
    await rows.first().getByRole('button', { name: 'Details' }).click();
    await p.getByRole('dialog').getByText('Wallet funded by bank transfer: paid ₦2,000.00, charge ₦20.00', { exact: false }).waitFor();

    // Fund wallet now offers the reserved accounts as the bank-transfer way, next to the card link.
    await p.goto('/profile/fundWallet');
    await p.getByRole('heading', { name: 'Fund wallet' }).waitFor();
    const transfer = p.getByTestId('fund-by-transfer');
    await transfer.getByRole('heading', { name: 'Pay by bank transfer' }).waitFor();
    const fundCard = transfer.locator('.account-card').filter({ hasText: accountNumber });
    expect(await fundCard.locator('.account-number').textContent()).toBe(accountNumber);
    await fundCard.getByRole('button', { name: 'Copy' }).click();
    await toast(p, MSG.accountNumberCopied);
    await p.getByLabel('Amount (₦)', { exact: true }).fill('500');
    await p.getByRole('button', { name: 'Fund wallet' }).click();
    expect(await p.getByRole('link', { name: 'proceed to pay' }).getAttribute('href')).toContain(`${suite.cloud.simulatorsUrl}/_sim/squad/checkout/`);
  });

  it('transfers between two users in two steps, refusing more than the balance', async () => {
    const p = await freshPage();
    await loginInUi(p, alice);
    await p.getByRole('main').getByRole('link', { name: 'Transfer', exact: true }).click();
    await p.waitForURL('**/profile/transfer');
    await p.getByRole('button', { name: 'Validate user' }).click();
    await toast(p, MSG.enterUsername);

    await p.getByLabel("Receiver's user name").fill(bob.userName);
    await p.getByRole('button', { name: 'Validate user' }).click();
    await p.getByTestId('validated-receiver').waitFor();
    await p.getByLabel('Amount (₦)').fill('5000');
    await p.getByRole('button', { name: 'Transfer', exact: true }).click();
    await toast(p, MSG.insufficientBalance);

    await p.getByLabel('Amount (₦)').fill('300');
    await p.getByRole('button', { name: 'Transfer', exact: true }).click();
    await p.getByTestId('confirm-transfer').click();
    await p.waitForURL('**/profile');
    await toast(p, MONEY_MSG.transferSuccessful);
    await waitForBalance(p, '₦690.00');
    expect(await balanceOf(bob)).toBe(300);

    // The validation is reset: back on the screen, the receiver is asked for again.
    await p.goto('/profile/transfer');
    await p.getByRole('button', { name: 'Validate user' }).waitFor();
  });

  it('withdraws to a saved beneficiary: validate, save, pick, ₦50 fee shown, confirm', async () => {
    const p = await freshPage();
    await loginInUi(p, alice);
    await p.getByRole('main').getByRole('link', { name: 'Withdraw', exact: true }).click();
    await p.waitForURL('**/profile/withdraw');
    await p.getByTestId('no-beneficiary').filter({ hasText: MSG.noBeneficiary }).waitFor();

    await p.getByLabel('Bank').selectOption({ label: 'Guaranty Trust Bank' });
    await p.getByRole('button', { name: 'Validate account' }).click();
    await toast(p, MSG.enterAccountNumber);
    await p.getByLabel('Account number').fill('0123456789');
    await p.getByRole('button', { name: 'Validate account' }).click();
    const name = p.getByTestId('account-name');
    await name.waitFor();
    expect((await name.textContent())!.replace('Account name:', '').trim().length).toBeGreaterThan(0);
    await p.getByRole('button', { name: 'Save as beneficiary' }).click();
    await toast(p, MONEY_MSG.beneficiarySaved);

    // A fresh visit: pick the saved beneficiary instead of typing.
    await p.reload();
    const saved = p.getByTestId('beneficiaries').locator('.row-item');
    await saved.first().waitFor();
    expect(await saved.first().textContent()).toContain('0123456789');
    await saved.first().getByRole('button', { name: /^Use/ }).click();
    expect(await p.getByLabel('Account number').inputValue()).toBe('0123456789');
    await p.getByLabel('Amount (₦)').fill('200');
    expect(await p.getByTestId('withdraw-preview').textContent()).toContain('₦150.00');
    await p.getByRole('button', { name: 'Withdraw', exact: true }).click();
    await p.getByRole('dialog').getByText('₦150.00').waitFor();
    await p.getByTestId('confirm-withdraw').click();
    await p.waitForURL('**/profile');
    await waitForBalance(p, '₦490.00');
  });

  it('upgrades to reseller for ₦1,000 (insufficient balance first) and stays signed in as a reseller', async () => {
    const p = await freshPage();
    await loginInUi(p, carol);
    await p.getByRole('button', { name: /^Upgrade to reseller for ₦1,000/ }).click();
    await toast(p, MSG.insufficientBalance);

    await fundWithCoupon(carol, 1500);
    await p.reload();
    await waitForBalance(p, '₦1,500.00');
    await p.getByRole('button', { name: /^Upgrade to reseller for ₦1,000/ }).click();
    await p.getByTestId('confirm-upgrade').click();
    // The session is kept: still on the dashboard, the new balance shown, the offer gone.
    await waitForBalance(p, '₦500.00');
    expect(new URL(p.url()).pathname).toBe('/profile');
    expect(await p.evaluate(() => localStorage.getItem('token'))).not.toBeNull();
    await p.getByRole('button', { name: /^Upgrade to reseller/ }).waitFor({ state: 'detached' });
    const session = await callApi<SessionResponse>(suite.cloud.baseUrl, 'login', { body: { userName: carol.userName, password: carol.password } });
    expect(session.user.userType).toBe('reseller');
    expect(session.user.balance).toBe(500);
  });

  it("shows the referrer's earnings and moves them to the wallet", async () => {
    const p = await freshPage();
    await loginInUi(p, alice);
    await p.getByRole('main').getByRole('link', { name: 'Earnings', exact: true }).click();
    await p.waitForURL('**/profile/earnings');
    // The ₦500 reward arrives through the event bus: reload until it shows.
    const deadline = Date.now() + 30_000;
    while (
      !(
        await p
          .getByTestId('earning-balance')
          .textContent()
          .catch(() => '')
      )?.includes('₦500.00')
    ) {
      if (Date.now() > deadline) throw new Error('the referral reward did not show within 30 s');
      await p.waitForTimeout(1_000);
      await p.reload();
    }
    expect(await p.getByTestId('total-referred').textContent()).toBe('1');
    expect(await p.getByTestId('total-earned').textContent()).toBe('₦500.00');
    expect(await p.getByTestId('referral-list').textContent()).toContain(carol.userName);

    await p.getByRole('button', { name: 'Withdraw earnings' }).click();
    await toast(p, MONEY_MSG.earningsWithdrawn);
    await p.getByTestId('earning-balance').filter({ hasText: '₦0.00' }).waitFor();
    expect(await balanceOf(alice)).toBe(990);
  });

  it('an admin\'s "Check status" on a pending withdrawal (paid at the bank, webhook lost: 3333333333) settles it as success and refreshes the list', async () => {
    const erin = newTestUser('mie');
    await registerViaApi(suite.cloud.baseUrl, erin);
    await fundWithCoupon(erin, 1000);
    const session = await callApi<SessionResponse>(suite.cloud.baseUrl, 'login', { body: { userName: erin.userName, password: erin.password } });
    await callApi<WithdrawResponse>(suite.cloud.baseUrl, 'withdraw', {
      token: session.token,
      body: { bankName: 'Access Bank', bankCode: '044', accountNumber: '3333333333', amount: 300, accountName: 'ADA OKAFOR', bankAccountName: 'ADA OKAFOR' },
    });

    // The user sees their open withdrawal, but checking its status is for admins.
    const own = await freshPage();
    await loginInUi(own, erin);
    await own.goto('/profile/transactions');
    await own.getByRole('heading', { name: 'Transactions' }).waitFor();
    // A withdrawal shows as type wallet (the spec's types): the row is found by its account number.
    await own.getByTestId('transaction-row').filter({ hasText: '3333333333' }).getByRole('button', { name: 'Details' }).click();
    await own.getByRole('dialog', { name: 'Transaction details' }).getByTestId('transaction-details').waitFor();
    expect(await own.getByRole('button', { name: 'Check status' }).count()).toBe(0);

    const p = await freshPage();
    await loginInUi(p, suite.cloud.adminLogin);
    await p.goto('/profile/transactions');
    await p.getByRole('heading', { name: 'Transactions' }).waitFor();
    await p.getByLabel('User name', { exact: true }).fill(erin.userName);
    // The payout was made but its webhook was lost: the withdrawal stays pending (the list refreshes itself while it is open).
    const erinsWithdrawal = p.getByTestId('transaction-row').filter({ hasText: '3333333333' }).filter({ hasText: erin.userName });
    const row = erinsWithdrawal.and(p.locator('[data-status="pending"]'));
    await row.waitFor({ timeout: 30_000 });
    await row.getByRole('button', { name: 'Details' }).click();
    const dialog = p.getByRole('dialog', { name: 'Transaction details' });
    await dialog.getByRole('button', { name: 'Check status' }).click();
    await toast(p, MONEY_MSG.withdrawalSettled);
    await dialog.getByRole('button', { name: 'Check status' }).waitFor({ state: 'detached' });
    await erinsWithdrawal.and(p.locator('[data-status="success"]')).waitFor();
    expect(await erinsWithdrawal.count()).toBe(1);
    expect(await balanceOf(erin)).toBe(700);
  });

  it('shows "No referral yet" to a user without referrals, and fits a 360 px phone', async () => {
    const p = await freshPage(PHONE);
    await loginInUi(p, bob);
    for (const path of ['/profile', '/profile/fundWallet', '/profile/transfer', '/profile/withdraw', '/profile/earnings']) {
      await p.goto(path);
      await (path === '/profile' ? p.getByTestId('dashboard-balance') : p.locator('main h1, h1').first()).waitFor();
      if (path === '/profile/earnings') await p.getByTestId('no-referral').filter({ hasText: MSG.noReferral }).waitFor();
      if (path === '/profile/withdraw') await p.getByTestId('no-beneficiary').waitFor();
      expect(await p.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(PHONE.width);
    }
    await p.goto('/profile');
    await p.getByTestId('dashboard-balance').waitFor();
    await p.screenshot({ path: `${process.env.SCREENSHOT_DIR ?? '/tmp'}/money-dashboard-360.png`, fullPage: true });
    await p.goto('/profile/withdraw');
    await p.getByTestId('no-beneficiary').waitFor();
    await p.screenshot({ path: `${process.env.SCREENSHOT_DIR ?? '/tmp'}/money-withdraw-360.png`, fullPage: true });
  });
});
