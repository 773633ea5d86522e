import { describe, expect, it } from 'vitest';
import { MSG } from '@shared/messages.js';
import { submitForm } from '@/lib/forms.testing.js';
import { loginForm, registerForm, requestResetForm, resetForm } from './auth-forms.js';

describe('sign-in forms', () => {
  it('login: both fields required, the user name sent trimmed', async () => {
    expect((await submitForm(loginForm, { userName: '', password: 'x' }, ['userName', 'password'])).warning).toBe(MSG.allFieldRequiredLogin);
    expect((await submitForm(loginForm, { userName: 'ada', password: '' }, ['userName', 'password'])).warning).toBe(MSG.allFieldRequiredLogin);
    expect((await submitForm(loginForm, { userName: ' ada ', password: 'pw' })).values).toEqual({ userName: 'ada', password: 'pw' });
  });

  it('register: every field is checked at once, with the API\'s rules; the e-mail asks "Enter your email" (no typo)', async () => {
    const form = { userName: 'x', email: '', phoneNumber: '1', password: 'short', passwordCheck: 'other' };
    const result = await registerForm.safeParseAsync(form);
    expect(result.success).toBe(false);
    const fields = new Set(result.error!.issues.map((issue) => issue.path[0]));
    expect([...fields].sort()).toEqual(['email', 'password', 'passwordCheck', 'phoneNumber', 'userName']);
    expect((await submitForm(registerForm, form, ['email'])).warning).toBe(MSG.enterYourEmail);
    const good = { userName: 'ada_1', email: 'ada@example.com', phoneNumber: '08031234567', password: 'long-enough-1', passwordCheck: 'long-enough-1' };
    expect((await submitForm(registerForm, good)).warning).toBeNull();
    expect((await submitForm(registerForm, { ...good, passwordCheck: 'other-one-1' }, ['passwordCheck'])).warning).toBe(MSG.passwordMismatch);
  });

  it('password reset request: the e-mail is required', async () => {
    expect((await submitForm(requestResetForm, { email: ' ' }, ['email'])).warning).toBe(MSG.enterYourEmail);
    expect((await submitForm(requestResetForm, { email: 'ada@example.com' })).warning).toBeNull();
  });

  it('password reset: both fields filled in and equal', async () => {
    const order = ['newPassword', 'newPasswordCheck'] as const;
    expect((await submitForm(resetForm, { newPassword: '', newPasswordCheck: '' }, order)).warning).toBe(MSG.samePasswordTwice);
    expect((await submitForm(resetForm, { newPassword: 'brand-new-7', newPasswordCheck: 'other-7' }, order)).warning).toBe(MSG.samePasswordTwice);
    expect((await submitForm(resetForm, { newPassword: 'brand-new-7', newPasswordCheck: 'brand-new-7' }, order)).warning).toBeNull();
  });
});
