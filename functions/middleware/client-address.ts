/**
 * The client's own address. Behind CloudFront the API sees CloudFront's address as the source IP;
 * CloudFront passes the viewer's as `CloudFront-Viewer-Address` ("ip:port", IPv6 unbracketed), so
 * that is used when present, the source IP otherwise (a direct call, the local cloud). Shared by
 * the throttles keyed on the client (password reset requests here; issue 20).
 */
export const VIEWER_ADDRESS_HEADER = 'cloudfront-viewer-address';

export function clientAddressOf(headers: Record<string, string | undefined>, sourceIp: string): string {
  const viewer = headers[VIEWER_ADDRESS_HEADER]?.trim();
  if (viewer) {
    const colon = viewer.lastIndexOf(':');
    const address = (colon > 0 ? viewer.slice(0, colon) : viewer).replace(/^\[|\]$/g, '');
    if (address) return address;
  }
  return sourceIp;
}
