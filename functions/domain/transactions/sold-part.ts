/**
 * What a successful purchase sold. A batch delivered in part (recharge cards short of the order)
 * keeps its whole debit on its record, since the wallet's chain explains every balance change by its
 * record's amount, and the charge of what never came goes back in its settlement's one write, noted
 * on the batch as `bill.refundedKobo`. Every sales figure (the listings' totals and counters, the
 * dashboard, profit and loss) counts this part, never the whole debit: what came back was never
 * sold, as a purchase refunded whole sells nothing.
 */
import type { Kobo } from '../../../shared/money.js';

export interface SoldPart {
  /** The charge the user kept paying. */
  amountKobo: Kobo;
  /** The face value delivered (airtime, electricity, cards), when the record has one. */
  faceValueKobo: Kobo | undefined;
  /** What the supplier charged for what it delivered, when the record has it. */
  costKobo: Kobo | undefined;
  /** Credited back at settlement for what never came; 0 for a purchase delivered whole. */
  refundedKobo: Kobo;
}

/** The fields of a transaction record (transactions.ts) a sale is read from. */
export interface SaleFigures {
  amountKobo: Kobo;
  faceValueKobo?: Kobo;
  costKobo?: Kobo;
  bill?: { refundedKobo?: Kobo };
}

export function soldPart(record: SaleFigures): SoldPart {
  const refundedKobo = record.bill?.refundedKobo ?? 0;
  if (!(refundedKobo > 0 && refundedKobo < record.amountKobo)) {
    return { amountKobo: record.amountKobo, faceValueKobo: record.faceValueKobo, costKobo: record.costKobo, refundedKobo: 0 };
  }
  const amountKobo = record.amountKobo - refundedKobo;
  // The face value and the supplier's cost in the share of the charge kept: for cards all priced alike,
  // delivered ÷ ordered, which leaves whole kobo.
  const share = (kobo: Kobo | undefined) => (kobo === undefined ? undefined : Math.round((kobo * amountKobo) / record.amountKobo));
  return { amountKobo, faceValueKobo: share(record.faceValueKobo), costKobo: share(record.costKobo), refundedKobo };
}
