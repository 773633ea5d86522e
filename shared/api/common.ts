import { z, type ZodError } from 'zod';
import { PHONE_NUMBER_LENGTH } from '../constants.js';
import { MSG } from '../messages.js';
import { nairaToKobo, type Kobo } from '../money.js';

/** Standard error body: the web app toasts `msg`. */
export interface ErrorBody {
  msg: string;
}

/**
 * Naira as sent by clients (a number or numeric string, at most 2 decimals) → integer kobo: the one
 * conversion at the HTTP edge. `required` names the message for a missing amount where the spec
 * words it differently; zero passes, so each product's minimum gives its own message.
 */
export function nairaInKobo(messages: { required?: string; invalid?: string } = {}) {
  const invalid = messages.invalid ?? MSG.enterValidAmount;
  return z.union([z.number(), z.string()], { required_error: messages.required ?? invalid, invalid_type_error: invalid }).transform((value, ctx): Kobo => {
    try {
      return nairaToKobo(value);
    } catch {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: invalid });
      return z.NEVER;
    }
  });
}

/** A naira amount that must be above zero (money moved between people), in kobo. */
export const positiveNairaInKobo = nairaInKobo().refine((kobo) => kobo > 0, MSG.enterValidAmount);

/** Optional client idempotency key: the same key never charges twice. */
/**
 * `Number(value)`, as `z.coerce.number()` does, but NaN where the conversion itself throws (an object
 * whose `toString` is not a function): a body like that is a 400, never a 500.
 */
export function numberOrNaN(value: unknown): number {
  try {
    return Number(value);
  } catch {
    return Number.NaN;
  }
}

export const requestId = z
  .string()
  .trim()
  .min(8)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/)
  .optional();

export const phoneNumber = z
  .string({ required_error: MSG.allFieldsRequired })
  .trim()
  .regex(new RegExp(`^0\\d{${PHONE_NUMBER_LENGTH - 1}}$`), MSG.checkPhone);

/**
 * `text` as a phone number is taken everywhere else (trimmed, `0` and ten more digits), or undefined
 * when it is not a whole one (a listing filter may also be a part of a number).
 */
export function wholePhoneNumber(text: string): string | undefined {
  const parsed = phoneNumber.safeParse(text);
  return parsed.success ? parsed.data : undefined;
}

export const userNameSchema = z
  .string({ required_error: MSG.allFieldsRequired })
  .trim()
  .min(3, 'User name must be at least 3 characters')
  .max(30, 'User name must be at most 30 characters')
  .regex(/^[A-Za-z0-9_.-]+$/, 'User name may contain only letters, digits, _ . and -');

const DAY_SHAPE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A real calendar day written YYYY-MM-DD. The shape alone lets "2024-13-45" through, and such a
 * string makes an invalid Date whose toISOString throws, so validity is checked before the round trip.
 */
export function isCalendarDay(value: unknown): value is string {
  if (typeof value !== 'string' || !DAY_SHAPE.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** An optional form value left empty: undefined, null or only whitespace. */
export function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

/** The first problem of a refused input in words people read (zod's own wording names the field instead). */
export function firstIssueMessage(error: ZodError): string {
  const issue = error.issues[0];
  if (!issue) return MSG.badRequest;
  if (issue.code === 'invalid_type' && issue.message.startsWith('Expected')) {
    const field = issue.path.join('.');
    return issue.received === 'undefined' || issue.received === 'null' ? `${field || 'value'} is required` : `${field || 'value'} is invalid`;
  }
  return issue.message;
}
