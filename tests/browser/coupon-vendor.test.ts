/**
 * A coupon vendor in Chromium on a 360 px phone: generate Coupon is in their menu; a coupon is paid
 * from their wallet (the balance drops), shows in their unredeemed list, and Cancel puts the money
 * back. Rejection: more than the balance is refused with "Insufficient balance" and nothing is made;
 * a plain user sent to /admin/generateCoupon goes back to the profile.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SessionResponse } from '../../shared/api/accounts.js';
import { MSG } from '../../shared/messages.js';
import { usePlatformTable } from '../support/platform-table.js';
import { callApi, issueCoupon, loginInUi, newTestUser, registerViaApi } from './helpers.js';
import { useBrowserSuite } from './suite.js';

const PHONE = { width: 360, height: 780 };

describe('coupon vendor', () => {
  const suite = useBrowserSuite({ viewport: PHONE });
  const vendor = newTestUser('vend');
  const owner = newTestUser('cown');

  beforeAll(async () => {
    const { baseUrl, adminLogin } = suite.cloud;
    const session = await registerViaApi(baseUrl, vendor);
    await registerViaApi(baseUrl, owner);
    const code = await issueCoupon(baseUrl, adminLogin, vendor.userName, 1_000);
    await callApi(baseUrl, 'fundWithCoupon', { token: session.token, body: { userName: vendor.userName, coupon: code } });
    await usePlatformTable(suite.cloud);
    const { setRoles } = await import('../../functions/adapters/dynamo/accounts/users.js');
    await setRoles(session.user._id, { isCouponVendor: true });
  }, 180_000);

  const toast = (p: Page, text: string) => p.locator('.Toastify').getByText(text, { exact: true }).first().waitFor();

  async function generate(p: Page, amount: string): Promise<void> {
    await p.getByLabel('User name').fill(owner.userName);
    await p.getByRole('button', { name: 'Validate user' }).click();
    await p.getByTestId('validated-user').waitFor();
    await p.getByLabel('Amount (₦)').fill(amount);
    await p.getByRole('button', { name: 'Generate coupon' }).click();
  }

  it('acceptance: the vendor pays for a coupon from their wallet, sees it unredeemed, and cancels it for the money back', async () => {
    const p = await suite.freshPage();
    await loginInUi(p, vendor);
    await p.goto('/admin/generateCoupon');
    await p.getByTestId('vendor-notice').getByText('₦1,000.00').waitFor();
    await generate(p, '300');
    await toast(p, MSG.couponGenerated);
    const code = (await p.getByTestId('coupon-code').textContent())!.trim();
    const list = p.getByTestId('vendor-coupons');
    await list.getByText(code).waitFor();
    await p.getByTestId('vendor-notice').getByText('₦700.00').waitFor();
    await list.getByRole('button', { name: 'Cancel' }).click();
    await toast(p, `Coupon ${code} cancelled: ₦300.00 is back in your wallet`);
    await p.getByTestId('vendor-notice').getByText('₦1,000.00').waitFor();
    await list.getByText(code).waitFor({ state: 'detached' });
    expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  });

  it('rejection: more than the balance is refused and no coupon is made; a plain user is sent back to the profile', async () => {
    const p = await suite.freshPage();
    await loginInUi(p, vendor);
    await p.goto('/admin/generateCoupon');
    await generate(p, '1000.01');
    await toast(p, MSG.insufficientBalance);
    expect(await p.getByTestId('coupon-code').count()).toBe(0);
    const vendorSession = await callApi<SessionResponse>(suite.cloud.baseUrl, 'login', { body: vendor });
    expect(vendorSession.user.balance).toBe(1_000);

    const other = await suite.freshPage();
    await loginInUi(other, owner);
    await other.goto('/admin/generateCoupon');
    await other.waitForURL((url) => url.pathname === '/profile');
  });
});
