/** The caller's API key (issue 11): only its hint is ever shown again; the key itself once, at (re)generation. */

/** GET /auth/apiKey: `apiKey` null until the first generation. */
export interface ApiKeyResponse {
  apiKey: { keyHint: string; createdAt: string } | null;
}

/** POST /auth/apiKey/regenerate: the new key, shown this once; the old one no longer works. */
export interface RegenerateApiKeyResponse {
  msg: string;
  apiKey: string;
  keyHint: string;
  createdAt: string;
}
