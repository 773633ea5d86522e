/**
 * The house (treasury) account: the platform's own wallet. An admin's transfer is a credit from
 * it, not a debit of the admin's wallet, and it may go below zero (an admin's transfer has
 * no balance check); its negative balance is what the operators have handed out. It is a
 * pseudo-user: a wallet and a chain of `transfer` records like anyone's, but no profile, so it can
 * never log in, be listed as a user or be named as a transfer's receiver.
 *
 * Ledger invariant with it: Σ balances of every wallet INCLUDING the house = money in − money out.
 */
import type { UserType } from '../../../shared/constants.js';

/** Not a ULID (every user id is), so no user can ever have it. */
export const HOUSE_USER_ID = 'HOUSE';
/** Shown on its records; the space keeps it outside the user names anyone can register. */
export const HOUSE_USER_NAME = 'house account';

export const HOUSE_ACCOUNT: { userId: string; userName: string; userType: UserType } = {
  userId: HOUSE_USER_ID,
  userName: HOUSE_USER_NAME,
  userType: 'smart earner',
};

export function isHouseAccountName(userName: string): boolean {
  return userName.trim().toLowerCase() === HOUSE_USER_NAME;
}
