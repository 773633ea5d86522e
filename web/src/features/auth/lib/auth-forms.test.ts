import { describe, expect, it } from 'vitest';
import { MSG } from '@shared/messages.js';
import { submitForm } from '@/lib/forms.testing.js';
import { loginForm, registerForm, requestResetForm, resetForm } from './auth-forms.js';

describe('sign-in forms (spec §5)', () => {
  it('login: both fields required, the user name sent trimmed', async () => {
    expect((await submitForm(loginForm, { userName: '', password: 'x' }, ['userName', 'password'])).warning).toBe(MSG.allFieldRequiredLogin);
    expect((await submitForm(loginForm, { userName: 'ada', password: '' }, ['userName', 'password'])).warning).toBe(MSG.allFieldRequiredLogin);
    expect((await submitForm(loginForm, { userName: ' ada ', password: 'pw' })).values).toEqual({ userName: 'ada', password: 'pw' });
  });

  it('register: only the e-mail is checked here; the server judges the rest', async () => {
    const form = { userName: 'x', email: '', phoneNumber: '1', password: 'short', passwordCheck: 'other' };
    expect((await submitForm(registerForm, form, ['email'])).warning).toBe(MSG.enterEmail);
    expect((await submitForm(registerForm, { ...form, email: 'ada@example.com' })).warning).toBeNull();
  });

  it('password reset request: the e-mail is required', async () => {
    expect((await submitForm(requestResetForm, { email: ' ' }, ['email'])).warning).toBe(MSG.enterEmail);
    expect((await submitForm(requestResetForm, { email: 'ada@example.com' })).warning).toBeNull();
  });

  it('password reset: both fields filled in and equal', async () => {
    const order = ['newPassword', 'newPasswordCheck'] as const;
    expect((await submitForm(resetForm, { newPassword: '', newPasswordCheck: '' }, order)).warning).toBe(MSG.samePasswordTwice);
    expect((await submitForm(resetForm, { newPassword: 'brand-new-7', newPasswordCheck: 'other-7' }, order)).warning).toBe(MSG.samePasswordTwice);
    expect((await submitForm(resetForm, { newPassword: 'brand-new-7', newPasswordCheck: 'brand-new-7' }, order)).warning).toBeNull();
  });
});
