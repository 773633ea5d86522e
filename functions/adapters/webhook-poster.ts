/**
 * POSTs a signed webhook to an API user's receiver, to a checked (public) address only.
 *
 * The URL's host is resolved at send time and every address it answers must be public
 * (domain/webhook-addresses.ts; loopback too where the local cloud allows it): a name such as
 * `169.254.169.254.nip.io` or one whose DNS changed after the URL was saved is refused. The check
 * runs inside the connection's own `lookup`, so the socket connects to exactly the address that was
 * checked — no second resolution a DNS-rebinding server could answer differently. A literal IP in
 * the URL never reaches a lookup (Node connects to it directly), so it is judged before connecting.
 *
 * Redirects are not followed (a 3xx is just a non-2xx answer): a redirect could otherwise lead a
 * checked public URL inside our network. Any failure to get an answer — a refused address, DNS, a
 * refused connection, TLS, a timeout — is reported with one generic reason, never the cause: the
 * delivery log and the test delivery must not work as a port or network scanner.
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { request as httpRequest, type RequestOptions } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { WEBHOOK_MSG } from '../../shared/messages.js';
import { ENV } from '../../shared/runtime-env.js';
import { isAllowedWebhookAddress } from '../domain/notifications/webhook-addresses.js';
import type { WebhookPoster } from '../domain/notifications/webhooks.js';
import { env } from './environment.js';
import { refuseAfterDeadline } from './invocation.js';
import { logger } from './observability.js';

/** The address a name resolved to and that passed the check. */
export type WebhookHostCheck = { ok: true; address: string; family: number } | { ok: false; reason: 'not_found' | 'forbidden_address' };

/**
 * Resolves a webhook host (a name or a literal address) and judges every address it answers: one
 * forbidden address refuses the host, since a connection could go to any of them.
 */
export function resolveWebhookHost(host: string, allowLoopback: boolean): Promise<WebhookHostCheck> {
  const bare = host.replace(/^\[|\]$/g, '').replace(/\.$/, '');
  if (isIP(bare))
    return Promise.resolve(
      isAllowedWebhookAddress(bare, allowLoopback) ? { ok: true, address: bare, family: isIP(bare) } : { ok: false, reason: 'forbidden_address' },
    );
  return new Promise((resolve) => {
    dnsLookup(bare, { all: true, verbatim: true }, (error, addresses: LookupAddress[]) => {
      if (error || addresses.length === 0) return resolve({ ok: false, reason: 'not_found' });
      if (addresses.some((a) => !isAllowedWebhookAddress(a.address, allowLoopback))) return resolve({ ok: false, reason: 'forbidden_address' });
      resolve({ ok: true, address: addresses[0]!.address, family: addresses[0]!.family });
    });
  });
}

class ForbiddenWebhookAddressError extends Error {
  readonly code = 'EWEBHOOKADDRESS';
}

/** The connection's lookup: resolve, judge, and hand the socket the very address that was judged. */
function checkedLookup(allowLoopback: boolean): LookupFunction {
  return (hostname, options, callback) => {
    void resolveWebhookHost(hostname, allowLoopback).then((checked) => {
      const done = callback as (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;
      if (!checked.ok)
        return done(Object.assign(new ForbiddenWebhookAddressError(`webhook host refused: ${checked.reason}`), { code: 'EWEBHOOKADDRESS' }), '', 4);
      if ((options as { all?: boolean }).all) return done(null, [{ address: checked.address, family: checked.family }]);
      done(null, checked.address, checked.family);
    });
  };
}

/** A poster judging addresses under `allowLoopback` (the local cloud's allowance). */
export function webhookPoster(allowLoopback: () => boolean): WebhookPoster {
  return async (url, { headers, body }, timeoutMs) => {
    // A timed-out invocation posts nothing (Lambda would have frozen it).
    refuseAfterDeadline('webhook post');
    const unreachable = { kind: 'unreachable', reason: WEBHOOK_MSG.unreachable } as const;
    let target: URL;
    try {
      target = new URL(url);
    } catch {
      return unreachable;
    }
    const allow = allowLoopback();
    const host = target.hostname.replace(/^\[|\]$/g, '');
    // Node connects to a literal address without any lookup: judge it here.
    if (isIP(host) && !isAllowedWebhookAddress(host, allow)) return unreachable;
    const send = target.protocol === 'https:' ? httpsRequest : target.protocol === 'http:' ? httpRequest : undefined;
    if (!send) return unreachable;
    const options: RequestOptions = {
      method: 'POST',
      headers: { ...headers, 'content-length': Buffer.byteLength(body) },
      lookup: checkedLookup(allow),
      // A fresh connection per delivery: a pooled socket would skip the lookup, and so the check.
      agent: false,
    };
    return new Promise((resolve) => {
      let settled = false;
      const finish = (answer: Awaited<ReturnType<WebhookPoster>>, cause?: unknown) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        // The cause stays with operators; the user sees only the generic reason.
        if (cause)
          logger.info('webhook not delivered', {
            host: target.hostname,
            cause: cause instanceof Error ? ((cause as NodeJS.ErrnoException).code ?? cause.name) : String(cause),
          });
        resolve(answer);
      };
      const request = send(target, options, (response) => {
        // Only the status matters; the body is released at once, whatever its size.
        finish({ kind: 'answered', status: response.statusCode ?? 0 });
        response.destroy();
      });
      const timer = setTimeout(() => request.destroy(Object.assign(new Error('timeout'), { code: 'ETIMEDOUT' })), timeoutMs);
      request.on('error', (error) => finish(unreachable, error));
      request.end(body);
    });
  };
}

/** The functions' poster: the local cloud's loopback allowance read from ALLOW_LOOPBACK_WEBHOOKS (never set by the stack). */
export const postWebhook: WebhookPoster = webhookPoster(() => env(ENV.allowLoopbackWebhooks));
