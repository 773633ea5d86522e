/**
 * The sign-in forms, from the API's own requests (shared/api/accounts.ts). Spec §5 checks only
 * some fields here; the server owns the other rules (user name format, password strength) and its
 * message is shown when it refuses.
 */
import { z } from 'zod';
import { loginRequest, registerRequest, requestPasswordResetRequest, resetPasswordRequest } from '@shared/api/accounts.js';
import { MSG } from '@shared/messages.js';
import { bare, filled } from '@/lib/forms.js';

/** Login: both fields required ("All field are required"), exactly the API's rule. */
export const loginForm = loginRequest;
export type LoginFormValues = z.input<typeof loginForm>;

const serverChecked = z.string().trim();

/** Register: only the e-mail is checked here. */
export const registerForm = bare(registerRequest).pick({ email: true }).extend({
  userName: serverChecked,
  phoneNumber: serverChecked,
  password: z.string(),
  passwordCheck: z.string(),
});
export type RegisterFormValues = z.input<typeof registerForm>;

/** Password reset request: the e-mail is required ("Enter an your email"), then the API's own check. */
export const requestResetForm = requestPasswordResetRequest.extend({ email: filled(MSG.enterEmail).pipe(requestPasswordResetRequest.shape.email) });
export type RequestResetFormValues = z.input<typeof requestResetForm>;

/** Password reset: both fields filled in and equal ("Enter the same password twice"); the strength is the server's call. */
export const resetForm = bare(resetPasswordRequest)
  .pick({ newPassword: true, newPasswordCheck: true })
  .extend({ newPassword: z.string() })
  .refine((v) => v.newPassword !== '' && v.newPassword === v.newPasswordCheck, { message: MSG.samePasswordTwice, path: ['newPasswordCheck'] });
export type ResetFormValues = z.input<typeof resetForm>;
