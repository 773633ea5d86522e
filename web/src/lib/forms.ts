/**
 * The one way the web builds a form: react-hook-form with zodResolver, the schema derived from the
 * API's own request schema (shared/api) so the form and the server keep the same rules and
 * messages. Forms hold text; the resolver hands the submit handler the parsed values (money in
 * kobo), and each feature turns them into the body it sends (money back in naira).
 */
import type { FieldErrors, FieldValues } from 'react-hook-form';
import { z } from 'zod';
import { notify } from '@/ui/notify.js';

/** The message of the first invalid field, in the form's field order. */
export function firstErrorMessage<T extends FieldValues>(errors: FieldErrors<T>, order: ReadonlyArray<keyof T & string>): string | undefined {
  for (const name of order) {
    const message = errors[name]?.message;
    if (typeof message === 'string' && message) return message;
  }
  for (const error of Object.values(errors)) {
    const message = (error as { message?: unknown } | undefined)?.message;
    if (typeof message === 'string' && message) return message;
  }
  return undefined;
}

/** Local validation warnings are toasts, like every other message; one toast per distinct message. */
export function warnFirstError<T extends FieldValues>(order: ReadonlyArray<keyof T & string>) {
  return (errors: FieldErrors<T>) => {
    const message = firstErrorMessage(errors, order);
    if (message) notify.warn(message);
  };
}

/** A text field that must be filled in: trimmed, else `message`. */
export function filled(message: string) {
  return z.string().trim().min(1, message);
}

type Bare<T> = T extends z.ZodEffects<infer Inner, infer _Output, infer _Input> ? Bare<Inner> : T;

/** The object schema under a request schema's refinements (`.refine` hides `.shape`, `.pick` and `.extend`). */
export function bare<T extends z.ZodTypeAny>(schema: T): Bare<T> {
  let inner: z.ZodTypeAny = schema;
  while (inner instanceof z.ZodEffects) inner = inner.innerType();
  return inner as Bare<T>;
}

/**
 * `rules` run only once the `required` fields are filled in: what is missing is asked
 * for ("All fields are required") before any field's format is judged.
 */
export function filledFirst<Rules extends z.ZodTypeAny>(
  required: Partial<Record<keyof z.input<Rules> & string, string>>,
  rules: Rules,
): z.ZodType<z.output<Rules>, z.ZodTypeDef, z.input<Rules>> {
  const presence = Object.fromEntries(Object.entries(required).map(([field, message]) => [field, filled(message as string)]));
  return z.object(presence).passthrough().pipe(rules) as unknown as z.ZodType<z.output<Rules>, z.ZodTypeDef, z.input<Rules>>;
}
