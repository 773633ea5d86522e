/**
 * What a credential makes of its holder. A session is the person with their roles; an API key is a
 * customer, whoever owns it: the principal built from a key carries no operator role (admin, agent,
 * coupon vendor), so every rule that asks "is this an operator?" — whose records it may read, whether
 * costs and margins are shown, which prices apply — answers as for a customer, on every route, without
 * the route having to ask how the caller came in. A leaked operator's key reads its owner's own records
 * at customer prices, and nothing of the back office.
 */
import type { Principal } from './users-port.js';

/** The key holder as the platform treats them: the owner's account and tier, no operator role. */
export function asKeyHolder(owner: Principal): Principal {
  return { ...owner, isAdmin: false, isAgent: false, isCouponVendor: false, viaApiKey: true };
}
