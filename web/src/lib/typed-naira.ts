import { nairaInKobo } from '@shared/api/common.js';
import type { Kobo } from '@shared/money.js';

// Apart from ./money.ts: it reads with the API's zod schema, which only the forms that take an amount need.
const typedAmount = nairaInKobo();

/**
 * A naira amount being typed, in kobo, for the previews shown while typing (charge, what arrives);
 * null while it is not one. Read with the API's own conversion, so the preview matches the form.
 */
export function typedNairaInKobo(text: string | number | null | undefined): Kobo | null {
  const parsed = typedAmount.safeParse(text ?? '');
  return parsed.success ? parsed.data : null;
}
