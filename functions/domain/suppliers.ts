/**
 * Which suppliers deliver a purchase, in order, and what a supplier's answer means for the chain
 * (pure). The admin chooses one supplier per network (default ALARO); the others configured for
 * the network follow in configuration order, as failover after a definite failure only.
 */
import { DEFAULT_SUPPLIER, type SupplierName } from '../../shared/constants.js';
import type { SupplierOutcome } from './purchase-state.js';

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
