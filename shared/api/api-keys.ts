/** The caller's API key: only its prefix and hint are ever shown again; the key itself once, at (re)generation. */
import { z } from 'zod';
import { MSG } from '../messages.js';

/** What the owner sees of their key. */
export interface ApiKeySummaryView {
  /** `vtu_` and the key's next four characters. */
  prefix: string;
  /** prefix…last four. */
  keyHint: string;
  createdAt: string;
  /** To the minute; null until the key is first used. */
  lastUsedAt: string | null;
}

/** GET /auth/apiKey: `apiKey` null until the first generation (and after a revocation). */
export interface ApiKeyResponse {
  apiKey: ApiKeySummaryView | null;
}

/** POST /auth/apiKey/regenerate: the new key, shown this once; the old one no longer works. */
export interface RegenerateApiKeyResponse extends ApiKeySummaryView {
  msg: string;
  apiKey: string;
}

/** POST /auth/apiKey/regenerate and /auth/apiKey/revoke: a change to the key takes the password. */
export const apiKeyChangeRequest = z.object({
  password: z.string({ required_error: MSG.allFieldsRequired, invalid_type_error: MSG.allFieldsRequired }).min(1, MSG.allFieldsRequired),
});
export type ApiKeyChangeRequest = z.infer<typeof apiKeyChangeRequest>;
