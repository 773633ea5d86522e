/**
 * POSTs a signed webhook to an API user's receiver. Redirects are not followed (a 3xx is just a
 * non-2xx answer): a redirect could otherwise lead a checked public URL inside our network. Any
 * failure to get an answer — a timeout, a refused connection, a bad certificate — is reported as
 * `unreachable` with a short reason for the user's delivery log, never thrown.
 */
import type { WebhookPoster } from '../domain/webhooks.js';
import { refuseAfterDeadline } from './invocation.js';

function reasonOf(error: unknown, timeoutMs: number): string {
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) return `no answer within ${timeoutMs / 1000} s`;
  const cause = error instanceof Error ? (error.cause as { code?: unknown } | undefined) : undefined;
  if (typeof cause?.code === 'string') return cause.code;
  return error instanceof Error ? error.message.slice(0, 200) : 'request failed';
}

export const postWebhook: WebhookPoster = async (url, { headers, body }, timeoutMs) => {
  // A timed-out invocation posts nothing (Lambda would have frozen it).
  refuseAfterDeadline('webhook post');
  try {
    const response = await fetch(url, { method: 'POST', headers, body, redirect: 'manual', signal: AbortSignal.timeout(timeoutMs) });
    // Only the status matters; the body is released at once, whatever its size.
    await response.body?.cancel().catch(() => undefined);
    return { kind: 'answered', status: response.status };
  } catch (error) {
    return { kind: 'unreachable', reason: reasonOf(error, timeoutMs) };
  }
};
