/**
 * Money is an integer number of kobo everywhere inside the platform.
 * Naira (up to 2 decimals) appear only at the HTTP edge and on screen.
 */
export type Kobo = number;

export const KOBO_PER_NAIRA = 100;

/** Basis points: 10_000 bps = 100%. Rates are integers so no float touches money. */
export type BasisPoints = number;

export class InvalidAmountError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InvalidAmountError';
  }
}

/** Converts a naira amount (number or numeric string, at most 2 decimals) to kobo exactly. */
export function nairaToKobo(naira: number | string): Kobo {
  const text = typeof naira === 'number' ? naira.toString() : naira.trim();
  if (!/^\d+(\.\d{1,2})?$/.test(text)) {
    throw new InvalidAmountError('amount must be a positive number with at most 2 decimals');
  }
  const [whole, fraction = ''] = text.split('.');
  const kobo = Number(whole) * KOBO_PER_NAIRA + Number(fraction.padEnd(2, '0'));
  if (!Number.isSafeInteger(kobo)) throw new InvalidAmountError('amount is too large');
  return kobo;
}

/** Kobo to a naira number for JSON responses (exact: kobo are integers, /100 gives at most 2 decimals). */
export function koboToNaira(kobo: Kobo): number {
  assertKobo(kobo);
  return kobo / KOBO_PER_NAIRA;
}

export function assertKobo(kobo: Kobo): void {
  if (!Number.isSafeInteger(kobo)) throw new InvalidAmountError(`not an integer kobo amount: ${kobo}`);
}

/**
 * The one rounding rule for percentages of money: round half up to the nearest kobo.
 * Used for the airtime charge (98%/99%) and the 1% funding charge.
 */
export function applyRate(amountKobo: Kobo, rateBps: BasisPoints): Kobo {
  assertKobo(amountKobo);
  if (!Number.isInteger(rateBps) || rateBps < 0) throw new InvalidAmountError('rate must be whole basis points');
  // Integer arithmetic: (a * r + 5000) / 10000 floored == round half up, for non-negative values.
  return Math.floor((amountKobo * rateBps + 5_000) / 10_000);
}

const nairaFormat = new Intl.NumberFormat('en-NG', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** "₦1,234.50" — the only way money is shown to a person. */
export function formatNaira(kobo: Kobo): string {
  const sign = kobo < 0 ? '-' : '';
  return `${sign}₦${nairaFormat.format(Math.abs(kobo) / KOBO_PER_NAIRA)}`;
}
