import { KOBO_PER_NAIRA, type Kobo } from '@shared/money.js';

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
