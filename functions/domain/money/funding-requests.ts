/**
 * The request path of money in, ports injected: a card payment link (Squad; the wallet is credited
 * later, only by the provider's signed webhook after its verify call) and reserved bank accounts
 * (Monnify; kept on the user, so asking again answers the same ones). Outcomes are named.
 */
import { RESERVED_ACCOUNT_NAME_CHARS } from '../../../shared/constants.js';
import type { Kobo } from '../../../shared/money.js';
import type { FundingStore } from './money-port.js';
import type { CardPayments, ReservedAccounts } from './payments-port.js';
import { displayName, type UserProfile } from '../accounts/accounts.js';
import { checkFundingAmount, fundingSplit, newPaymentReference, reservationIdentity, type FundingAmountCheck, type ReservedAccount } from './funding.js';
import type { Logger } from '../logger.js';

export interface FundingDeps {
  funding: FundingStore;
  /** Read lazily: each provider's configuration is needed only by its own route. */
  cards(): CardPayments;
  accounts(): ReservedAccounts;
  findUser(userId: string): Promise<UserProfile | undefined>;
  appBaseUrl(): string;
  newId(): string;
  now(): Date;
  log: Logger;
}

/** The caller's profile is gone (deleted since the token was issued). */
type UserNotFound = { kind: 'user_not_found' };
type ProviderUnavailable = { kind: 'provider_unavailable' };

export type CardPaymentResult =
  | { kind: 'link_created'; reference: string; checkoutUrl: string; split: ReturnType<typeof fundingSplit> }
  | { kind: Extract<FundingAmountCheck, { ok: false }>['reason'] }
  | UserNotFound
  | ProviderUnavailable;

export async function startCardPayment(input: { userId: string; amountKobo: Kobo; email?: string }, deps: FundingDeps): Promise<CardPaymentResult> {
  const check = checkFundingAmount(input.amountKobo);
  if (!check.ok) return { kind: check.reason };
  const user = await deps.findUser(input.userId);
  if (!user) return { kind: 'user_not_found' };
  const now = deps.now();
  const reference = newPaymentReference(deps.newId);
  const email = input.email ?? user.email;
  // The intent first: whatever the provider later reports, the credit goes to this user only.
  await deps.funding.createIntent({
    provider: 'squad',
    reference,
    userId: user.userId,
    userName: user.userName,
    email,
    amountKobo: input.amountKobo,
    status: 'initiated',
    createdAt: now.toISOString(),
    updatedAt: now.toISOString(),
  });
  const created = await deps.cards().initiate({
    reference,
    amountKobo: input.amountKobo,
    email,
    callbackUrl: `${deps.appBaseUrl().replace(/\/+$/, '')}/profile`,
    customerName: displayName(user),
  });
  if (created.kind !== 'created') {
    deps.log.error('card payment link not created', { reference, outcome: created.kind, detail: created.detail });
    return { kind: 'provider_unavailable' };
  }
  await deps.funding.setIntentLink('squad', reference, created.checkoutUrl, deps.now());
  return { kind: 'link_created', reference, checkoutUrl: created.checkoutUrl, split: fundingSplit(input.amountKobo) };
}

export type ReservedAccountsResult =
  | { kind: 'existing' | 'reserved'; accountNumbers: ReservedAccount[]; accountName: string }
  /** Monnify reserves accounts only under a BVN or NIN. */
  | { kind: 'kyc_required' }
  | UserNotFound
  | ProviderUnavailable;

/** What making reserved accounts needs: the HTTP route and the ReservedAccountsWanted consumer share it. */
export type ReserveAccountsDeps = Pick<FundingDeps, 'funding' | 'accounts' | 'findUser' | 'now' | 'log'>;

export async function reserveAccounts(userId: string, deps: ReserveAccountsDeps): Promise<ReservedAccountsResult> {
  const user = await deps.findUser(userId);
  if (!user) return { kind: 'user_not_found' };
  const accountName = displayName(user).slice(0, RESERVED_ACCOUNT_NAME_CHARS);
  if (user.accountNumbers.length > 0) return { kind: 'existing', accountNumbers: user.accountNumbers, accountName };
  // Without a BVN or NIN the provider is not even asked.
  const identity = reservationIdentity(user);
  if (!identity) return { kind: 'kyc_required' };
  const reserved = await deps.accounts().reserve({
    // Our user id is the account reference: a transfer into any of these accounts names its owner.
    accountReference: user.userId,
    accountName,
    customerEmail: user.email,
    customerName: displayName(user),
    ...identity,
  });
  if (reserved.kind !== 'reserved') {
    deps.log.error('reserved accounts not created', { userId: user.userId, outcome: reserved.kind, detail: reserved.detail });
    return { kind: 'provider_unavailable' };
  }
  const accountNumbers = await deps.funding.saveReservedAccounts(user.userId, reserved.accounts, deps.now());
  return { kind: 'reserved', accountNumbers, accountName };
}
