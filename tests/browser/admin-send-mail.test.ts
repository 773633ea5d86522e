/**
 * The admin's Send email screen in Chromium: the four fields are
 * required before anything is asked; an unknown user is refused with the dialog left open; a mail
 * to one user is confirmed, answered "1 mail queued", stays on the page with its result, and is in the local mail
 * viewer with its link.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { MSG, mailsQueuedMessage } from '../../shared/messages.js';
import { loginInUi, newTestUser, registerViaApi } from './helpers.js';
import { useBrowserSuite } from './suite.js';

describe('admin: send email', () => {
  const suite = useBrowserSuite();
  const reader = newTestUser('mail');

  beforeAll(async () => {
    await registerViaApi(suite.cloud.baseUrl, reader);
  }, 60_000);

  const toast = (p: Page, text: string) => p.locator('.Toastify').getByText(text, { exact: true }).first().waitFor();

  async function fill(p: Page, values: { userAccount: string; subject: string; message: string; url: string; linkMessage: string }) {
    await p.getByLabel('User name (optional)').fill(values.userAccount);
    await p.getByLabel('Subject').fill(values.subject);
    await p.getByLabel('Message').fill(values.message);
    await p.getByLabel('Link (required)').fill(values.url);
    await p.getByLabel('Link text').fill(values.linkMessage);
  }

  it('rejection: a missing field is "All fields are required" with nothing to confirm; an unknown user is refused and the dialog stays', async () => {
    const p = await suite.freshPage();
    await loginInUi(p, suite.cloud.adminLogin);
    await p.goto('/admin/sendmail');
    await fill(p, { userAccount: '', subject: '', message: 'Hello', url: 'https://example.com', linkMessage: 'Open' });
    await p.getByRole('button', { name: 'Send email' }).click();
    await toast(p, MSG.allFieldsRequired);
    expect(await p.getByTestId('confirm-send-mail').count()).toBe(0);

    await fill(p, { userAccount: 'nobody_by_this_name', subject: 'Hi', message: 'Hello', url: 'https://example.com', linkMessage: 'Open' });
    await p.getByRole('button', { name: 'Send email' }).click();
    await p.getByTestId('confirm-send-mail').click();
    await toast(p, MSG.userNotFound);
    expect(await p.getByTestId('send-mail-audience').innerText()).toBe('nobody_by_this_name');
  });

  it('an admin mails one user after confirming: "1 mail queued", stays on the page with the result (to whom, subject, count), and the mail is in the mail viewer', async () => {
    const subject = `Cheaper data ${Date.now()}`;
    const p = await suite.freshPage();
    await loginInUi(p, suite.cloud.adminLogin);
    await p.goto('/admin/sendMail');
    await fill(p, {
      userAccount: reader.userName,
      subject,
      message: 'Data is cheaper this week.',
      url: 'https://example.com/prices',
      linkMessage: 'See the prices',
    });
    await p.getByRole('button', { name: 'Send email' }).click();
    expect(await p.getByTestId('send-mail-audience').innerText()).toBe(reader.userName);
    await p.getByTestId('confirm-send-mail').click();
    await toast(p, mailsQueuedMessage(1));
    // The admin stays with the result, and the form is clear for the next mail.
    const result = p.getByTestId('send-mail-result');
    await result.waitFor();
    expect(new URL(p.url()).pathname).toBe('/admin/sendMail');
    expect(await result.getByRole('heading').innerText()).toBe(mailsQueuedMessage(1));
    expect(await result.innerText()).toContain(reader.userName);
    expect(await result.innerText()).toContain(subject);
    expect(await p.getByTestId('send-mail-queued').innerText()).toContain('1');
    expect(await p.getByLabel('Subject').inputValue()).toBe('');

    await suite.cloud.waitForMail(reader.email, { subject, timeoutMs: 30_000 });
    await p.goto('/_local/mail');
    await p.getByRole('link', { name: subject }).click();
    await p.getByText('Data is cheaper this week.').first().waitFor();
    expect(await p.getByText(reader.email).count()).toBeGreaterThan(0);
    // The HTML part (a sandboxed frame in the viewer) carries the link under its text.
    expect(await p.frameLocator('iframe').getByRole('link', { name: 'See the prices' }).getAttribute('href')).toBe('https://example.com/prices');
  });
});
