/**
 * The client's address. Behind CloudFront the API sees the edge's address as the source, so the
 * login throttle would key every client of one edge location together; CloudFront passes the
 * viewer's own address in `CloudFront-Viewer-Address` ("ip:port"; IPv6 unbracketed, the port
 * after the last colon), set by its origin request policy from the socket it accepted.
 *
 * The header is only CloudFront's word when the request is known to have come through CloudFront:
 * it is trusted only when the origin secret check is configured (and so has passed, or the request
 * was refused before this). Anywhere else (no secret configured: the local cloud by default, a
 * direct call) anyone could have written it, and the source address the gateway saw is used.
 */
import { isIP } from 'node:net';
import { VIEWER_ADDRESS_HEADER } from '../../shared/constants.js';

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

/** `viaEdge`: the request passed the origin secret check, so CloudFront set the viewer-address header (./origin-secret.ts). */
export function clientAddress(headers: Record<string, string | undefined>, sourceIp: string, viaEdge: boolean): string {
  return (viaEdge ? viewerAddress(headers[VIEWER_ADDRESS_HEADER]) : undefined) ?? sourceIp;
}
