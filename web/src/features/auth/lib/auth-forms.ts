/**
 * The sign-in forms, from the API's own requests (shared/api/accounts.ts). Only some
 * fields are checked here; the server owns the other rules (user name format, password strength) and its
 * message is shown when it refuses.
 */
import { z } from 'zod';
import { loginRequest, registerRequest, requestPasswordResetRequest, resetPasswordRequest } from '@shared/api/accounts.js';
import { PASSWORD_MIN_LENGTH } from '@shared/constants.js';
import { MSG } from '@shared/messages.js';
import { bare, filled } from '@/lib/forms.js';

/** Login: both fields required ("All field are required"), exactly the API's rule. */
export const loginForm = loginRequest;
export type LoginFormValues = z.input<typeof loginForm>;

/**
 * Register: every field checked here with the API's own rules (all errors at once, each
 * under its field, before the server is asked); only the e-mail's "required" wording is the web's.
 */
export const registerForm = bare(registerRequest)
  .pick({ userName: true, phoneNumber: true, password: true })
  .extend({
    email: filled(MSG.enterYourEmail).pipe(bare(registerRequest).shape.email),
    passwordCheck: z.string(),
  })
  .refine((v) => v.password === v.passwordCheck, { message: MSG.passwordMismatch, path: ['passwordCheck'] });
export type RegisterFormValues = z.input<typeof registerForm>;

/** The password rules, shown under the password field before anything is typed. */
export const PASSWORD_RULES = `At least ${PASSWORD_MIN_LENGTH} characters; longer is better.`;

/** Password reset request: the e-mail is required ("Enter your email"), then the API's own check. */
export const requestResetForm = requestPasswordResetRequest.extend({ email: filled(MSG.enterYourEmail).pipe(requestPasswordResetRequest.shape.email) });
export type RequestResetFormValues = z.input<typeof requestResetForm>;

/** Password reset: both fields filled in and equal ("Enter the same password twice"); the strength is the server's call. */
export const resetForm = bare(resetPasswordRequest)
  .pick({ newPassword: true, newPasswordCheck: true })
  .extend({ newPassword: z.string() })
  .refine((v) => v.newPassword !== '' && v.newPassword === v.newPasswordCheck, { message: MSG.samePasswordTwice, path: ['newPasswordCheck'] });
export type ResetFormValues = z.input<typeof resetForm>;
