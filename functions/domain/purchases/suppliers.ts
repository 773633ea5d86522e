/**
 * Which suppliers deliver a purchase, in order, and what a supplier's answer means for the chain
 * (pure). The admin chooses one supplier per network (default ALARO); the others configured for
 * the network follow in configuration order, as failover after a definite failure only.
 */
import { DEFAULT_SUPPLIER, type SupplierName } from '../../../shared/constants.js';
import type { SupplierOutcome } from './purchase-state.js';
import type { BillerCheck, BillerQuery, SupplierGateway } from './suppliers-port.js';

/** What one supplier answer means for a purchase, whatever the protocol that carried it. */
export interface Classification {
  outcome: SupplierOutcome;
  /** Short machine-readable why, kept on the attempt record. */
  reason: string;
  /** The panel's own id of the transaction, when it gave one. */
  supplierReference?: string;
  /** The panel's `api_response` text (e.g. the network's confirmation message). */
  apiResponse?: string;
  /** The parsed body, or the raw text when it was not JSON. */
  body?: unknown;
}

/**
 * Supplier names to try, most preferred first: the admin's choice (else the default) when it is
 * configured, then every other configured supplier once, in configuration order.
 */
export function supplierPreference<Name extends string>(configured: readonly Name[], chosen: SupplierName | undefined): Name[] {
  const unique = [...new Set(configured)];
  const has = (name: string | undefined): name is Name => name !== undefined && (unique as readonly string[]).includes(name);
  const first = has(chosen) ? chosen : has(DEFAULT_SUPPLIER) ? DEFAULT_SUPPLIER : unique[0];
  return first === undefined ? [] : [first, ...unique.filter((name) => name !== first)];
}

export type AttemptDecision =
  /** Delivered: the purchase succeeds with this supplier. */
  | { kind: 'settle_success' }
  /** May have been delivered: stop the chain (a second supplier could double-deliver), re-query this one later. */
  | { kind: 'mark_pending' }
  /** Definitely not delivered, and another supplier is left: try it. */
  | { kind: 'fail_over'; next: string }
  /** Definitely not delivered anywhere: money back. */
  | { kind: 'refund' };

/** The failover rule: only a definite failure moves on to the next supplier, and only to one not tried yet. */
export function decideAfterAttempt(outcome: SupplierOutcome, remaining: readonly string[], tried: readonly string[] = []): AttemptDecision {
  switch (outcome) {
    case 'delivered':
      return { kind: 'settle_success' };
    case 'ambiguous':
      return { kind: 'mark_pending' };
    case 'failed': {
      const next = remaining.find((name) => !tried.includes(name));
      return next === undefined ? { kind: 'refund' } : { kind: 'fail_over', next };
    }
  }
}

/**
 * "Unknown to the supplier" right after a submission may only mean the panel has not recorded
 * it yet; it becomes a definite failure once the submission is older than `notFoundGraceMs`.
 */
export function requeryOutcome(classification: Pick<Classification, 'outcome' | 'reason'>, submittedAgeMs: number, notFoundGraceMs: number): SupplierOutcome {
  if (classification.reason === 'not_found' && submittedAgeMs < notFoundGraceMs) return 'ambiguous';
  return classification.outcome;
}

type Verdict = { kind: string; supplier: string; reason?: string };

/**
 * Asks suppliers in order who is behind a number (a meter, a smartcard, a profile): the first that
 * answers valid or invalid decides; one with no usable answer (timeout, outage, no credentials, a
 * supplier that cannot check) hands over to the next.
 */
export async function firstVerdict<V extends Verdict>(
  suppliers: readonly SupplierGateway[],
  ask: (supplier: SupplierGateway) => Promise<V> | undefined,
  none: V,
): Promise<V> {
  let last = none;
  for (const supplier of suppliers) {
    try {
      const asked = ask(supplier);
      if (!asked) continue;
      last = await asked;
    } catch (error) {
      last = { kind: 'unavailable', supplier: supplier.name, reason: `gateway_error: ${String(error)}` } as V;
    }
    if (last.kind !== 'unavailable') return last;
  }
  return last;
}

/** Who is behind a smartcard or JAMB profile: the bill suppliers' merchant-verify, in order (as for meters). */
export function checkBiller(query: BillerQuery, suppliers: readonly SupplierGateway[]): Promise<BillerCheck> {
  return firstVerdict<BillerCheck>(suppliers, (supplier) => supplier.verifyBiller?.(query), {
    kind: 'unavailable',
    supplier: 'NONE',
    reason: 'no_bill_supplier',
  });
}
