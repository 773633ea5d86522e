/**
 * Build-time environment, parsed once. Anything the app reads from import.meta.env goes through here,
 * so a bad value fails loudly at startup instead of somewhere deep in a screen.
 */
const DEFAULT_CHAT_URL = 'https://wa.me/2348031234567';

function optionalUrl(name: string, value: string | undefined, fallback: string): string {
  const text = (value ?? '').trim();
  if (!text) return fallback;
  try {
    const url = new URL(text);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error('not http(s)');
    return text.replace(/\/+$/, '');
  } catch {
    throw new Error(`${name} must be an http(s) URL, got "${text}"`);
  }
}

export interface WebEnv {
  /** '' means the API is on the app's own origin (the usual case: CloudFront or the local cloud). */
  apiOrigin: string;
  chatUrl: string;
}

export const env: WebEnv = Object.freeze({
  apiOrigin: optionalUrl('VITE_API_ORIGIN', import.meta.env.VITE_API_ORIGIN, ''),
  chatUrl: optionalUrl('VITE_CHAT_URL', import.meta.env.VITE_CHAT_URL, DEFAULT_CHAT_URL),
});
