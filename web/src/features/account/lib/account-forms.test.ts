import { describe, expect, it } from 'vitest';
import { MONEY_MSG, MSG } from '@shared/messages.js';
import { submitForm } from '@/lib/forms.testing.js';
import { changePasswordForm } from './password-form.js';
import { webhookForm } from './webhook-form.js';

describe('account forms', () => {
  it('change password: all three required; matching and strength are the server’s call', async () => {
    const order = ['oldPassword', 'newPassword', 'newPasswordCheck'] as const;
    expect((await submitForm(changePasswordForm, { oldPassword: 'old', newPassword: '', newPasswordCheck: 'x' }, order)).warning).toBe(MSG.allFieldsRequired);
    expect((await submitForm(changePasswordForm, { oldPassword: '', newPassword: 'a', newPasswordCheck: 'b' }, order)).warning).toBe(MSG.allFieldsRequired);
    expect((await submitForm(changePasswordForm, { oldPassword: 'old', newPassword: 'a', newPasswordCheck: 'b' }, order)).warning).toBeNull();
  });

  it('webhook: an http(s) address, sent trimmed', async () => {
    expect((await submitForm(webhookForm, { webhookUrl: 'ftp://example.com' }, ['webhookUrl'])).warning).toBe(MONEY_MSG.invalidWebhookUrl);
    expect((await submitForm(webhookForm, { webhookUrl: '' }, ['webhookUrl'])).warning).toBe(MONEY_MSG.invalidWebhookUrl);
    expect((await submitForm(webhookForm, { webhookUrl: ' https://example.com/hook ' })).values).toEqual({ webhookUrl: 'https://example.com/hook' });
  });
});
