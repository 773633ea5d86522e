/**
 * The one place a transaction record is shaped for whoever reads it. Every answer that carries a
 * transaction (a listing, a lookup, a purchase's receipt and its replay, a bulk batch's lines, the
 * session's recent transactions, the admin dashboard, a webhook) is built with `viewFor`, so no route
 * decides these rules on its own:
 *
 *   - The platform's margin (trans_profit; a listing's totalProfit and per-network stat) reaches
 *     operators only: admins and agents. A customer reads trans_profit 0. An API key's holder is a
 *     customer whoever owns the key (credentials.ts), and a webhook goes to its owner as a customer.
 *   - PINs a purchase delivered (exam PINs, e-PINs) are their buyer's: the buyer reads them in full;
 *     everyone else, operators included, reads each PIN's last 4 characters and its serial. An admin
 *     who must read one for support reveals them with a reason (`revealedPins`, behind an audited
 *     admin route).
 *   - A batch of recharge cards is a sheet of money: its PINs are read on its own receipt only (the
 *     lookup of that one transaction, `'receipt'`). Everywhere else — listings, the session's recent
 *     transactions, the dashboard, a purchase's answer, a webhook — it carries its count (`epin`).
 */
import { PIN_MASK_CHAR, PIN_SHOWN_CHARS, type TransactionView } from '../../../shared/api/transactions.js';
import { toTransactionView, type TransactionRecord } from './transactions.js';

/** Who reads a transaction: their id (are they its owner?) and their operator roles as authenticated. */
export interface TransactionReader {
  userId: string;
  isAdmin: boolean;
  isAgent: boolean;
}

/** Whether the reader sees the platform's margin: operators only. */
export function seesMargins(reader: Pick<TransactionReader, 'isAdmin' | 'isAgent'>): boolean {
  return reader.isAdmin || reader.isAgent;
}

/** A PIN as anyone but its buyer sees it: its last 4 characters, the rest masked (a PIN of 4 or fewer wholly masked). */
export function maskedPin(pin: string): string {
  const shown = pin.length > PIN_SHOWN_CHARS ? pin.slice(-PIN_SHOWN_CHARS) : '';
  return PIN_MASK_CHAR.repeat(pin.length - shown.length) + shown;
}

/** Where a transaction is read: on its own receipt, or anywhere else (a listing, an answer, a webhook). */
export type ViewPlace = 'receipt' | 'listed';

/** The view of a transaction as this reader may see it (see the rules above). */
export function shownTo(reader: TransactionReader, view: TransactionView, place: ViewPlace = 'listed'): TransactionView {
  const buyer = view.trans_By === reader.userId;
  const shown = place === 'receipt' ? view : countedOnly(view);
  return {
    ...shown,
    trans_profit: seesMargins(reader) ? shown.trans_profit : 0,
    ...(shown.pins && !buyer ? { pins: shown.pins.map((p) => ({ pin: maskedPin(p.pin), serial: p.serial })) } : {}),
  };
}

/** A view without a batch of recharge cards' PINs (their count, `epin`, stays): anywhere but the batch's own receipt. */
export function countedOnly(view: TransactionView): TransactionView {
  if (!view.epin || !view.pins) return view;
  const { pins: _withheld, ...counted } = view;
  return counted;
}

/** A stored record as this reader may see it: the one mapper every answer carrying a transaction goes through. */
export function viewFor(reader: TransactionReader, record: TransactionRecord, place: ViewPlace = 'listed'): TransactionView {
  return shownTo(reader, toTransactionView(record), place);
}

/** The owner as a customer: who a webhook (the owner's own endpoint) is for. */
export function ownerAsCustomer(view: Pick<TransactionView, 'trans_By'>): TransactionReader {
  return { userId: view.trans_By, isAdmin: false, isAgent: false };
}

/**
 * The purchase's PINs in full, for an admin's audited reveal only (the route records who, why and
 * when before they are answered). Undefined when it delivered none.
 */
export function revealedPins(record: TransactionRecord): { pin: string; serial: string | null }[] | undefined {
  return toTransactionView(record).pins;
}
