/**
 * A batch of recharge cards as printed, pure: the cards (one per PIN, with what is printed on it),
 * the A4 sheets they fill (3 × 8 = 24 a sheet) and the CSV of the same cards. Only a batch's own
 * receipt carries its PINs, so these are made from that receipt, never from a listing.
 */
import type { TransactionView } from '@shared/api/transactions.js';
import { epinDialCode } from '@shared/api/epins.js';

/** Cards on an A4 sheet: 3 across, 8 down. */
export const CARDS_PER_ROW = 3;
export const ROWS_PER_SHEET = 8;
export const CARDS_PER_SHEET = CARDS_PER_ROW * ROWS_PER_SHEET;

export interface PrintedCard {
  network: string;
  /** Face value in naira. */
  denomination: number;
  pin: string;
  serial: string;
  /** What the holder dials: *311*PIN#. */
  dial: string;
  businessName: string;
}

/** The cards of a batch's receipt (empty when it carries no PINs: not delivered, or not read by its buyer). */
export function cardsOf(batch: Pick<TransactionView, 'epin' | 'pins'>): PrintedCard[] {
  if (!batch.epin || !batch.pins?.length) return [];
  const { network, denomination, businessName } = batch.epin;
  return batch.pins.map(({ pin, serial }) => ({ network, denomination, pin, serial: serial ?? '', dial: epinDialCode(pin), businessName }));
}

/** The cards in sheets of CARDS_PER_SHEET, in order. */
export function sheetsOf<T>(cards: readonly T[]): T[][] {
  const sheets: T[][] = [];
  for (let i = 0; i < cards.length; i += CARDS_PER_SHEET) sheets.push(cards.slice(i, i + CARDS_PER_SHEET));
  return sheets;
}

/** A CSV field: quoted when it holds a comma, a quote or a line break; a leading =, +, - or @ is neutralised for spreadsheets. */
function csvField(value: string | number): string {
  let text = String(value);
  if (/^[=+\-@]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const CSV_HEADER = ['Network', 'Denomination (NGN)', 'PIN', 'Serial', 'Dial', 'Business name'] as const;

/** The batch's cards as CSV: a header, then one line per card (CRLF, as spreadsheets expect). */
export function cardsCsv(cards: readonly PrintedCard[]): string {
  const lines = [CSV_HEADER.join(','), ...cards.map((c) => [c.network, c.denomination, c.pin, c.serial, c.dial, c.businessName].map(csvField).join(','))];
  return `${lines.join('\r\n')}\r\n`;
}

/** The CSV's file name: network, face value, count and the batch's id. */
export function csvFileName(batch: Pick<TransactionView, '_id' | 'epin'>, count: number): string {
  return `recharge-cards-${batch.epin?.network ?? 'batch'}-${batch.epin?.denomination ?? ''}-x${count}-${batch._id}.csv`;
}
