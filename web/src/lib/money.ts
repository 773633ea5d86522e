import { nairaInKobo } from '@shared/api/common.js';
import { formatNaira, type Kobo } from '@shared/money.js';
import { apiNairaToKobo } from './api-naira.js';

// Apart so the session (on every page's first download) converts without the zod schemas below.
export { apiNairaToKobo, koboToApiNaira } from './api-naira.js';

/** "₦1,234.50" for a naira number from the API. */
export function showNaira(naira: number | null | undefined): string {
  return formatNaira(apiNairaToKobo(naira ?? 0));
}

const typedAmount = nairaInKobo();

/**
 * A naira amount being typed, in kobo, for the previews shown while typing (charge, what arrives);
 * null while it is not one. Read with the API's own conversion, so the preview matches the form.
 */
export function typedNairaInKobo(text: string | number | null | undefined): Kobo | null {
  const parsed = typedAmount.safeParse(text ?? '');
  return parsed.success ? parsed.data : null;
}
