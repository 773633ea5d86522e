/**
 * Build-time environment, parsed once with zod. Anything the app reads from import.meta.env goes
 * through here, so a bad value fails loudly at startup instead of somewhere deep in a screen.
 */
import { z } from 'zod';

const DEFAULT_CHAT_URL = 'https://wa.me/2348031234567';

/** An optional http(s) URL without its trailing slashes; blank or absent gives `fallback`. */
function optionalUrl(fallback: string) {
  return z
    .string()
    .trim()
    .optional()
    .transform((text) => text ?? '')
    .pipe(z.union([z.literal(''), z.string().url().regex(/^https?:\/\//i, 'must be an http(s) URL')]))
    .transform((text) => (text ? text.replace(/\/+$/, '') : fallback));
}

const webEnvSchema = z.object({
  /** '' means the API is on the app's own origin (the usual case: CloudFront or the local cloud). */
  VITE_API_ORIGIN: optionalUrl(''),
  VITE_CHAT_URL: optionalUrl(DEFAULT_CHAT_URL),
});

export interface WebEnv {
  /** '' means the API is on the app's own origin. */
  apiOrigin: string;
  chatUrl: string;
}

/** The web's settings from a Vite environment (exported for its test). */
export function parseWebEnv(source: Record<string, unknown>): WebEnv {
  const parsed = webEnvSchema.safeParse(source);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
    throw new Error(`Invalid web environment: ${problems}`);
  }
  return Object.freeze({ apiOrigin: parsed.data.VITE_API_ORIGIN, chatUrl: parsed.data.VITE_CHAT_URL });
}

export const env: WebEnv = parseWebEnv(import.meta.env);
