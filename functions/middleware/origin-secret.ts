/**
 * Refuses API requests that did not come through CloudFront: CloudFront adds ORIGIN_SECRET_HEADER
 * with a secret value to every request it forwards, so a request sent straight to the API's own
 * endpoint (which would skip the WAF and the edge's headers) lacks it and gets 403. Runs before
 * anything else reads the request. Off when no secret is configured (`expected` answers undefined).
 * The requests that passed it are remembered (`passedOriginSecret`): only theirs are CloudFront's
 * own headers, the viewer's address among them (./client-address.ts).
 */
import { timingSafeEqual } from 'node:crypto';
import type middy from '@middy/core';
import { ORIGIN_SECRET_HEADER } from '../../shared/constants.js';
import { MSG } from '../../shared/messages.js';
import { ForbiddenError } from './errors.js';

/** The events whose origin secret was checked and right (by identity: nothing a caller can write). */
const passed = new WeakSet<object>();

/** Whether this event came through CloudFront: an origin secret is configured and the event carried it. */
export function passedOriginSecret(event: object): boolean {
  return passed.has(event);
}

export function originSecretCheck(expected: () => Promise<string | undefined>): middy.MiddlewareObj<{ headers?: Record<string, string | undefined> }> {
  return {
    before: async (request) => {
      const secret = await expected();
      if (secret === undefined) return;
      const sent = request.event.headers?.[ORIGIN_SECRET_HEADER];
      if (!sent || !sameText(sent, secret)) throw new ForbiddenError(MSG.forbidden);
      passed.add(request.event);
    },
  };
}

/** Compared in constant time, so the answer's timing says nothing about how much of a guess was right. */
function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
