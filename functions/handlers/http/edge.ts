/**
 * The edge's adapters, wired once for every HTTP service: session tokens are verified by the
 * token adapter and callers loaded from the user store.
 */
import { loadPrincipal } from '../../adapters/dynamo/users.js';
import { verifyToken } from '../../adapters/token.js';
import type { EdgeDeps } from '../../middleware/http.js';

export const edge: EdgeDeps = { loadPrincipal, verifyToken };
