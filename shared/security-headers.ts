/**
 * The security headers every response of the web app and of /api/* carries: in the cloud the
 * CloudFront response headers policy adds them (infra/stack/web-headers.ts builds it from these values), and
 * the local cloud sends the very same ones (infra/local/edge/gateway.ts), so what the browser tests run
 * under is what production serves.
 *
 * The CSP is the strictest the built app runs under: scripts, fonts, images and API calls all come
 * from the app's own origin (the API is /api/* on it; icons are inline SVG). Styles also allow
 * 'unsafe-inline' because react-toastify injects its stylesheet as a <style> element at runtime.
 * A build with VITE_API_ORIGIN pointing elsewhere would need that origin in connect-src.
 */
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

/** HSTS: a year, subdomains included. */
export const HSTS_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;
export const FRAME_OPTION = 'DENY';
export const REFERRER_POLICY = 'strict-origin-when-cross-origin';

/** The headers as they go on the wire (lower-case names). */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'strict-transport-security': `max-age=${HSTS_MAX_AGE_SECONDS}; includeSubDomains`,
  'x-frame-options': FRAME_OPTION,
  'x-content-type-options': 'nosniff',
  'referrer-policy': REFERRER_POLICY,
};
