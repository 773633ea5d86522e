/**
 * The API documentation page in Chromium: /docs renders the served OpenAPI
 * document's operations without login, under its own title; the landing footer and the Account
 * page's API section link to it; the renderer is not part of the landing page's download.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { loginInUi, newTestUser, registerViaApi } from './helpers.js';
import { useBrowserSuite } from './suite.js';

describe('API documentation page', () => {
  const suite = useBrowserSuite();
  const user = newTestUser('docs');

  beforeAll(async () => {
    await registerViaApi(suite.cloud.baseUrl, user);
  });

  const operation = (method: string, path: string) =>
    suite.page.locator(`.opblock-${method.toLowerCase()}`).filter({ has: suite.page.locator(`[data-path="${path}"]`) });

  it('renders the operations of the document, with its title, without logging in', async () => {
    const page = await suite.freshPage();
    await page.goto('/docs');
    await page.getByRole('heading', { name: 'API documentation', level: 1 }).waitFor();
    await operation('POST', '/buy/data').first().waitFor();
    expect(await page.title()).toMatch(/^API documentation/);
    for (const [method, path] of [
      ['GET', '/auth'],
      ['POST', '/buy/airtime'],
      ['POST', '/buy/electricity'],
      ['GET', '/transaction'],
      ['GET', '/prices'],
    ] as const) {
      expect(await operation(method, path).count(), `${method} ${path}`).toBeGreaterThan(0);
    }
    // Rejection: the back office is not documented, and the page did not send anyone to the login.
    expect(await operation('POST', '/admin/generateCoupon').count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe('/docs');

    // An operation opens on its curl example and the idempotency key.
    await operation('POST', '/buy/data').first().locator('.opblock-summary').click();
    await page.getByText('curl -X POST "$VTU_API/api/v1/buy/data"').first().waitFor();
    await page.getByText('request_id').first().waitFor();
  });

  it('is linked from the landing page footer, whose first download does not carry the renderer', async () => {
    const page = await suite.freshPage();
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    await page.goto('/');
    await page.getByRole('navigation', { name: 'Footer' }).getByRole('link', { name: 'API documentation' }).waitFor();
    expect(scripts.filter((url) => url.includes('ApiDocsPage'))).toEqual([]);
    await page.getByRole('navigation', { name: 'Footer' }).getByRole('link', { name: 'API documentation' }).click();
    await page.waitForURL('**/docs');
    await operation('GET', '/auth').first().waitFor();
  });

  it("is linked from the Account page's API key section", async () => {
    const page = await suite.freshPage();
    await loginInUi(page, user);
    await page.goto('/profile/user');
    const link = page.getByTestId('api-key').getByRole('link', { name: 'API documentation' });
    await link.click();
    await page.waitForURL('**/docs');
    await operation('POST', '/buy/airtime').first().waitFor();
  });
});
