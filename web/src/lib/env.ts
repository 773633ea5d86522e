/**
 * Build-time environment, parsed once. Anything the app reads from import.meta.env goes through
 * here, so a bad value fails loudly at startup instead of somewhere deep in a screen.
 *
 * Checked by hand rather than with zod: this module is part of the first download of every page,
 * and zod would add ~25 KB (gzipped) to it for two URLs.
 */
const DEFAULT_CHAT_URL = 'https://wa.me/2348031234567';

export interface WebEnv {
  /** '' means the API is on the app's own origin (the usual case: CloudFront or the local cloud). */
  apiOrigin: string;
  chatUrl: string;
}

function isHttpUrl(text: string): boolean {
  if (!/^https?:\/\//i.test(text)) return false;
  try {
    new URL(text);
    return true;
  } catch {
    return false;
  }
}

/** An optional http(s) URL without its trailing slashes; blank or absent gives `fallback`. */
function optionalUrl(source: Record<string, unknown>, name: string, fallback: string, problems: string[]): string {
  const value = source[name];
  if (value !== undefined && typeof value !== 'string') {
    problems.push(`${name}: must be a string`);
    return fallback;
  }
  const text = (value ?? '').trim();
  if (text === '') return fallback;
  if (!isHttpUrl(text)) {
    problems.push(`${name}: must be an http(s) URL`);
    return fallback;
  }
  return text.replace(/\/+$/, '');
}

/** The web's settings from a Vite environment (exported for its test). */
export function parseWebEnv(source: Record<string, unknown>): WebEnv {
  const problems: string[] = [];
  const apiOrigin = optionalUrl(source, 'VITE_API_ORIGIN', '', problems);
  const chatUrl = optionalUrl(source, 'VITE_CHAT_URL', DEFAULT_CHAT_URL, problems);
  if (problems.length > 0) throw new Error(`Invalid web environment: ${problems.join('; ')}`);
  return Object.freeze({ apiOrigin, chatUrl });
}

export const env: WebEnv = parseWebEnv(import.meta.env);
