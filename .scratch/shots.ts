import { chromium } from 'playwright-core';
const base = process.env.BASE ?? 'http://localhost:3123';
const who = JSON.parse(process.env.WHO ?? '{"userName":"demo","password":"demo-password-1"}');
const pages = (process.env.PAGES ?? '/profile/buyData').split(',');
const widths = [360, 1280];
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
for (const width of widths) {
  const context = await browser.newContext({ baseURL: base, viewport: { width, height: width === 360 ? Number(process.env.PH ?? 740) : 1100 } });
  const page = await context.newPage();
  page.on('pageerror', (e) => console.error('[pageerror]', e.message));
  page.on('console', (m) => { if (m.type() === 'error') console.error('[console]', m.text()); });
  await page.goto('/login');
  await page.getByLabel('User name, email or business name').fill(who.userName);
  await page.getByLabel('Password', { exact: true }).fill(who.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await page.waitForURL('**/profile');
  for (const path of pages) {
    const [p, action] = path.split('#');
    await page.goto(p);
    await page.waitForTimeout(1200);
    if (action) {
      for (const step of action.split('|')) {
        if (step.startsWith('click:')) await page.getByText(step.slice(6), { exact: true }).first().click();
        if (step.startsWith('label:')) await page.getByLabel(step.slice(6), { exact: true }).first().check({ force: true });
        if (step.startsWith('role:')) await page.getByRole('button', { name: step.slice(5) }).first().click();
        await page.waitForTimeout(600);
      }
    }
    const name = `${p.replace(/\W+/g, '_')}${action ? '_' + action.replace(/\W+/g, '_') : ''}_${width}`;
    await page.screenshot({ path: `/tmp/shots/${name}.png`, fullPage: width === 360 && !process.env.PH });
    const sw = await page.evaluate(() => document.documentElement.scrollWidth);
    console.log(name, 'scrollWidth', sw);
  }
  await context.close();
}
await browser.close();
