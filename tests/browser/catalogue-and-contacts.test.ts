/**
 * Data plans end to end in Chromium on one local cloud: the public price list, buying data (plan
 * filtering, sorting and preselection, ending delivered in the transactions), contacts with the
 * airtime contact picker, and the admin's plan manager and price update seen on the price list.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { PriceRow } from '../../shared/api/catalogue.js';
import type { FundWithCouponResponse } from '../../shared/api/wallet.js';
import { CATALOGUE_MSG, MSG } from '../../shared/messages.js';
import { callApi, issueCoupon, loginInUi, newTestUser, registerViaApi, waitForTransactionStatus } from './helpers.js';
import { useBrowserSuite } from './suite.js';

describe('data plans, contacts and the price list', () => {
  const suite = useBrowserSuite();
  const user = newTestUser('data');

  const toast = (p: Page, text: string) => p.locator('.Toastify').getByText(text, { exact: true }).first().waitFor();
  const planIds = (p: Page) => p.getByTestId('plan-option').evaluateAll((els) => els.map((el) => Number(el.getAttribute('data-plan-id'))));
  const checkedPlanId = (p: Page) => p.locator('[data-testid="plan-option"]:has(input:checked)').getAttribute('data-plan-id').then(Number);
  const chip = (p: Page, type: string) => p.locator('.chip-picker label').filter({ hasText: new RegExp(`^${type}$`) });

  it('shows the public price list with every available plan, filtered by network', async () => {
    const p = await suite.freshPage();
    const rows = await callApi<PriceRow[]>(suite.cloud.baseUrl, 'listPrices');
    expect(rows.length).toBeGreaterThan(30);
    await p.goto('/priceList');
    await p.getByTestId('price-row').first().waitFor();
    expect(await p.getByTestId('price-row').count()).toBe(rows.length);

    const cg = p.locator('[data-testid="price-row"][data-plan-id="27"]');
    expect(await cg.textContent()).toContain('250MB');
    expect(await cg.locator('[data-tier="my_price"]').textContent()).toBe('₦75.00');
    expect(await cg.locator('[data-tier="resellerPrice"]').textContent()).toBe('₦73.00');

    await p.getByRole('button', { name: 'GLO', exact: true }).click();
    const shown = await p.getByTestId('price-row').evaluateAll((els) => els.map((el) => el.querySelector('td')?.textContent));
    expect(new Set(shown)).toEqual(new Set(['GLO']));
    expect(shown.length).toBe(rows.filter((r) => r.plan_network === 'GLO').length);
  });

  it('buys data: plans by network and MTN data type, sorted by size then validity then id, first preselected', async () => {
    await registerViaApi(suite.cloud.baseUrl, user);
    const code = await issueCoupon(suite.cloud.baseUrl, suite.cloud.adminLogin, user.userName, 2000);
    const p = await suite.freshPage();
    await loginInUi(p, user);
    // The coupon is redeemed through the API, then the screen reads the balance it shows.
    const token = await p.evaluate(() => localStorage.getItem('token'));
    await callApi<FundWithCouponResponse>(suite.cloud.baseUrl, 'fundWithCoupon', { token: token!, body: { userName: user.userName, coupon: code } });

    await p.getByRole('link', { name: 'Data', exact: true }).click();
    await p.waitForURL('**/profile/buyData');
    await expect.poll(() => p.getByTestId('data-balance').textContent()).toBe('₦2,000.00');

    // No network yet: choosing a plan, or continuing, is refused locally.
    await p.getByTestId('plan-placeholder').click();
    await toast(p, MSG.selectNetwork);
    await p.getByRole('button', { name: 'Continue' }).click();
    await toast(p, MSG.provideAllValues);

    // MTN: the data types come from the plans; SME first, its plans by size (3GB, id 6, before 5GB).
    await p.getByTestId('network-MTN').click();
    await p.getByTestId('plan-option').first().waitFor();
    expect(await p.locator('.chip-picker label').allTextContents()).toEqual(['SME', 'SME2', 'CG', 'COUPON']);
    expect(await planIds(p)).toEqual([1, 2, 3, 6, 4, 5, 7]);
    expect(await checkedPlanId(p)).toBe(1);

    // CG: the smallest (250MB, 14 days) comes first and is preselected.
    await chip(p, 'CG').click();
    await expect.poll(() => planIds(p)).toEqual([27, 21, 22, 23, 24, 25, 26]);
    expect(await checkedPlanId(p)).toBe(27);
    await p.locator('[data-testid="plan-option"][data-plan-id="22"]').click();
    expect(await checkedPlanId(p)).toBe(22);
    expect(await p.getByTestId('data-charge').textContent()).toContain('₦275.00');

    // Another network reloads its plans and preselects its first; coming back starts again at SME.
    await p.getByTestId('network-AIRTEL').click();
    await expect.poll(() => planIds(p)).toEqual([51, 52, 53, 54, 55, 56, 57]);
    expect(await checkedPlanId(p)).toBe(51);
    expect(await p.locator('.chip-picker').count()).toBe(0);
    await p.getByTestId('network-MTN').click();
    await expect.poll(() => checkedPlanId(p)).toBe(1);
    await chip(p, 'CG').click();
    await p.locator('[data-testid="plan-option"][data-plan-id="22"]').click();

    await p.getByLabel('Phone number').fill('08011111111');
    await p.getByRole('button', { name: 'Continue' }).click();
    const dialog = p.getByRole('dialog', { name: 'Confirm purchase' });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('1GB (CG)');
    expect(await dialog.textContent()).toContain('₦275.00');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    // The receipt follows the purchase until it is delivered, then Done goes to the dashboard.
    const receipt = p.getByRole('dialog', { name: 'Data receipt' });
    await receipt.getByTestId('purchase-receipt').and(p.locator('[data-status="success"]')).waitFor({ timeout: 30_000 });
    await receipt.getByRole('button', { name: 'Done' }).click();
    await p.waitForURL((url) => url.pathname === '/profile');
    expect(await p.getByTestId('dashboard-balance').textContent()).toBe('₦1,725.00');

    await p.goto('/profile/transactions');
    await waitForTransactionStatus(p, '08011111111', 'success');

    // Plan management is for admins: anyone else is sent back to the profile, and has no price menu.
    await p.goto('/profile/dataPlans');
    await p.waitForURL((url) => url.pathname === '/profile');
    expect(await p.getByTestId('sidebar').getByRole('link', { name: 'Update price' }).count()).toBe(0);
  });

  it('keeps contacts: add, edit, shortcuts, the airtime picker with add-to-contacts, delete', async () => {
    const p = suite.page;
    await p.getByTestId('sidebar').getByRole('link', { name: 'My contacts' }).click();
    await p.waitForURL('**/profile/contacts');
    await p.getByText(MSG.noContacts).waitFor();

    await p.getByRole('button', { name: 'Add contact' }).click();
    let dialog = p.getByRole('dialog', { name: 'Add contact' });
    expect(await dialog.getByLabel('Network').inputValue()).toBe('MTN');
    await dialog.getByRole('button', { name: 'Save contact' }).click();
    await toast(p, MSG.allFieldsRequired);
    await dialog.getByLabel('Name').fill('Mum');
    await dialog.getByLabel('Phone number').fill('08011111111');
    await dialog.getByRole('button', { name: 'Save contact' }).click();
    await toast(p, CATALOGUE_MSG.contactSaved);
    await dialog.waitFor({ state: 'hidden' });
    expect(await p.getByTestId('contact-item').count()).toBe(1);

    await p.getByRole('button', { name: 'Edit Mum' }).click();
    dialog = p.getByRole('dialog', { name: 'Edit contact' });
    expect(await dialog.getByLabel('Phone number').inputValue()).toBe('08011111111');
    await dialog.getByLabel('Name').fill('Mummy');
    await dialog.getByLabel('Network').selectOption('GLO');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await toast(p, CATALOGUE_MSG.contactUpdated);
    const item = p.getByTestId('contact-item').filter({ hasText: 'Mummy' });
    expect(await item.textContent()).toContain('GLO');

    // Shortcuts: data prefilled with the number and network, transactions filtered by the number.
    await item.getByRole('link', { name: 'Data' }).click();
    await p.waitForURL('**/profile/buyData?**');
    expect(await p.getByLabel('GLO', { exact: true }).isChecked()).toBe(true);
    expect(await p.getByLabel('Phone number').inputValue()).toBe('08011111111');
    await expect.poll(() => checkedPlanId(p)).toBe(41);
    await p.goBack();
    await p.getByTestId('contact-item').filter({ hasText: 'Mummy' }).getByRole('link', { name: 'Transactions' }).click();
    await p.waitForURL('**/profile/transactions?phoneNumber=08011111111');
    expect(await p.getByLabel('Phone number').inputValue()).toBe('08011111111');
    await p.locator('[data-testid="transaction-row"][data-phone="08011111111"]').first().waitFor();

    // Airtime: the shortcut fills number and network, and so does the picker; saving a new number needs a nickname.
    await p.goto('/profile/contacts');
    await p.getByTestId('contact-item').filter({ hasText: 'Mummy' }).getByRole('link', { name: 'Airtime' }).click();
    await p.waitForURL('**/profile/buyAirtime?**');
    expect(await p.getByLabel('Phone number').inputValue()).toBe('08011111111');
    expect(await p.getByLabel('GLO', { exact: true }).isChecked()).toBe(true);
    await p.goto('/profile/buyAirtime');
    expect(await p.getByLabel('MTN', { exact: true }).isChecked()).toBe(true);
    await p.getByRole('button', { name: 'Contacts' }).click();
    const picker = p.getByRole('dialog', { name: 'Choose a contact' });
    await picker.getByRole('button', { name: /Mummy/ }).click();
    await picker.waitFor({ state: 'hidden' });
    expect(await p.getByLabel('Phone number').inputValue()).toBe('08011111111');
    expect(await p.getByLabel('GLO', { exact: true }).isChecked()).toBe(true);

    await p.getByLabel('Phone number').fill('08012345678');
    await p.getByLabel('Amount (₦)').fill('100');
    await p.getByText('Add this number to my contacts').click();
    await p.getByRole('button', { name: 'Continue' }).click();
    await toast(p, MSG.nicknameRequired);
    await p.getByLabel('Nickname').fill('Dad');
    await p.getByRole('button', { name: 'Continue' }).click();
    await p.getByRole('dialog', { name: 'Confirm purchase' }).getByRole('button', { name: 'Confirm' }).click();
    await toast(p, CATALOGUE_MSG.contactSaved);
    await p.getByRole('dialog', { name: 'Airtime receipt' }).getByRole('button', { name: 'Done' }).click();
    await p.waitForURL((url) => url.pathname === '/profile');

    await p.goto('/profile/contacts');
    const dad = p.getByTestId('contact-item').filter({ hasText: 'Dad' });
    await dad.waitFor();
    expect(await dad.textContent()).toContain('08012345678 · GLO');

    await p.getByRole('button', { name: 'Delete Mummy' }).click();
    await p.getByRole('dialog', { name: 'Delete contact' }).getByRole('button', { name: 'Delete' }).click();
    await toast(p, CATALOGUE_MSG.contactDeleted);
    await expect.poll(() => p.getByTestId('contact-item').allTextContents()).toEqual([expect.stringContaining('Dad')]);
  });

  it('lets the admin add, edit and delete a plan and update its price, as the price list shows', async () => {
    const p = await suite.freshPage();
    await loginInUi(p, suite.cloud.adminLogin);
    await p.getByTestId('sidebar').getByRole('link', { name: 'Admin settings' }).click();
    await p.waitForURL('**/profile/adminSettings');

    // Service locks and cost prices: a lock toggles and back; a zero cost price is refused.
    const gloData = p.getByRole('switch', { name: 'GLO data' });
    expect(await gloData.isChecked()).toBe(true);
    // The switch shows the stored state: it turns once the server has answered.
    await gloData.click();
    await toast(p, CATALOGUE_MSG.serviceUpdated);
    await expect.poll(() => gloData.isChecked()).toBe(false);
    await gloData.click();
    await expect.poll(() => gloData.isChecked()).toBe(true);
    await p.getByLabel('New cost price for GLO').fill('0');
    await p.getByTestId('cost-price-GLO').getByRole('button', { name: 'Save' }).click();
    await toast(p, MSG.enterValidPrice);

    // Plan manager (linked from admin settings; toasts may cover the link now): a network is needed first.
    expect(await p.getByRole('link', { name: 'Data plans' }).getAttribute('href')).toBe('/profile/dataPlans');
    await p.goto('/profile/dataPlans');
    await p.getByTestId('plan-row').first().waitFor();
    await p.getByRole('button', { name: 'Add plan' }).click();
    let dialog = p.getByRole('dialog', { name: 'Add data plan' });
    await dialog.getByRole('button', { name: 'Add plan' }).click();
    await toast(p, MSG.selectNetworkAdmin);
    await dialog.getByLabel('Network / type').selectOption('MTN-CG');
    await dialog.getByLabel('Plan name', { exact: true }).fill('7GB');
    await dialog.getByLabel('Smart earner price (₦)').fill('1900');
    await dialog.getByLabel('Plan id', { exact: true }).fill('777');
    await dialog.getByRole('button', { name: 'Add plan' }).click();
    await toast(p, CATALOGUE_MSG.planAdded);
    const row = p.locator('[data-testid="plan-row"][data-plan-id="777"]');
    await row.waitFor();
    expect(await row.textContent()).toContain('7GB');

    await p.getByRole('button', { name: 'Edit plan 777' }).click();
    dialog = p.getByRole('dialog', { name: 'Edit plan 777' });
    expect(await dialog.getByLabel('Network / type').inputValue()).toBe('MTN-CG');
    await dialog.getByLabel('Plan name', { exact: true }).fill('7.5GB');
    await dialog.getByLabel('Smart earner price (₦)').fill('2000');
    await dialog.getByRole('button', { name: 'Save plan' }).click();
    await toast(p, CATALOGUE_MSG.planUpdated);
    await expect.poll(() => row.textContent()).toContain('7.5GB');
    expect(await row.textContent()).toContain('₦2,000.00');

    const priceRow = p.locator('[data-testid="price-row"][data-plan-id="777"]');
    await p.goto('/priceList');
    await priceRow.waitFor();
    expect(await priceRow.textContent()).toContain('7.5GB');
    expect(await priceRow.locator('[data-tier="my_price"]').textContent()).toBe('₦2,000.00');

    // Update price: at least one value, then the reseller price alone.
    await p.goto('/profile/updatePrice');
    await p.getByRole('button', { name: 'Update price of plan 777' }).click();
    dialog = p.getByRole('dialog', { name: 'Update price: MTN-CG 7.5GB' });
    await dialog.getByRole('button', { name: 'Update price' }).click();
    await toast(p, MSG.enterValidValue);
    // Below the plan's cost: refused with the cost named, nothing changed.
    await dialog.getByLabel('Reseller (₦)').fill('1');
    await dialog.getByRole('button', { name: 'Update price' }).click();
    await p
      .locator('.Toastify')
      .getByText(/^No price may be below the cost price of ₦[\d,]+\.\d\d$/)
      .first()
      .waitFor();
    await dialog.getByLabel('Reseller (₦)').fill('1950');
    await dialog.getByRole('button', { name: 'Update price' }).click();
    await toast(p, CATALOGUE_MSG.priceUpdated);
    await dialog.waitFor({ state: 'hidden' });

    await p.goto('/priceList');
    await priceRow.waitFor();
    expect(await priceRow.locator('[data-tier="resellerPrice"]').textContent()).toBe('₦1,950.00');
    expect(await priceRow.locator('[data-tier="my_price"]').textContent()).toBe('₦2,000.00');

    await p.goto('/profile/dataPlans');
    await p.getByRole('button', { name: 'Delete plan 777' }).click();
    await p.getByRole('dialog', { name: 'Delete plan' }).getByRole('button', { name: 'Delete' }).click();
    await toast(p, CATALOGUE_MSG.planDeleted);
    await row.waitFor({ state: 'detached' });
    await p.goto('/priceList');
    await p.getByTestId('price-row').first().waitFor();
    expect(await priceRow.count()).toBe(0);
  });
});
