/**
 * Classifies what an MSORG-family panel answered (integrations.md) into the three outcomes that
 * drive a purchase: delivered, failed (definite: the panel did not and will not deliver, money
 * goes back) or ambiguous (the panel may have delivered: re-query, never refund).
 */
import type { SupplierOutcome } from './purchase-state.js';

/** What came back from one HTTP call to a supplier. */
export type SupplierAnswer =
  | { kind: 'http'; status: number; bodyText: string }
  | { kind: 'timeout' }
  | { kind: 'network_error'; message: string };

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

function parseBody(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function field(body: unknown, ...names: string[]): unknown {
  if (!body || typeof body !== 'object') return undefined;
  const record = body as Record<string, unknown>;
  for (const name of names) if (record[name] !== undefined && record[name] !== null) return record[name];
  return undefined;
}

function asText(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  return undefined;
}

function details(body: unknown): Pick<Classification, 'supplierReference' | 'apiResponse'> {
  return { supplierReference: asText(field(body, 'id', 'ident')), apiResponse: asText(field(body, 'api_response', 'message', 'msg')) };
}

/** `Status` of an MSORG body, lower-cased; panels differ in capitalisation. */
function panelStatus(body: unknown): string | undefined {
  return asText(field(body, 'Status', 'status'))?.trim().toLowerCase();
}

function fromStatus(status: string | undefined): SupplierOutcome | undefined {
  if (status === 'successful' || status === 'success' || status === 'delivered') return 'delivered';
  if (status === 'failed' || status === 'fail') return 'failed';
  if (status === 'processing' || status === 'pending') return 'ambiguous';
  return undefined;
}

function noAnswer(answer: Exclude<SupplierAnswer, { kind: 'http' }>): Classification {
  return answer.kind === 'timeout'
    ? { outcome: 'ambiguous', reason: 'timeout' }
    : { outcome: 'ambiguous', reason: 'network_error', body: answer.message };
}

/**
 * A purchase submission (POST /api/topup/, /api/data/): 2xx + `successful` → delivered;
 * `failed` or a 4xx → definite failure (the panel refused it); `processing`/`pending`, 5xx,
 * timeout, network error or an unreadable body → ambiguous. 408 and 409 are ambiguous too:
 * a request timeout or a clash with an existing request_id may hide a delivery.
 */
export function classifySubmission(answer: SupplierAnswer): Classification {
  if (answer.kind !== 'http') return noAnswer(answer);
  const body = parseBody(answer.bodyText);
  const status = panelStatus(body);
  const byStatus = fromStatus(status);
  const common = { ...details(body), body: body ?? answer.bodyText };
  if (answer.status >= 200 && answer.status < 300) {
    if (byStatus) return { outcome: byStatus, reason: `status_${status}`, ...common };
    return { outcome: 'ambiguous', reason: body === undefined ? 'unparseable_body' : 'unknown_status', ...common };
  }
  if (answer.status === 408 || answer.status === 409) return { outcome: 'ambiguous', reason: `http_${answer.status}`, ...common };
  if (answer.status >= 400 && answer.status < 500) return { outcome: 'failed', reason: `http_${answer.status}`, ...common };
  return { outcome: 'ambiguous', reason: `http_${answer.status}`, ...common };
}

/**
 * A re-query (GET /api/data/<id>): 2xx follows `Status`; 404 means the panel has no such
 * transaction (`not_found`, a definite failure only once the submission is old enough — the
 * caller decides with `requeryOutcome`); any other 4xx says nothing about the purchase
 * (our token, rate limits) and 5xx/timeouts neither: ambiguous.
 */
export function classifyRequery(answer: SupplierAnswer): Classification {
  if (answer.kind !== 'http') return noAnswer(answer);
  const body = parseBody(answer.bodyText);
  const status = panelStatus(body);
  const byStatus = fromStatus(status);
  const common = { ...details(body), body: body ?? answer.bodyText };
  if (answer.status >= 200 && answer.status < 300) {
    if (byStatus) return { outcome: byStatus, reason: `status_${status}`, ...common };
    return { outcome: 'ambiguous', reason: body === undefined ? 'unparseable_body' : 'unknown_status', ...common };
  }
  if (answer.status === 404) return { outcome: 'failed', reason: 'not_found', ...common };
  if (byStatus === 'failed') return { outcome: 'failed', reason: `status_${status}`, ...common };
  return { outcome: 'ambiguous', reason: `http_${answer.status}`, ...common };
}

/**
 * "Unknown to the supplier" right after a submission may only mean the panel has not recorded
 * it yet; it becomes a definite failure once the submission is older than `notFoundGraceMs`.
 */
export function requeryOutcome(classification: Pick<Classification, 'outcome' | 'reason'>, submittedAgeMs: number, notFoundGraceMs: number): SupplierOutcome {
  if (classification.reason === 'not_found' && submittedAgeMs < notFoundGraceMs) return 'ambiguous';
  return classification.outcome;
}
