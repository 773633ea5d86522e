/**
 * Refuses API requests that did not come through CloudFront: CloudFront adds ORIGIN_SECRET_HEADER
 * with a secret value to every request it forwards, so a request sent straight to the API's own
 * endpoint (which would skip the WAF and the edge's headers) lacks it and gets 403. Runs before
 * anything else reads the request. Off when no secret is configured (`expected` answers undefined).
 */
import { timingSafeEqual } from 'node:crypto';
import type middy from '@middy/core';
import { ORIGIN_SECRET_HEADER } from '../../shared/constants.js';
import { MSG } from '../../shared/messages.js';
import { ForbiddenError } from './errors.js';

export function originSecretCheck(expected: () => Promise<string | undefined>): middy.MiddlewareObj<{ headers?: Record<string, string | undefined> }> {
  return {
    before: async (request) => {
      const secret = await expected();
      if (secret === undefined) return;
      const sent = request.event.headers?.[ORIGIN_SECRET_HEADER];
      if (!sent || !sameText(sent, secret)) throw new ForbiddenError(MSG.forbidden);
    },
  };
}

/** Compared in constant time, so the answer's timing says nothing about how much of a guess was right. */
function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
