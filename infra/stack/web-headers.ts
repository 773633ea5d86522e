/**
 * Security headers CloudFront adds to every response of the web app (and of /api/*, same origin).
 * Their values live once in shared/security-headers.ts, which the local cloud sends too.
 */
import { Duration } from 'aws-cdk-lib';
import { HeadersFrameOption, type HeadersReferrerPolicy, ResponseHeadersPolicy } from 'aws-cdk-lib/aws-cloudfront';
import type { Construct } from 'constructs';
import { CONTENT_SECURITY_POLICY, FRAME_OPTION, HSTS_MAX_AGE_SECONDS, REFERRER_POLICY } from '../../shared/security-headers.js';

export { CONTENT_SECURITY_POLICY };

export function webResponseHeaders(scope: Construct): ResponseHeadersPolicy {
  return new ResponseHeadersPolicy(scope, 'WebSecurityHeaders', {
    comment: 'CSP, HSTS, no framing, no sniffing, origin-only referrers',
    securityHeadersBehavior: {
      contentSecurityPolicy: { contentSecurityPolicy: CONTENT_SECURITY_POLICY, override: true },
      strictTransportSecurity: { accessControlMaxAge: Duration.seconds(HSTS_MAX_AGE_SECONDS), includeSubdomains: true, override: true },
      frameOptions: { frameOption: FRAME_OPTION === 'DENY' ? HeadersFrameOption.DENY : HeadersFrameOption.SAMEORIGIN, override: true },
      contentTypeOptions: { override: true },
      referrerPolicy: { referrerPolicy: REFERRER_POLICY as HeadersReferrerPolicy, override: true },
    },
  });
}
