/**
 * Our webhooks to API users, signed as in the Standard Webhooks spec: HMAC-SHA256 over
 * `${id}.${timestamp}.${body}` with the user's secret, sent as `webhook-signature: v1,<base64>`.
 */
import { createHmac } from 'node:crypto';

/** The key bytes of a secret: base64 after an optional `whsec_` prefix (Standard Webhooks). */
export function webhookKey(secret: string): Buffer {
  const encoded = secret.startsWith('whsec_') ? secret.slice('whsec_'.length) : secret;
  return Buffer.from(encoded, 'base64');
}

export function signWebhook(input: { id: string; timestampSeconds: number; body: string; secret: string }): string {
  const mac = createHmac('sha256', webhookKey(input.secret)).update(`${input.id}.${input.timestampSeconds}.${input.body}`).digest('base64');
  return `v1,${mac}`;
}

export function webhookHeaders(input: { id: string; timestampSeconds: number; body: string; secret: string }): Record<string, string> {
  return {
    'content-type': 'application/json',
    'webhook-id': input.id,
    'webhook-timestamp': String(input.timestampSeconds),
    'webhook-signature': signWebhook(input),
  };
}

/** Only absolute http(s) URLs are delivered to. */
export function deliverableUrl(url: string | null | undefined): URL | undefined {
  if (!url) return undefined;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed : undefined;
  } catch {
    return undefined;
  }
}
