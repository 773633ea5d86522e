/**
 * The client's address. Behind CloudFront the API sees the edge's address as the source, so the
 * login throttle would key every client of one edge location together; CloudFront passes the
 * viewer's own address in `CloudFront-Viewer-Address` ("ip:port"; IPv6 unbracketed, the port
 * after the last colon). Without it (the local cloud, a direct call) the source address is used.
 *
 * The header is only as trustworthy as the path to the API: a caller who reaches the API without
 * CloudFront could set it. That only moves a caller between per-address counters; the per-account
 * ceiling and its e-mailed code (domain/login-step-up.ts) do not depend on it.
 */
import { isIP } from 'node:net';

export const VIEWER_ADDRESS_HEADER = 'cloudfront-viewer-address';

/** The address part of a CloudFront-Viewer-Address value, or undefined when it is not one. */
export function viewerAddress(value: string | undefined): string | undefined {
  const text = value?.trim();
  if (!text) return undefined;
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(text);
  if (bracketed) return isIP(bracketed[1]!) ? bracketed[1] : undefined;
  // CloudFront always appends the port: an IPv6 address's last group is never taken for it.
  const cut = text.lastIndexOf(':');
  if (cut <= 0 || !/^\d{1,5}$/.test(text.slice(cut + 1))) return undefined;
  const address = text.slice(0, cut);
  return isIP(address) ? address : undefined;
}

export function clientAddress(headers: Record<string, string | undefined>, sourceIp: string): string {
  return viewerAddress(headers[VIEWER_ADDRESS_HEADER]) ?? sourceIp;
}
