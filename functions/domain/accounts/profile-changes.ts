/**
 * Changes to the caller's own profile (and an admin's change of anyone's type), with their ports:
 *  - the user type: a smart earner upgrades themselves to reseller for the one-time fee (debit +
 *    type change + outbox entry in one write), then UserUpgraded goes on the bus (if publishing
 *    fails the sweeper re-publishes it); admins set any type for anyone, without fee or reward;
 *  - KYC: checked with the identity provider, stored once per user and once per number;
 *  - the webhook URL, with the signing secret our webhooks use.
 * Outcomes are named.
 */
import type { UserView } from '../../../shared/api/accounts.js';
import type { UserType, VerificationMethod } from '../../../shared/constants.js';
import type { UserUpgraded } from '../../../shared/events.js';
import type { IdentityVerifier } from '../money/payments-port.js';
import { toUserView, type UserProfile } from './accounts.js';
import {
  checkWebhookUrl,
  decideUserTypeChange,
  kycDigest,
  parseKycInput,
  upgradedEvent,
  upgradeFeeDraft,
  type KycResult,
  type UpgradeResult,
  type UserTypeChange,
} from './profile.js';
import type { Logger } from '../logger.js';
import type { TransactionDraft, TransactionRecord } from '../transactions/transactions.js';
import type { AuditedTypeChange, InWriteAudit, UserTypeAuditChange } from '../back-office/audit.js';

export interface ProfileDeps {
  findUser(userId: string): Promise<UserProfile | undefined>;
  balanceKobo(userId: string): Promise<number>;
  upgrade(draft: TransactionDraft, now: Date): Promise<UpgradeResult>;
  setUserType(userId: string, userType: UserType, now: Date, audited?: AuditedTypeChange): Promise<boolean>;
  publishUpgraded(detail: UserUpgraded): Promise<void>;
  /** Asks for the user's reserved bank accounts (ReservedAccountsWanted): made off the request, at most once. */
  requestReservedAccounts(userId: string): Promise<void>;
  markUpgradePublished(userId: string, now: Date): Promise<void>;
  identity(): IdentityVerifier;
  saveKyc(input: { userId: string; method: VerificationMethod; number: string; digest: string; verifiedName: string; now: Date }): Promise<KycResult>;
  saveWebhookUrl(userId: string, url: string, newSecret: string, now: Date): Promise<{ webhookSecret: string } | undefined>;
  allowLoopbackWebhooks(): boolean;
  /** Resolves the URL's host now: every address it answers must be one a webhook may go to (checked again at each send). */
  webhookHostAllowed(url: string): Promise<boolean>;
  newWebhookSecret(): string;
  newId(): string;
  now(): Date;
  log: Logger;
}

export type ProfileResult =
  | { kind: 'type_set'; user: UserView }
  | { kind: 'upgraded'; user: UserView; record: TransactionRecord }
  | { kind: 'kyc_verified'; user: UserView }
  | { kind: 'webhook_saved'; webhookUrl: string; webhookSecret: string }
  | { kind: 'user_not_found' }
  | { kind: 'session_expired' }
  | { kind: 'forbidden' }
  | { kind: 'only_reseller_upgrade' }
  | { kind: 'already_reseller' }
  | { kind: 'insufficient_balance' }
  | { kind: 'not_a_smart_earner' }
  | { kind: 'kyc_one_method' }
  | { kind: 'kyc_invalid_number' }
  | { kind: 'kyc_already_set' }
  | { kind: 'kyc_no_match' }
  | { kind: 'kyc_number_in_use' }
  | { kind: 'identity_unavailable' }
  | { kind: 'invalid_webhook_url' };

async function viewOf(userId: string, deps: ProfileDeps): Promise<UserView | undefined> {
  const profile = await deps.findUser(userId);
  return profile && toUserView(profile, await deps.balanceKobo(userId));
}

async function typeSet(userId: string, deps: ProfileDeps): Promise<ProfileResult> {
  const user = await viewOf(userId, deps);
  return user ? { kind: 'type_set', user } : { kind: 'user_not_found' };
}

async function selfUpgrade(target: UserProfile, deps: ProfileDeps): Promise<ProfileResult> {
  const now = deps.now();
  const result = await deps.upgrade(upgradeFeeDraft({ id: deps.newId(), user: target, now }), now);
  if (result.kind !== 'upgraded') return { kind: result.kind };
  const event = upgradedEvent({
    userId: target.userId,
    userName: target.userName,
    referredBy: target.referredBy,
    transactionId: result.record.id,
    upgradedAt: now.toISOString(),
  });
  try {
    await deps.publishUpgraded(event);
    await deps.markUpgradePublished(target.userId, deps.now());
  } catch (error) {
    // The upgrade stands and its outbox entry (written with it) stays: the sweeper re-publishes it.
    deps.log.error('UserUpgraded not published; the sweeper re-publishes it', { userId: target.userId, error: String(error) });
  }
  const user = await viewOf(target.userId, deps);
  return user ? { kind: 'upgraded', user, record: result.record } : { kind: 'user_not_found' };
}

const REFUSED = {
  not_yourself: 'forbidden',
  only_reseller: 'only_reseller_upgrade',
  already_reseller: 'already_reseller',
} as const satisfies Record<Extract<UserTypeChange, { kind: 'refused' }>['reason'], ProfileResult['kind']>;

/**
 * PATCH /auth/user/{id}, and with `adminAction` the admin's GET /admin/upgradeUser (only an
 * admin's change of type is allowed there, whatever the route's access says). An undefined
 * target id names nobody.
 */
export async function changeUserType(
  caller: { userId: string; isAdmin: boolean },
  targetUserId: string | undefined,
  requested: UserType,
  deps: ProfileDeps,
  options: { adminAction?: boolean; audit?: InWriteAudit<UserTypeAuditChange> } = {},
): Promise<ProfileResult> {
  for (let attempt = 1; ; attempt++) {
    const result = await changeUserTypeOnce(caller, targetUserId, requested, deps, options);
    // Another change landed between the read and the audited write: decide again on the fresh type.
    if (result !== TYPE_MOVED || attempt >= TYPE_CHANGE_ATTEMPTS) return result === TYPE_MOVED ? { kind: 'user_not_found' } : result;
  }
}

const TYPE_CHANGE_ATTEMPTS = 3;
const TYPE_MOVED = Symbol('type moved');

async function changeUserTypeOnce(
  caller: { userId: string; isAdmin: boolean },
  targetUserId: string | undefined,
  requested: UserType,
  deps: ProfileDeps,
  options: { adminAction?: boolean; audit?: InWriteAudit<UserTypeAuditChange> },
): Promise<ProfileResult | typeof TYPE_MOVED> {
  const target = targetUserId === undefined ? undefined : await deps.findUser(targetUserId);
  if (!target) return { kind: 'user_not_found' };
  const change = decideUserTypeChange(caller, target, requested);
  if (options.adminAction && change.kind !== 'unchanged' && change.kind !== 'admin_set') return { kind: 'forbidden' };
  switch (change.kind) {
    case 'refused':
      return { kind: REFUSED[change.reason] };
    case 'unchanged':
      return typeSet(target.userId, deps);
    case 'admin_set':
      // No fee and no UserUpgraded: an admin's change earns no referral reward.
      if (!options.audit) {
        if (!(await deps.setUserType(target.userId, change.toType, deps.now()))) return { kind: 'user_not_found' };
      } else if (!(await deps.setUserType(target.userId, change.toType, deps.now(), { from: target.userType, entry: options.audit }))) {
        return TYPE_MOVED;
      }
      return typeSet(target.userId, deps);
    case 'self_upgrade':
      return selfUpgrade(target, deps);
  }
}

/** POST /auth/updateKyc: exactly one of nin/bvn, checked with the identity provider, stored once. */
export async function verifyKyc(callerId: string, body: { nin?: unknown; bvn?: unknown }, deps: ProfileDeps): Promise<ProfileResult> {
  const input = parseKycInput(body);
  if (!input.ok) return { kind: input.reason === 'one_method' ? 'kyc_one_method' : 'kyc_invalid_number' };
  const user = await deps.findUser(callerId);
  if (!user) return { kind: 'session_expired' };
  if (user.nin || user.bvn) return { kind: 'kyc_already_set' };
  const verified = await deps.identity().verify(input.method, input.number);
  if (verified.kind === 'no_match') return { kind: 'kyc_no_match' };
  if (verified.kind === 'unavailable') {
    deps.log.error('identity provider unavailable', { detail: verified.detail });
    return { kind: 'identity_unavailable' };
  }
  const saved = await deps.saveKyc({
    userId: user.userId,
    method: input.method,
    number: input.number,
    digest: kycDigest(input.method, input.number),
    verifiedName: verified.fullName,
    now: deps.now(),
  });
  if (saved.kind === 'already_set') return { kind: 'kyc_already_set' };
  if (saved.kind === 'number_in_use') return { kind: 'kyc_number_in_use' };
  // The original backend made the accounts at KYC. A lost request costs nothing lasting: the next
  // sign-in asks again, and GET /auth/generateAcc still makes them on demand.
  if (user.accountNumbers.length === 0) {
    await deps
      .requestReservedAccounts(user.userId)
      .catch((error: unknown) => deps.log.error('reserved accounts not requested', { userId: user.userId, error: String(error) }));
  }
  const view = await viewOf(user.userId, deps);
  return view ? { kind: 'kyc_verified', user: view } : { kind: 'user_not_found' };
}

/** POST /auth/updateWebhook: an acceptable URL, and the signing secret in force (a new one only when none). */
export async function setWebhookUrl(callerId: string, webhookUrl: string, deps: ProfileDeps): Promise<ProfileResult> {
  const check = checkWebhookUrl(webhookUrl, deps.allowLoopbackWebhooks());
  if (!check.ok) return { kind: 'invalid_webhook_url' };
  // A name resolving to a private, loopback or metadata address is refused as a literal one would be.
  if (!(await deps.webhookHostAllowed(check.url))) return { kind: 'invalid_webhook_url' };
  const saved = await deps.saveWebhookUrl(callerId, check.url, deps.newWebhookSecret(), deps.now());
  if (!saved) return { kind: 'session_expired' };
  return { kind: 'webhook_saved', webhookUrl: check.url, webhookSecret: saved.webhookSecret };
}
