/** For the forms' unit tests: what the screen would warn about, through the same resolver it uses. */
import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldErrors, FieldValues } from 'react-hook-form';
import type { z } from 'zod';
import { firstErrorMessage } from './forms.js';

/** The one warning a submit would toast (null: the form is sent), and the values the submit handler would get. */
export async function submitForm<Schema extends z.ZodType<unknown, z.ZodTypeDef, FieldValues>>(
  schema: Schema,
  values: z.input<Schema>,
  order: ReadonlyArray<keyof z.input<Schema> & string> = [],
): Promise<{ warning: string | null; values: z.output<Schema> | undefined }> {
  const result = await zodResolver(schema)(values, undefined, { fields: {}, shouldUseNativeValidation: false });
  const warning = firstErrorMessage(result.errors as FieldErrors<z.input<Schema>>, order) ?? null;
  return { warning, values: warning === null ? (result.values as z.output<Schema>) : undefined };
}
