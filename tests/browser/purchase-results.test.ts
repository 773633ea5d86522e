/**
 * Purchases and their feedback as a customer sees them on a 360 px phone: a receipt that waits for every
 * purchase's result, the network read from the number, receipts to share, data plans explained,
 * Confirm refused when the wallet is short, one message at a time, the register form, the menu,
 * deep links, the chat button out of the way, transfers to oneself and withdrawals.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SessionResponse } from '../../shared/api/accounts.js';
import type { TransactionListResponse } from '../../shared/api/transactions.js';
import { AUTH_HEADER } from '../../shared/constants.js';
import type { FundWithCouponResponse } from '../../shared/api/wallet.js';
import type { WithdrawResponse } from '../../shared/api/withdrawals.js';
import { MONEY_MSG, MSG, REFUND_REASON_MSG } from '../../shared/messages.js';
import { BALANCE_CHECK_CODES, DATA_TYPE_EXPLANATIONS } from '../../shared/networks.js';
import { callApi, issueCoupon, loginInUi, newTestUser, registerViaApi, type TestUser } from './helpers.js';
import { useBrowserSuite } from './suite.js';

const PHONE = { width: 360, height: 740 };

describe('purchase results, feedback and navigation at 360 px', () => {
  const suite = useBrowserSuite({ viewport: PHONE });
  const buyer = newTestUser('res');
  const poor = newTestUser('poor');

  async function fund(user: TestUser, naira: number): Promise<void> {
    const code = await issueCoupon(suite.cloud.baseUrl, suite.cloud.adminLogin, user.userName, naira);
    const session = await callApi<SessionResponse>(suite.cloud.baseUrl, 'login', { body: { userName: user.userName, password: user.password } });
    await callApi<FundWithCouponResponse>(suite.cloud.baseUrl, 'fundWithCoupon', { token: session.token, body: { userName: user.userName, coupon: code } });
  }
  const tokenOf = async (user: TestUser) =>
    (await callApi<SessionResponse>(suite.cloud.baseUrl, 'login', { body: { userName: user.userName, password: user.password } })).token;
  const toasts = (p: Page) => p.locator('.Toastify__toast');

  beforeAll(async () => {
    await registerViaApi(suite.cloud.baseUrl, buyer);
    await registerViaApi(suite.cloud.baseUrl, poor);
    await fund(buyer, 3000);
    await fund(poor, 50);
  });

  async function fillAirtime(p: Page, phone: string, amount: string): Promise<void> {
    await p.goto('/profile/buyAirtime');
    await p.getByLabel('Phone number').fill(phone);
    await p.getByLabel('Amount (₦)').fill(amount);
  }

  it('picks the network from the number, warns when another is chosen (a ported number may keep it), and does the same for data', async () => {
    const p = await suite.freshPage();
    await loginInUi(p, buyer);
    await fillAirtime(p, '08051234567', '100');
    expect(await p.getByLabel('GLO', { exact: true }).isChecked()).toBe(true);
    expect(await p.getByTestId('network-mismatch').count()).toBe(0);
    // 0802 is Airtel, 0909 9mobile, 0703 MTN.
    await p.getByLabel('Phone number').fill('08021234567');
    expect(await p.getByLabel('AIRTEL', { exact: true }).isChecked()).toBe(true);
    await p.getByLabel('Phone number').fill('09091234567');
    expect(await p.getByLabel('9MOBILE', { exact: true }).isChecked()).toBe(true);

    // Choosing MTN for a 9mobile number: a warning, not a refusal; the choice is kept into the confirmation.
    await p
      .locator('label.network-option')
      .filter({ has: p.getByLabel('MTN', { exact: true }) })
      .click();
    const warning = p.getByTestId('network-mismatch');
    expect(await warning.textContent()).toContain('0909 numbers are usually 9MOBILE. Keep MTN only if this number was ported to MTN.');
    await p.getByRole('button', { name: 'Continue' }).click();
    const confirm = p.getByRole('dialog', { name: 'Confirm purchase' });
    await confirm.getByTestId('network-mismatch').waitFor();
    expect(await confirm.getByRole('button', { name: 'Confirm' }).isEnabled()).toBe(true);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    // Or switch with one tap.
    await warning.getByRole('button', { name: 'Use 9MOBILE' }).click();
    expect(await p.getByLabel('9MOBILE', { exact: true }).isChecked()).toBe(true);
    await warning.waitFor({ state: 'detached' });

    // Data: the number picks the network (and its plans) when none was chosen; a chosen one is warned about.
    await p.goto('/profile/buyData');
    await p.getByLabel('Phone number').fill('08051234567');
    await expect.poll(() => p.getByLabel('GLO', { exact: true }).isChecked()).toBe(true);
    await p.getByTestId('plan-option').first().waitFor();
    await p.getByTestId('network-AIRTEL').click();
    expect(await p.getByTestId('network-mismatch').textContent()).toContain('0805 numbers are usually GLO');
  });

  it('sorts data plans by size within a type, explains the type in one line and shows the balance code', async () => {
    const p = await suite.freshPage();
    await loginInUi(p, buyer);
    await p.goto('/profile/buyData');
    await p.getByTestId('network-MTN').click();
    for (const type of ['SME', 'CG']) {
      await p
        .locator('.chip')
        .filter({ hasText: new RegExp(`^${type}$`) })
        .click();
      expect(await p.getByTestId('data-type-explanation').textContent()).toBe(DATA_TYPE_EXPLANATIONS[type]);
      await p.getByTestId('plan-option').first().waitFor();
      const sizes = await p.locator('[data-testid="plan-option"] .plan-volume').allTextContents();
      const gb = sizes.map((text) => {
        const match = /(\d+(?:\.\d+)?)\s*(MB|GB|TB)/i.exec(text)!;
        return Number(match[1]) * { MB: 0.001, GB: 1, TB: 1000 }[match[2]!.toUpperCase() as 'MB' | 'GB' | 'TB'];
      });
      expect(gb).toEqual([...gb].sort((a, b) => a - b));
    }
    expect(await p.getByTestId('balance-code').textContent()).toContain(BALANCE_CHECK_CODES.MTN.data);
  });

  it('disables Confirm when the wallet is short, saying how much is missing, never a negative "Balance after"', async () => {
    const p = await suite.freshPage();
    await loginInUi(p, poor);
    await fillAirtime(p, '08031234567', '100');
    await p.getByRole('button', { name: 'Continue' }).click();
    const confirm = p.getByRole('dialog', { name: 'Confirm purchase' });
    await confirm.getByTestId('balance-short').waitFor();
    expect(await confirm.getByTestId('balance-short').textContent()).toContain('you need ₦49.00 more');
    expect(await confirm.getByRole('button', { name: 'Confirm' }).isDisabled()).toBe(true);
    expect(await confirm.textContent()).not.toContain('Balance after');
    expect(await confirm.textContent()).not.toContain('−₦');
  });

  it('shows every airtime purchase’s result live: delivered with Share, image and WhatsApp; refunded with the reason in words, also in the details', async () => {
    const p = await suite.freshPage();
    await loginInUi(p, buyer);
    await fillAirtime(p, '08011111111', '100');
    await p.getByRole('button', { name: 'Continue' }).click();
    await p.getByRole('dialog', { name: 'Confirm purchase' }).getByRole('button', { name: 'Confirm' }).click();
    const receipt = p.getByRole('dialog', { name: 'Airtime receipt' });
    await receipt.locator('[data-testid="purchase-receipt"][data-status="success"]').waitFor({ timeout: 30_000 });
    expect(await receipt.getByTestId('receipt-outcome').textContent()).toContain('Delivered');
    expect(new URL(p.url()).pathname).toBe('/profile/buyAirtime');
    // Share: hidden where the Web Share API is missing (headless Chromium here), never a broken button.
    const hasShare = await p.evaluate(() => typeof navigator.share === 'function');
    expect(await receipt.getByRole('button', { name: 'Share' }).count()).toBe(hasShare ? 1 : 0);
    const whatsapp = await receipt.getByRole('link', { name: 'WhatsApp' }).getAttribute('href');
    expect(whatsapp).toMatch(/^https:\/\/wa\.me\/\?text=/);
    expect(decodeURIComponent(whatsapp!.split('text=')[1]!)).toContain('Number: 08011111111');
    const [download] = await Promise.all([p.waitForEvent('download'), receipt.getByRole('button', { name: 'Download as image' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^receipt-.+\.png$/);
    const file = await download.path();
    const { readFile } = await import('node:fs/promises');
    const bytes = await readFile(file);
    expect(bytes.subarray(1, 4).toString()).toBe('PNG');
    await receipt.getByRole('button', { name: 'Done' }).click();
    await p.waitForURL((url) => url.pathname === '/profile');

    // 08022222222: the supplier refuses; the receipt waits, then says refunded and why.
    await fillAirtime(p, '08022222222', '100');
    await p.getByRole('button', { name: 'Continue' }).click();
    await p.getByRole('dialog', { name: 'Confirm purchase' }).getByRole('button', { name: 'Confirm' }).click();
    const refunded = p.getByRole('dialog', { name: 'Airtime receipt' });
    await refunded.locator('[data-testid="purchase-receipt"][data-status="refunded"]').waitFor({ timeout: 30_000 });
    expect(await refunded.getByTestId('receipt-refund-reason').textContent()).toBe(`${REFUND_REASON_MSG.supplierFailed}: Transaction failed`);
    await refunded.getByRole('button', { name: 'Done' }).click();

    // The dashboard lists the last five transactions, newest first.
    await p.waitForURL((url) => url.pathname === '/profile');
    const listed = await callApi<TransactionListResponse>(suite.cloud.baseUrl, 'listTransactions', { token: await tokenOf(buyer) });
    const recent = p.getByTestId('recent-transaction');
    await expect.poll(() => recent.count()).toBe(Math.min(5, listed.transactions.length));
    expect(await recent.first().textContent()).toContain(listed.transactions[0]!.phone_number);
    expect(await p.getByTestId('recent-transactions').textContent()).toContain('08022222222');

    // The refund's reason in the details, in words.
    await p.goto('/profile/transactions');
    await p.locator('[data-testid="transaction-row"][data-phone="08022222222"][data-status="refunded"]').first().click();
    expect(await p.getByTestId('details-refund-reason').textContent()).toBe(`${REFUND_REASON_MSG.supplierFailed}: Transaction failed`);
    await p.getByRole('dialog', { name: 'Transaction details' }).getByTestId('receipt-share').waitFor();
  });

  it('shows a data purchase’s receipt too', async () => {
    const p = await suite.freshPage();
    await loginInUi(p, buyer);
    await p.goto('/profile/buyData');
    await p.getByTestId('network-GLO').click();
    await p.getByTestId('plan-option').first().waitFor();
    await p.getByLabel('Phone number').fill('08051111111');
    await p.getByRole('button', { name: 'Continue' }).click();
    await p.getByRole('dialog', { name: 'Confirm purchase' }).getByRole('button', { name: 'Confirm' }).click();
    const receipt = p.getByRole('dialog', { name: 'Data receipt' });
    await receipt.locator('[data-testid="purchase-receipt"][data-status="success"]').waitFor({ timeout: 30_000 });
    await receipt.getByTestId('receipt-share').waitFor();
  });

  it('keeps one message at a time, under the top bar, never over the menu button or Logout; a field error shows under its field', async () => {
    const p = await suite.freshPage();
    await loginInUi(p, buyer);
    await p.goto('/profile/transfer');
    await p.getByRole('button', { name: 'Validate user' }).click();
    await p.locator('.Toastify').getByText(MSG.enterUsername, { exact: true }).waitFor();
    // Under the field too.
    await p.locator('.field-error').filter({ hasText: MSG.enterUsername }).waitFor();
    // Oneself: refused at this first step, by the form and (any case) by the server.
    await p.getByLabel("Receiver's user name").fill(buyer.userName.toUpperCase());
    await p.getByRole('button', { name: 'Validate user' }).click();
    await p.locator('.field-error').filter({ hasText: MONEY_MSG.cannotTransferToSelf }).waitFor();
    await p.locator('.Toastify').getByText(MONEY_MSG.cannotTransferToSelf, { exact: true }).waitFor();
    // The newer message replaced the older one.
    await expect.poll(() => toasts(p).filter({ hasText: MSG.enterUsername }).count()).toBe(0);
    expect(await toasts(p).count()).toBe(1);
    const toastBox = (await toasts(p).first().boundingBox())!;
    for (const control of [p.getByRole('button', { name: 'Logout' }), p.getByRole('button', { name: 'Toggle menu' })]) {
      const box = (await control.boundingBox())!;
      expect(toastBox.y).toBeGreaterThanOrEqual(box.y + box.height);
    }
    // The open phone menu is never covered: toasts step aside while it is open.
    await p.getByRole('button', { name: 'Toggle menu' }).click();
    expect(await p.locator('.Toastify').isVisible()).toBe(false);
  });

  it('refuses a transfer to oneself at the server too when the form is bypassed', async () => {
    const token = await tokenOf(buyer);
    const answer = await fetch(`${suite.cloud.baseUrl}/api/v1/auth/validateUser/${buyer.userName}`, { headers: { [AUTH_HEADER]: token } });
    expect(answer.status).toBe(400);
    expect(await answer.json()).toEqual({ msg: MONEY_MSG.cannotTransferToSelf });
  });

  it('register: every field’s error at once under its field, the password rules, and "Enter your email" without the typo', async () => {
    const p = await suite.freshPage();
    await p.goto('/register');
    await p.getByText('At least 8 characters').waitFor();
    await p.getByLabel('User name').fill('x');
    await p.getByLabel('Phone number').fill('123');
    await p.getByLabel('Password', { exact: true }).fill('short');
    await p.getByLabel('Confirm password', { exact: true }).fill('other');
    await p.getByRole('button', { name: 'Register' }).click();
    const errors = p.locator('.field-error');
    await expect.poll(() => errors.count()).toBe(5);
    expect(await errors.allTextContents()).toEqual(
      expect.arrayContaining([MSG.enterYourEmail, MSG.checkPhone, MSG.weakPassword, MSG.passwordMismatch, 'User name must be at least 3 characters']),
    );
    expect(await p.getByText('Enter an your email').count()).toBe(0);
    expect(new URL(p.url()).pathname).toBe('/register');
  });

  it('menu: Fund wallet, Transfer, Withdraw, Earnings and API docs; Home stays in the app; a deep link survives the login', async () => {
    const p = await suite.freshPage();
    // Signed out, a deep link shows the login form in place; after login, that page.
    await p.goto('/profile/withdraw');
    await p.getByLabel('User name, email or business name').fill(buyer.userName);
    await p.getByLabel('Password', { exact: true }).fill(buyer.password);
    await p.getByRole('button', { name: 'Login', exact: true }).click();
    await p.getByRole('heading', { name: 'Withdraw' }).waitFor();
    expect(new URL(p.url()).pathname).toBe('/profile/withdraw');

    await p.getByRole('button', { name: 'Toggle menu' }).click();
    const menu = p.getByTestId('sidebar');
    for (const [label, path] of [
      ['Fund wallet', '/profile/fundWallet'],
      ['Transfer', '/profile/transfer'],
      ['Withdraw', '/profile/withdraw'],
      ['Earnings', '/profile/earnings'],
      ['API docs', '/docs'],
    ]) {
      expect(await menu.getByRole('link', { name: label, exact: true }).getAttribute('href')).toBe(path);
    }
    await menu.getByRole('link', { name: 'Earnings', exact: true }).click();
    await p.waitForURL('**/profile/earnings');
    await p.getByTestId('role-button').click();
    await p.waitForURL((url) => url.pathname === '/profile');
    await p.getByTestId('dashboard-balance').waitFor();
  });

  it('keeps the chat button off the content: off the app’s pages (in the top bar instead), off admin pages, and clear of "Log in" on the public ones', async () => {
    const p = await suite.freshPage();
    await p.goto('/register');
    const chat = p.getByTestId('chat-link');
    await chat.waitFor();
    const logIn = p.getByRole('link', { name: 'Log in' });
    await logIn.scrollIntoViewIfNeeded();
    await p.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    const [a, b] = [(await chat.boundingBox())!, (await logIn.boundingBox())!];
    const overlap = a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
    expect(overlap).toBe(false);

    await loginInUi(p, buyer);
    // Inside the app: in the top bar, not floating over amounts.
    expect(await p.locator('.chat-link').count()).toBe(0);
    await p.locator('.topbar').getByTestId('chat-link').waitFor();

    const admin = await suite.freshPage();
    await loginInUi(admin, suite.cloud.adminLogin);
    await admin.goto('/admin');
    await admin.getByRole('heading').first().waitFor();
    expect(await admin.getByTestId('chat-link').count()).toBe(0);
  });

  it('withdrawals: the full bank list, "Withdrawal · bank" with its own filter, and an offer to save the account after the first payout', async () => {
    const p = await suite.freshPage();
    await loginInUi(p, buyer);
    await p.goto('/profile/withdraw');
    const bank = p.getByLabel('Bank');
    await expect.poll(() => bank.locator('option').count()).toBeGreaterThan(40);
    const names = await bank.locator('option').allTextContents();
    for (const name of ['Polaris Bank', 'Union Bank of Nigeria', 'First City Monument Bank', 'Ecobank Nigeria', 'Stanbic IBTC Bank', 'Providus Bank'])
      expect(names).toContain(name);

    await bank.selectOption({ label: 'Polaris Bank' });
    await p.getByLabel('Account number').fill('0123456781');
    await p.getByRole('button', { name: 'Validate account' }).click();
    await p.getByTestId('account-name').waitFor();
    await p.getByLabel('Amount (₦)').fill('200');
    await p.getByRole('button', { name: 'Withdraw', exact: true }).click();
    await p.getByTestId('confirm-withdraw').click();
    const offer = p.getByRole('dialog', { name: 'Save this account?' });
    await offer.getByTestId('beneficiary-offer').waitFor();
    await offer.getByRole('button', { name: 'Save beneficiary' }).click();
    await p.waitForURL((url) => url.pathname === '/profile');
    await p.goto('/profile/withdraw');
    await p.getByTestId('beneficiaries').getByText('0123456781', { exact: false }).waitFor();

    await p.goto('/profile/transactions');
    await p.getByLabel('Type').selectOption('withdrawal');
    const rows = p.getByTestId('transaction-row');
    await rows.first().waitFor();
    await expect
      .poll(async () => (await rows.locator('[data-testid="transaction-type"]').allTextContents()).every((text) => text.startsWith('Withdrawal · ')))
      .toBe(true);
    expect(await rows.first().getByTestId('transaction-type').textContent()).toBe('Withdrawal · Polaris Bank');
  });

  it('a second payout to a saved account asks nothing', async () => {
    const token = await tokenOf(buyer);
    await callApi<WithdrawResponse>(suite.cloud.baseUrl, 'withdraw', {
      token,
      body: { bankName: 'Polaris Bank', bankCode: '076', accountNumber: '0123456781', amount: 200, accountName: 'ADA OKAFOR', bankAccountName: 'ADA OKAFOR' },
    });
    const p = await suite.freshPage();
    await loginInUi(p, buyer);
    await p.goto('/profile/withdraw');
    await p.getByTestId('beneficiaries').getByRole('button', { name: /^Use/ }).first().click();
    await p.getByLabel('Amount (₦)').fill('200');
    await p.getByRole('button', { name: 'Withdraw', exact: true }).click();
    await p.getByTestId('confirm-withdraw').click();
    await p.waitForURL((url) => url.pathname === '/profile');
    expect(await p.getByRole('dialog', { name: 'Save this account?' }).count()).toBe(0);
  });
});
