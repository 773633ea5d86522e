/**
 * Change password: old, new and confirmation all required ("All fields are required"),
 * from the API's request (shared/api/accounts.ts); whether they match and are strong enough is
 * the server's call, and its message is shown.
 */
import { z } from 'zod';
import { changePasswordRequest } from '@shared/api/accounts.js';
import { MSG } from '@shared/messages.js';
import { bare } from '@/lib/forms.js';

const required = z.string().min(1, MSG.allFieldsRequired);

export const changePasswordForm = bare(changePasswordRequest).extend({ newPassword: required, newPasswordCheck: required });
export type ChangePasswordFormValues = z.input<typeof changePasswordForm>;
