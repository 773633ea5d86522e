/**
 * Classifies what an e-PIN panel answered (integrations.md, "Recharge card PINs") into the three
 * outcomes that drive a purchase, and reads the PINs it delivered:
 *
 *   - `{status: "Approved", bundle: [{token, serial}, …]}` → delivered, with exactly the PINs in the
 *     bundle (fewer than ordered is still a delivery: the settlement charges only those);
 *   - `{error: "ERR20x"}` → a definite failure (bad credentials, the panel's own balance too low,
 *     quantity not available, order not processed: nothing was issued);
 *   - no answer, a 5xx, an unreadable body, "Approved" without a single PIN → ambiguous: the panel may
 *     have issued PINs and charged its float, so nothing is refunded on a guess.
 *
 * The PINs never reach the attempt record: what is kept of the answer has each token masked.
 */
import type { BillPin } from '../../../domain/products/bill-catalogue.js';
import { maskedPin } from '../../../domain/transactions/transaction-views.js';
import { asText, field, parseBody, type Classification, type SupplierAnswer } from '../http-answer.js';

export type { Classification, SupplierAnswer };

/** The panel's error codes that say nothing was issued. */
export const EPIN_PANEL_ERRORS: Readonly<Record<string, string>> = {
  ERR200: 'username_missing',
  ERR201: 'invalid_credentials',
  ERR203: 'insufficient_balance',
  ERR205: 'quantity_not_available',
  ERR206: 'order_not_processed',
};

/** The PINs of an answer's bundle, as issued (each with a token; the serial when given). */
export function bundlePins(body: unknown): BillPin[] {
  const bundle = field(body, 'bundle');
  if (!Array.isArray(bundle)) return [];
  return bundle.flatMap((card): BillPin[] => {
    const pin = asText(field(card, 'token', 'pin'))?.trim();
    if (!pin) return [];
    const serial = asText(field(card, 'serial'))?.trim();
    return [{ pin, ...(serial ? { serial } : {}) }];
  });
}

/** An answer's body as the attempt record keeps it: every token masked but its last 4 characters. */
export function withoutPins(body: unknown): unknown {
  const bundle = field(body, 'bundle');
  if (!Array.isArray(bundle) || !body || typeof body !== 'object') return body;
  const masked = bundle.map((card) => {
    const token = asText(field(card, 'token', 'pin')) ?? '';
    return { token: maskedPin(token), serial: asText(field(card, 'serial')) ?? null };
  });
  return { ...(body as Record<string, unknown>), bundle: masked };
}

export function classifyEpinOrder(answer: SupplierAnswer): Classification {
  if (answer.kind === 'timeout') return { outcome: 'ambiguous', reason: 'timeout' };
  if (answer.kind === 'network_error') return { outcome: 'ambiguous', reason: 'network_error', body: answer.message };
  const body = parseBody(answer.bodyText);
  const kept = withoutPins(body ?? answer.bodyText);
  const reference = asText(field(body, 'transaction_id'));
  const common = { ...(reference ? { supplierReference: reference } : {}), body: kept };
  const error = asText(field(body, 'error'))?.trim().toUpperCase();
  if (error) {
    const description = asText(field(body, 'description'));
    const known = EPIN_PANEL_ERRORS[error];
    // A known code says nothing was issued; an unknown one may not, so it is not a refund's reason.
    return known
      ? { outcome: 'failed', reason: `${error}_${known}`, ...(description ? { apiResponse: description } : {}), ...common }
      : { outcome: 'ambiguous', reason: `unknown_error_${error}`, ...common };
  }
  if (answer.status >= 200 && answer.status < 300) {
    const status = asText(field(body, 'status'))?.trim().toLowerCase();
    if (status === 'approved') {
      return bundlePins(body).length > 0
        ? { outcome: 'delivered', reason: 'status_approved', ...common }
        : { outcome: 'ambiguous', reason: 'approved_without_pins', ...common };
    }
    return { outcome: 'ambiguous', reason: body === undefined ? 'unparseable_body' : 'unknown_status', ...common };
  }
  // A 4xx without a code names no outcome the panel documents; only its own error codes refund.
  return { outcome: 'ambiguous', reason: `http_${answer.status}`, ...common };
}
