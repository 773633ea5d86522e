/**
 * Classifies what an MSORG-family panel answered into the three outcomes that
 * drive a purchase: delivered, failed (definite: the panel did not and will not deliver, money
 * goes back) or ambiguous (the panel may have delivered: re-query, never refund).
 */
import type { ElectricityDelivery } from '../../../domain/purchases/suppliers-port.js';
import { electricityDeliveryFrom, type DeliveryFields } from '../../../domain/products/electricity.js';
import type { SupplierOutcome } from '../../../domain/purchases/purchase-state.js';
import { asText, details, field, parseBody, type Classification, type SupplierAnswer } from '../http-answer.js';

export type { Classification, SupplierAnswer };
import { asPlainText } from '../../../../shared/api/text.js';

/** `Status` of an MSORG body, lower-cased; panels differ in capitalisation. */
function panelStatus(body: unknown): string | undefined {
  return asText(field(body, 'Status', 'status'))
    ?.trim()
    .toLowerCase();
}

function fromStatus(status: string | undefined): SupplierOutcome | undefined {
  if (status === 'successful' || status === 'success' || status === 'delivered') return 'delivered';
  if (status === 'failed' || status === 'fail') return 'failed';
  if (status === 'processing' || status === 'pending') return 'ambiguous';
  return undefined;
}

function noAnswer(answer: Exclude<SupplierAnswer, { kind: 'http' }>): Classification {
  return answer.kind === 'timeout' ? { outcome: 'ambiguous', reason: 'timeout' } : { outcome: 'ambiguous', reason: 'network_error', body: answer.message };
}

/** A panel's answer as read: its `Status` (lower-cased), what that status says, and what every classification of it carries. */
type PanelReading = { status: string | undefined; byStatus: SupplierOutcome | undefined; common: Omit<Classification, 'outcome' | 'reason'> };

/**
 * The rules every panel answer follows: no answer (timeout, network error) is ambiguous; a 2xx
 * follows `Status`, and is ambiguous when the body is unreadable or the status unknown. Any other
 * HTTP status is `otherStatus`'s to classify.
 */
function classifyPanelAnswer(answer: SupplierAnswer, otherStatus: (httpStatus: number, reading: PanelReading) => Classification): Classification {
  if (answer.kind !== 'http') return noAnswer(answer);
  const body = parseBody(answer.bodyText);
  const status = panelStatus(body);
  const byStatus = fromStatus(status);
  const common = { ...details(body), body: body ?? answer.bodyText };
  if (answer.status >= 200 && answer.status < 300) {
    if (byStatus) return { outcome: byStatus, reason: `status_${status}`, ...common };
    return { outcome: 'ambiguous', reason: body === undefined ? 'unparseable_body' : 'unknown_status', ...common };
  }
  return otherStatus(answer.status, { status, byStatus, common });
}

/**
 * A purchase submission (POST /api/topup/, /api/data/): 2xx + `successful` → delivered;
 * `failed` or a 4xx → definite failure (the panel refused it); `processing`/`pending`, 5xx,
 * timeout, network error or an unreadable body → ambiguous. 408 and 409 are ambiguous too:
 * a request timeout or a clash with an existing request_id may hide a delivery.
 */
export function classifySubmission(answer: SupplierAnswer): Classification {
  return classifyPanelAnswer(answer, (httpStatus, { common }) => {
    if (httpStatus === 408 || httpStatus === 409) return { outcome: 'ambiguous', reason: `http_${httpStatus}`, ...common };
    if (httpStatus >= 400 && httpStatus < 500) return { outcome: 'failed', reason: `http_${httpStatus}`, ...common };
    return { outcome: 'ambiguous', reason: `http_${httpStatus}`, ...common };
  });
}

/**
 * A re-query (GET /api/data/<id>): 2xx follows `Status`; 404 means the panel has no such
 * transaction (`not_found`, a definite failure only once the submission is old enough — the
 * caller decides with `requeryOutcome`); any other 4xx says nothing about the purchase
 * (our token, rate limits) and 5xx/timeouts neither: ambiguous.
 */
export function classifyRequery(answer: SupplierAnswer): Classification {
  return classifyPanelAnswer(answer, (httpStatus, { status, byStatus, common }) => {
    if (httpStatus === 404) return { outcome: 'failed', reason: 'not_found', ...common };
    if (byStatus === 'failed') return { outcome: 'failed', reason: `status_${status}`, ...common };
    return { outcome: 'ambiguous', reason: `http_${httpStatus}`, ...common };
  });
}

// ---------------------------------------------------------------------------------------------
// Electricity (GET /api/validatemeter, POST /api/billpayment/, GET /api/billpayment/<id>)

const MSORG_DELIVERY_FIELDS: DeliveryFields = {
  token: ['token', 'Token', 'token_code'],
  units: ['units', 'Units', 'unit'],
  customerName: ['customer_name', 'Customer_Name', 'customerName', 'name'],
  customerAddress: ['customer_address', 'Customer_Address', 'customerAddress', 'address'],
  resetToken: ['reset_token', 'resetToken'],
  purchasedCode: ['api_response'],
};

/** What a panel said it delivered for a bill payment (token, units, customer), as it said it; undefined when nothing. */
export function msorgElectricityDelivery(body: unknown): ElectricityDelivery | undefined {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return undefined;
  return electricityDeliveryFrom([body as Record<string, unknown>], MSORG_DELIVERY_FIELDS);
}

export type MsorgMeterVerdict =
  | { kind: 'valid'; customerName: string; address?: string }
  | { kind: 'invalid'; message?: string }
  | { kind: 'unavailable'; reason: string };

function isTrue(value: unknown): boolean {
  return value === true || value === 'true' || value === 1 || value === '1';
}

/**
 * An answer of GET /api/validatemeter: 2xx `{invalid: false, name}` is a valid meter; 2xx
 * `{invalid: true}` an invalid one (with the panel's words when it gave some); anything else —
 * other statuses, no name, no answer — says nothing about the meter.
 */
export function classifyMsorgMeter(answer: SupplierAnswer): MsorgMeterVerdict {
  if (answer.kind !== 'http') return { kind: 'unavailable', reason: answer.kind };
  const body = parseBody(answer.bodyText);
  if (answer.status < 200 || answer.status >= 300) return { kind: 'unavailable', reason: `http_${answer.status}` };
  if (!body || typeof body !== 'object') return { kind: 'unavailable', reason: 'unparseable_body' };
  const name = asText(field(body, 'name', 'customer_name', 'Customer_Name'))?.trim();
  const message = asText(field(body, 'message', 'error', 'msg'))?.trim() || undefined;
  if (isTrue(field(body, 'invalid'))) return { kind: 'invalid', ...((message ?? name) ? { message: message ?? name } : {}) };
  if (field(body, 'invalid') !== undefined && name) {
    const address = asText(field(body, 'address', 'customer_address', 'Address'))?.trim();
    // The holder's name is shown to the buyer and kept on the purchase: plain text, as every free text is (shared/api/text.ts).
    return { kind: 'valid', customerName: asPlainText(name), ...(address ? { address: asPlainText(address) } : {}) };
  }
  return { kind: 'unavailable', reason: 'no_verdict' };
}
