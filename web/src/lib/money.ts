import { formatNaira, KOBO_PER_NAIRA, nairaToKobo, type Kobo } from '@shared/money.js';

/**
 * The API sends naira as numbers with at most 2 decimals. Rounding to whole kobo here is exact
 * for such values and removes binary-float noise before anything is shown or added.
 */
export function apiNairaToKobo(naira: number): Kobo {
  return Math.round(naira * KOBO_PER_NAIRA);
}

export function koboToApiNaira(kobo: Kobo): number {
  return kobo / KOBO_PER_NAIRA;
}

/** "₦1,234.50" for a naira number from the API. */
export function showNaira(naira: number | null | undefined): string {
  return formatNaira(apiNairaToKobo(naira ?? 0));
}

/** A naira amount typed by the user, in kobo; null when it is not one (empty, not a number, > 2 decimals). */
export function parseNairaInput(amount: string): Kobo | null {
  const text = amount.trim();
  if (!text) return null;
  try {
    return nairaToKobo(text);
  } catch {
    return null;
  }
}
