import { z } from 'zod';
import { PHONE_NUMBER_LENGTH } from '../constants.js';
import { MSG } from '../messages.js';

/** Standard error body: the web app toasts `msg`. */
export interface ErrorBody {
  msg: string;
}

/** A naira amount as sent by clients: a number or numeric string, > 0, at most 2 decimals. */
export const nairaAmount = z.union([z.number(), z.string()]).transform((value, ctx) => {
  const text = typeof value === 'number' ? String(value) : value.trim();
  if (!/^\d+(\.\d{1,2})?$/.test(text) || Number(text) <= 0) {
    ctx.addIssue({ code: z.ZodIssueCode.custom, message: MSG.enterValidAmount });
    return z.NEVER;
  }
  return text;
});

export const phoneNumber = z
  .string({ required_error: MSG.allFieldsRequired })
  .trim()
  .regex(new RegExp(`^0\\d{${PHONE_NUMBER_LENGTH - 1}}$`), MSG.checkPhone);

export const userNameSchema = z
  .string({ required_error: MSG.allFieldsRequired })
  .trim()
  .min(3, 'User name must be at least 3 characters')
  .max(30, 'User name must be at most 30 characters')
  .regex(/^[A-Za-z0-9_.-]+$/, 'User name may contain only letters, digits, _ . and -');

/** An optional form value left empty: undefined, null or only whitespace. */
export function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}
