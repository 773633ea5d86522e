/**
 * The HTTP plumbing every supplier gateway shares: one bounded call that never throws for supplier
 * trouble, and a call's result as the purchase keeps it. Each protocol's paths, headers and
 * classifiers live in its own folder; this file knows none of them.
 */
import type { SupplierCallResult } from '../../domain/purchases/suppliers-port.js';
import { outboundBudgetMs, refuseAfterDeadline } from '../invocation.js';
import type { Classification, SupplierAnswer } from './http-answer.js';

/** The most of an answer's body that is read and kept. */
const MAX_RESPONSE_CHARS = 64 * 1024;

/** A configured base URL without its trailing slashes: every path starts with one. */
export function supplierBaseUrl(baseUrl: string): string {
  return baseUrl.replace(/\/+$/, '');
}

export interface SupplierCall {
  baseUrl: string;
  method: 'GET' | 'POST';
  path: string;
  /** Every header sent, the protocol's credentials included. */
  headers: Record<string, string>;
  /** Sent as JSON; nothing is sent when undefined. */
  body?: unknown;
  timeoutMs: number;
  fetch?: typeof fetch;
}

/** One call to a supplier: what came back (status and body text, bounded), a timeout, or a network error. */
export async function callSupplier(call: SupplierCall): Promise<SupplierAnswer> {
  // A timed-out invocation submits nothing (Lambda would have frozen it).
  refuseAfterDeadline(`supplier call ${call.method} ${call.path}`);
  const doFetch = call.fetch ?? fetch;
  try {
    const response = await doFetch(`${call.baseUrl}${call.path}`, {
      method: call.method,
      headers: call.headers,
      body: call.body === undefined ? undefined : JSON.stringify(call.body),
      // Covers the whole exchange, body included.
      signal: AbortSignal.timeout(outboundBudgetMs(call.timeoutMs)),
    });
    const text = await response.text();
    return { kind: 'http', status: response.status, bodyText: text.slice(0, MAX_RESPONSE_CHARS) };
  } catch (error) {
    const name = (error as Error | undefined)?.name;
    if (name === 'TimeoutError' || name === 'AbortError') return { kind: 'timeout' };
    return { kind: 'network_error', message: String((error as Error)?.message ?? error) };
  }
}

/**
 * What one call did, for the purchase and its attempt record: the classification's outcome and
 * facts, the HTTP status when there was an answer, what the supplier said it delivered (copied,
 * never made up), what was sent, and what came back (the body, else the missing answer itself).
 */
export function supplierCallResult(
  supplier: string,
  request: unknown,
  classification: Classification,
  answer?: SupplierAnswer,
  delivered: Pick<SupplierCallResult, 'electricity' | 'bill'> = {},
): SupplierCallResult {
  return {
    supplier,
    outcome: classification.outcome,
    reason: classification.reason,
    ...(classification.supplierReference === undefined ? {} : { supplierReference: classification.supplierReference }),
    ...(classification.apiResponse === undefined ? {} : { apiResponse: classification.apiResponse }),
    ...(answer?.kind === 'http' ? { httpStatus: answer.status } : {}),
    ...(delivered.electricity === undefined ? {} : { electricity: delivered.electricity }),
    ...(delivered.bill === undefined ? {} : { bill: delivered.bill }),
    request,
    response: classification.body ?? (answer && answer.kind !== 'http' ? answer : null),
  };
}
