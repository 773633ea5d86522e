/**
 * Cable TV and exam PINs in Chromium at 360 px on the local cloud. Cable: an invalid
 * smartcard shows the server's error; a valid one shows the customer, current bouquet and due date
 * with Renew chosen; the receipt shows name, bouquet and the new due date; the decoder is offered
 * again; a processing smartcard ends delivered, a failing one refunded. Exams: WAEC PINs with
 * Copy (and in the transaction's details), JAMB verified first, a failing purchase refunded; an admin
 * reads them masked and reveals them with a reason.
 * The simulator's numbers: infra/local/simulators/vtpass.ts (README "Test numbers").
 */
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FundWithCouponResponse } from '../../shared/api/wallet.js';
import { MSG } from '../../shared/messages.js';
import { callApi, issueCoupon, loginInUi, newTestUser, registerViaApi, waitForTransactionStatus } from './helpers.js';
import { useBrowserSuite } from './suite.js';

const PHONE = { width: 360, height: 780 };

async function noSideways(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
}

/** The value of one row of a transaction's details, by its label. */
function detailValue(details: Locator, label: string): Locator {
  return details
    .locator('.details-row')
    .filter({ has: details.page().locator('dt', { hasText: new RegExp(`^${label}$`) }) })
    .locator('dd');
}

describe('cable TV and exam PINs at 360 px', () => {
  const suite = useBrowserSuite({ viewport: PHONE, cloud: { env: { SWEEPER_STALE_MS: '200', SWEEPER_REQUERY_AFTER_MS: '300' } } });
  const user = newTestUser('bills');

  beforeAll(async () => {
    await suite.freshPage();
    await suite.context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const session = await registerViaApi(suite.cloud.baseUrl, user);
    const code = await issueCoupon(suite.cloud.baseUrl, suite.cloud.adminLogin, user.userName, 50_000);
    await callApi<FundWithCouponResponse>(suite.cloud.baseUrl, 'fundWithCoupon', { token: session.token, body: { userName: user.userName, coupon: code } });
    await loginInUi(suite.page, user);
  });

  /** Verifies a smartcard on the Cable TV screen (DStv). */
  async function verify(page: Page, smartCardNo: string): Promise<void> {
    await page.goto('/profile/cableTv');
    await page.getByLabel('Smartcard number').fill(smartCardNo);
    await page.getByRole('button', { name: 'Verify' }).click();
  }

  /** Confirms the purchase on screen and returns the receipt dialog once its status is final. */
  async function confirmAndWait(page: Page, title: string, status: string) {
    await page
      .getByTestId('cable-continue')
      .or(page.getByRole('button', { name: 'Continue' }))
      .first()
      .click();
    const confirm = page.getByRole('dialog', { name: 'Confirm purchase' });
    await confirm.waitFor();
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    const receipt = page.getByRole('dialog', { name: title });
    await receipt.waitFor();
    await expect.poll(() => receipt.getByTestId('bill-receipt').getAttribute('data-status'), { timeout: 45_000 }).toBe(status);
    return receipt;
  }

  it('Cable TV: invalid smartcard error; verified renew by default; receipt with name, bouquet and new due date; decoder remembered', async () => {
    const page = suite.page;
    // On a phone the menu is a drawer: its Cable TV entry opens the screen.
    await page.getByRole('button', { name: 'Toggle menu' }).click();
    await page.getByTestId('sidebar').getByRole('link', { name: 'Cable TV' }).click();
    await page.waitForURL('**/profile/cableTv');
    await verify(page, '1222222222');
    await expect.poll(() => page.getByTestId('cable-error').textContent(), { timeout: 15_000 }).toMatch(/not correct/);
    await noSideways(page);

    await verify(page, '1212121212');
    await expect.poll(() => page.getByTestId('cable-customer').textContent(), { timeout: 15_000 }).toBe('DEMO CUSTOMER');
    expect(await page.getByTestId('cable-current').textContent()).toMatch(/DStv Padi · due \d{1,2} [A-Z][a-z]{2} \d{4}$/);
    expect(await page.getByTestId('cable-renew').getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => page.getByTestId('cable-charge').locator('strong').textContent(), { timeout: 15_000 }).toBe('₦4,500.00');
    await noSideways(page);

    const receipt = await confirmAndWait(page, 'Cable TV receipt', 'success');
    expect(await receipt.getByTestId('bill-customer').textContent()).toBe('DEMO CUSTOMER');
    expect(await receipt.getByTestId('bill-bouquet').textContent()).toBe('DSTV · DStv Padi (renew)');
    expect(await receipt.getByTestId('bill-due-date').textContent()).toMatch(/^\d{1,2} [A-Z][a-z]{2} \d{4}$/);
    await receipt.getByRole('button', { name: 'Done' }).click();
    await page.waitForURL((url) => url.pathname === '/profile');

    // The decoder paid for is offered again: the server remembers it once the payment is delivered, on any device.
    // The table's stream consumer writes it after the settlement, so it gets as long as the settlement itself
    // (one clean-clone run on two loaded cores took more than 20 s).
    const savedDecoder = () => page.getByTestId('saved-decoders').getByRole('button', { name: /DEMO CUSTOMER · 1212121212/ });
    await expect
      .poll(
        async () => {
          await page.goto('/profile/cableTv');
          await page.getByLabel('Smartcard number').waitFor();
          return savedDecoder().count();
        },
        { timeout: 45_000 },
      )
      .toBe(1);
    await savedDecoder().click();
    expect(await page.getByLabel('Smartcard number').inputValue()).toBe('1212121212');
    await noSideways(page);
    // …and can be removed.
    await page.getByRole('button', { name: 'Remove saved decoder 1212121212' }).click();
    await expect.poll(() => page.getByTestId('saved-decoders').count(), { timeout: 15_000 }).toBe(0);
  });

  it('Cable TV: a processing smartcard ends delivered; a failing one is refunded', async () => {
    const page = suite.page;
    await verify(page, '1233333333');
    await page.getByTestId('cable-customer').waitFor();
    let receipt = await confirmAndWait(page, 'Cable TV receipt', 'success');
    await receipt.getByRole('button', { name: 'Done' }).click();

    await verify(page, '1244444444');
    await page.getByTestId('cable-customer').waitFor();
    receipt = await confirmAndWait(page, 'Cable TV receipt', 'refunded');
    await receipt.getByText('your wallet has been refunded').waitFor();
    await receipt.getByRole('button', { name: 'Done' }).click();
  });

  it('one receipt for every product: a cable TV receipt has Download as image and WhatsApp like airtime’s; its details name the provider and the smartcard number', async () => {
    const page = suite.page;
    await verify(page, '1212121212');
    await page.getByTestId('cable-customer').waitFor();
    const receipt = await confirmAndWait(page, 'Cable TV receipt', 'success');
    const share = receipt.getByTestId('receipt-share');
    await share.getByRole('button', { name: 'Download as image' }).waitFor();
    const whatsapp = decodeURIComponent((await share.getByRole('link', { name: 'WhatsApp' }).getAttribute('href'))!.split('text=')[1]!);
    expect(whatsapp).toContain('Cable TV receipt');
    expect(whatsapp).toContain('Bouquet: DSTV DStv Padi (renew)');
    expect(whatsapp).toContain('Smartcard number: 1212121212');
    await noSideways(page);
    await receipt.getByRole('button', { name: 'Done' }).click();

    await page.goto('/profile/transactions');
    await page.getByLabel('Type').selectOption({ label: 'Cable TV' });
    const row = page.locator('[data-testid="transaction-row"][data-phone="1212121212"]').first();
    await row.waitFor();
    expect(await row.getByTestId('transaction-type').textContent()).toMatch(/^Cable TV/);
    await row.click();
    const details = page.getByTestId('transaction-details');
    expect(await detailValue(details, 'Provider').textContent()).toBe('DSTV');
    expect(await detailValue(details, 'Smartcard number').textContent()).toBe('1212121212');
    expect(await detailValue(details, 'Network').count()).toBe(0);
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).first().click();
  });

  it('Exam PINs: two WAEC PINs with serials, copied; in the details too; JAMB verified first; a failing purchase refunded', async () => {
    const page = suite.page;
    await page.goto('/profile');
    await page.getByRole('button', { name: 'Toggle menu' }).click();
    await page.getByTestId('sidebar').getByRole('link', { name: 'Exam PINs' }).click();
    await page.waitForURL('**/profile/examPins');
    await page.getByLabel('Quantity (1–10)').fill('2');
    // The price arrives with the catalogue (GET /billProducts).
    await expect.poll(() => page.getByTestId('exam-charge').locator('strong').textContent(), { timeout: 15_000 }).toBe('₦7,800.00');
    await noSideways(page);
    let receipt = await confirmAndWait(page, 'Exam PIN receipt', 'success');
    const pins = await receipt.getByTestId('pin').allTextContents();
    expect(pins).toHaveLength(2);
    await receipt
      .getByText(/^Serial WRN/)
      .first()
      .waitFor();
    await receipt.getByRole('button', { name: 'Copy PINs' }).click();
    await page.getByText(MSG.copied).first().waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toContain(pins[0]);
    await noSideways(page);
    await receipt.getByRole('button', { name: 'Done' }).click();

    // The same PINs in the transaction's details, with Copy and Share.
    await page.goto('/profile/transactions');
    const phone = (await page.locator('[data-testid="transaction-row"]').first().getAttribute('data-phone'))!;
    await waitForTransactionStatus(page, phone, 'success');
    await page.locator('[data-testid="transaction-row"]').first().click();
    const details = page.getByTestId('details-pins');
    await details.waitFor();
    expect(await details.getByTestId('pin').allTextContents()).toEqual(pins);
    await details.getByRole('button', { name: 'Share' }).waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).first().click();

    // JAMB: the profile id is verified before the purchase.
    await page.goto('/profile/examPins');
    await page.getByLabel('Exam').selectOption('jamb-utme');
    await page.getByLabel('Candidate profile id').fill('1222222222');
    await page.getByTestId('exam-verify').click();
    await expect.poll(() => page.getByTestId('exam-error').textContent(), { timeout: 15_000 }).toMatch(/not correct/);
    await page.getByLabel('Candidate profile id').fill('1212121212');
    await page.getByTestId('exam-verify').click();
    await expect.poll(() => page.getByTestId('exam-candidate').textContent(), { timeout: 15_000 }).toBe('DEMO CUSTOMER');
    receipt = await confirmAndWait(page, 'Exam PIN receipt', 'success');
    expect(await receipt.getByTestId('pin').count()).toBe(1);
    await receipt.getByRole('button', { name: 'Done' }).click();

    // JAMB DE for a profile whose payment fails: refunded.
    await page.goto('/profile/examPins');
    await page.getByLabel('Exam').selectOption('jamb-de');
    await page.getByLabel('Candidate profile id').fill('1244444444');
    await page.getByTestId('exam-verify').click();
    await page.getByTestId('exam-candidate').waitFor();
    receipt = await confirmAndWait(page, 'Exam PIN receipt', 'refunded');
    await receipt.getByText('your wallet has been refunded').waitFor();
  });

  it('names an exam PIN purchase by its product in the details: "Exam: WAEC", never "Network: WAEC"', async () => {
    const page = suite.page;
    await page.goto('/profile/transactions');
    await page.getByLabel('Type').selectOption({ label: 'Exam PINs' });
    const row = page.locator('[data-testid="transaction-row"][data-status="success"]').filter({ hasText: 'WAEC' }).first();
    await row.waitFor();
    expect(await row.getByTestId('transaction-type').textContent()).toMatch(/^Exam PINs/);
    await row.click();
    const details = page.getByTestId('transaction-details');
    expect(await detailValue(details, 'Type').textContent()).toBe('Exam PINs');
    expect(await detailValue(details, 'Exam').textContent()).toBe('WAEC');
    expect(await detailValue(details, 'Network').count()).toBe(0);
    await noSideways(page);
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).first().click();
  });

  it("an admin reads a customer's exam PINs masked in the details (last 4 and the serial) and reveals them with a reason", async () => {
    const session = await callApi<{ token: string }>(suite.cloud.baseUrl, 'login', { body: { userName: user.userName, password: user.password } });
    const own = await callApi<{ transactions: { trans_Status: string; pins?: { pin: string }[] }[] }>(suite.cloud.baseUrl, 'listTransactions', {
      token: session.token,
    });
    const pins = own.transactions.find((t) => t.trans_Status === 'success' && (t.pins?.length ?? 0) > 1)!.pins!.map((p) => p.pin);
    const page = await suite.freshPage({ width: 1280, height: 900 });
    await loginInUi(page, suite.cloud.adminLogin);
    await page.goto('/profile/transactions');
    await page.getByLabel('Type', { exact: true }).selectOption({ label: 'Exam PINs' });
    await page.getByLabel('User name').fill(user.userName);
    const row = page.locator('[data-testid="transaction-row"][data-status="success"]').filter({ hasText: 'WAEC' }).filter({ hasText: user.userName }).first();
    await row.waitFor();
    await row.click();
    const details = page.getByTestId('details-pins');
    await details.waitFor();
    const masked = await details.getByTestId('pin').allTextContents();
    expect(masked).toHaveLength(pins.length);
    masked.forEach((shown, i) => {
      expect(shown).not.toBe(pins[i]);
      expect(shown.slice(-4)).toBe(pins[i]!.slice(-4));
    });
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Reveal PINs' }).click();
    // No reason, no reveal.
    expect(await dialog.getByTestId('confirm-reveal').isDisabled()).toBe(true);
    await dialog.getByTestId('reveal-reason').fill('Customer called: the PIN SMS never arrived');
    await dialog.getByTestId('confirm-reveal').click();
    await expect.poll(() => details.getByTestId('pin').allTextContents(), { timeout: 15_000 }).toEqual(pins);
    expect(await dialog.getByRole('button', { name: 'Reveal PINs' }).count()).toBe(0);
  });

  it('plan manager: an admin edits a bouquet’s prices; an exam priced above its approved price is refused with the reason', async () => {
    const page = await suite.freshPage({ width: 1280, height: 900 });
    await loginInUi(page, suite.cloud.adminLogin);
    await page.goto('/profile/dataPlans');
    const row = page.locator('[data-testid="bill-product-row"][data-code="gotv:gotv-max"]');
    await row.getByRole('button', { name: 'Edit GOtv Max' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit GOtv Max' });
    await dialog.getByLabel('Price (₦)').fill('8700');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => row.locator('td[data-label="Price"]').textContent(), { timeout: 15_000 }).toBe('₦8,700.00');

    await page.locator('[data-testid="bill-product-row"][data-code="jamb:utme"]').getByRole('button', { name: 'Edit JAMB UTME' }).click();
    const exam = page.getByRole('dialog', { name: 'Edit JAMB UTME' });
    await exam.getByLabel('Price (₦)').fill('8000');
    await exam.getByRole('button', { name: 'Save' }).click();
    await page.getByText('JAMB UTME cannot be sold above the approved price of ₦7,700.00').first().waitFor();
  });
});
