/**
 * Who is calling: the port between the HTTP edge (which authenticates) and the user store (which
 * loads the caller's current roles). Lives here, not in the middleware, so adapters never import
 * the edge.
 */
import type { ServiceType, UserType } from '../../../shared/constants.js';
import type { ServiceLocksRead } from '../purchases/service-locks.js';
import type { WalletState } from '../wallet/ledger.js';

/** Service locks a request asks to be read with its caller (a purchase's, named in its body). */
export interface LocksToRead {
  serviceType: ServiceType;
  names: readonly string[];
}

/** The caller as stored now (roles re-read on every request so revocations take effect at once). */
export interface Principal {
  userId: string;
  userName: string;
  userType: UserType;
  isAdmin: boolean;
  isAgent: boolean;
  isCouponVendor: boolean;
  /** The token's session, when it names one (logout ends it). */
  sessionId?: string;
  /** Authenticated by an API key, not a session: only routes marked `apiKey` in the route table take it. */
  viaApiKey?: true;
  /** Whether the caller has a webhook URL set (read with the roles): a purchase records it, so its settlement's consumer need not read the profile when not. */
  hasWebhook?: boolean;
  /** Every number the caller's contacts may be saved under (possibly more); absent when unknown (older profiles). */
  savedContactNumbers?: string[];
  /** The caller's wallet, read in the same round trip as the roles (consistent); spending still re-checks it atomically. */
  wallet?: WalletState;
  /** The service locks the request names (a purchase's), read in the same round trip when its route asks (consistent). */
  locksRead?: ServiceLocksRead;
}

export interface PrincipalLoader {
  /**
   * The current principal of a verified token; undefined when the user no longer exists or the token
   * was revoked: its version is old (password changed), its session logged out, or it was renewed.
   */
  loadPrincipal(userId: string, tokenVersion: number, sessionId?: string, tokenId?: string, alsoLocks?: LocksToRead): Promise<Principal | undefined>;
}
