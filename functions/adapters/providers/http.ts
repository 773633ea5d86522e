/**
 * One JSON call to an outside party, bounded in time and size. Never throws: the caller gets the
 * status and parsed body, or `no_answer` (timeout, connection refused, unreadable reply).
 */
import { outboundBudgetMs, pastDeadline } from '../invocation.js';

// biome-ignore lint/suspicious/noExplicitAny: a provider's JSON is untyped; every field read is checked with typeof first
export type ProviderAnswer = { kind: 'answer'; status: number; json: any; text: string } | { kind: 'no_answer'; detail: string };

const MAX_RESPONSE_CHARS = 256 * 1024;

export interface CallOptions {
  method: 'GET' | 'POST';
  url: string;
  headers?: Record<string, string>;
  body?: unknown;
  timeoutMs: number;
  fetch?: typeof fetch;
}

export async function callProvider(options: CallOptions): Promise<ProviderAnswer> {
  // A timed-out invocation sends nothing (Lambda would have frozen it): as unanswered, so the caller asks again later.
  if (pastDeadline()) return { kind: 'no_answer', detail: 'not sent: the invocation had timed out' };
  const doFetch = options.fetch ?? fetch;
  try {
    const response = await doFetch(options.url, {
      method: options.method,
      headers: { accept: 'application/json', ...(options.body === undefined ? {} : { 'content-type': 'application/json' }), ...options.headers },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      redirect: 'error',
      signal: AbortSignal.timeout(outboundBudgetMs(options.timeoutMs)),
    });
    const text = (await response.text()).slice(0, MAX_RESPONSE_CHARS);
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    return { kind: 'answer', status: response.status, json, text };
  } catch (error) {
    return { kind: 'no_answer', detail: (error as Error).name === 'TimeoutError' ? `no answer within ${options.timeoutMs} ms` : String(error) };
  }
}

export function joinUrl(baseUrl: string, path: string): string {
  return `${baseUrl.replace(/\/+$/, '')}${path}`;
}

/** A short description of an answer for logs and records (never headers, never secrets). */
export function describeAnswer(answer: ProviderAnswer): string {
  if (answer.kind === 'no_answer') return answer.detail;
  const message = answer.json?.message ?? answer.json?.responseMessage ?? answer.json?.detail ?? answer.text.slice(0, 200);
  return `HTTP ${answer.status}: ${typeof message === 'string' ? message : JSON.stringify(message)}`;
}
