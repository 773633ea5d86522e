/**
 * Security headers CloudFront adds to every response of the web app (and of /api/*, same origin).
 *
 * The CSP is the strictest the built app runs under: scripts, fonts, images and API calls all come
 * from the app's own origin (the API is /api/* on it; icons are inline SVG). Styles also allow
 * 'unsafe-inline' because react-toastify injects its stylesheet as a <style> element at runtime.
 * A build with VITE_API_ORIGIN pointing elsewhere would need that origin in connect-src.
 */
import { Duration } from 'aws-cdk-lib';
import { HeadersFrameOption, HeadersReferrerPolicy, ResponseHeadersPolicy } from 'aws-cdk-lib/aws-cloudfront';
import type { Construct } from 'constructs';

export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

export function webResponseHeaders(scope: Construct): ResponseHeadersPolicy {
  return new ResponseHeadersPolicy(scope, 'WebSecurityHeaders', {
    comment: 'CSP, HSTS, no framing, no sniffing, origin-only referrers',
    securityHeadersBehavior: {
      contentSecurityPolicy: { contentSecurityPolicy: CONTENT_SECURITY_POLICY, override: true },
      strictTransportSecurity: { accessControlMaxAge: Duration.days(365), includeSubdomains: true, override: true },
      frameOptions: { frameOption: HeadersFrameOption.DENY, override: true },
      contentTypeOptions: { override: true },
      referrerPolicy: { referrerPolicy: HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN, override: true },
    },
  });
}
