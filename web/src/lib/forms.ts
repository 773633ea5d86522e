import type { FieldErrors, FieldValues } from 'react-hook-form';
import { notify } from '@/ui/toast.js';

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

/** Local validation warnings are toasts, like every other message (spec §8); one toast per distinct message. */
export function warnFirstError<T extends FieldValues>(order: ReadonlyArray<keyof T & string>) {
  return (errors: FieldErrors<T>) => {
    const message = firstErrorMessage(errors, order);
    if (message) notify.warn(message);
  };
}
