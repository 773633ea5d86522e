import { nairaInKobo } from '@shared/api/common.js';
import { formatNaira, KOBO_PER_NAIRA, type Kobo } from '@shared/money.js';

/**
 * The API sends naira as numbers with at most 2 decimals. Rounding to whole kobo here is exact
 * for such values and removes binary-float noise before anything is shown or added.
 */
export function apiNairaToKobo(naira: number): Kobo {
  return Math.round(naira * KOBO_PER_NAIRA);
}

/** What the web sends: naira, as the API takes them (it converts to kobo at its edge). */
export function koboToApiNaira(kobo: Kobo): number {
  return kobo / KOBO_PER_NAIRA;
}

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
