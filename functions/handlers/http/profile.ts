/**
 * The profile HTTP service, the caller's own account:
 *  - PATCH /auth/user/{id} {userType}: a smart earner upgrades themselves to reseller for a
 *    one-time ₦1000 (debit + type change + outbox entry in one write), then UserUpgraded goes on
 *    the bus (the referrer's reward follows from it; if publishing fails, the sweeper re-publishes); admins may set any type for anyone, without fee or reward;
 *  - GET /admin/upgradeUser/{userId}/{userType} (admin only): the same admin change of type;
 *  - POST /auth/updateKyc {nin | bvn}: checked with the identity provider, stored once;
 *  - POST /auth/updateWebhook {webhookUrl}: https (loopback only on the local cloud), and the
 *    signing secret our webhooks use.
 */
import { randomBytes } from 'node:crypto';
import { ulid } from 'ulid';
import type { UserView } from '../../../shared/api/accounts.js';
import {
  adminUpgradeUserParams,
  updateKycRequest,
  updateUserTypeRequest,
  updateWebhookRequest,
  type UpdateKycResponse,
  type UpdateUserTypeResponse,
  type UpdateWebhookResponse,
} from '../../../shared/api/profile.js';
import type { UserType, VerificationMethod } from '../../../shared/constants.js';
import { EVENT_TYPES, type UserUpgraded } from '../../../shared/events.js';
import { MONEY_MSG, MSG } from '../../../shared/messages.js';
import { ENV } from '../../../shared/runtime-env.js';
import { env } from '../../adapters/config.js';
import { publishEvent } from '../../adapters/events.js';
import { domainLog } from '../../adapters/log.js';
import { identityFromEnv } from '../../adapters/providers/index.js';
import { markUpgradePublished, saveKyc, saveWebhookUrl, setUserType, upgradeToReseller, type KycResult, type UpgradeResult } from '../../adapters/dynamo/profile.js';
import { getUserById, getWalletBalanceKobo, loadPrincipal } from '../../adapters/dynamo/users.js';
import { toUserView, type UserProfile } from '../../domain/accounts.js';
import { checkWebhookUrl, decideUserTypeChange, kycDigest, parseKycInput, upgradedEvent, upgradeFeeDraft } from '../../domain/profile.js';
import type { Logger } from '../../domain/settlement.js';
import { toTransactionView, type TransactionDraft } from '../../domain/transactions.js';
import type { IdentityVerifier } from '../../ports/payments.js';
import { BadRequestError, ConflictError, DependencyFailedError, ForbiddenError, NotFoundError, UnauthorizedError } from '../../middleware/errors.js';
import { httpService, parseInput, type HttpAnswer, type HttpRequest } from '../../middleware/http.js';

export interface ProfileDeps {
  findUser(userId: string): Promise<UserProfile | undefined>;
  balanceKobo(userId: string): Promise<number>;
  upgrade(draft: TransactionDraft, now: Date): Promise<UpgradeResult>;
  setUserType(userId: string, userType: UserType, now: Date): Promise<boolean>;
  publishUpgraded(detail: UserUpgraded): Promise<void>;
  markUpgradePublished(userId: string, now: Date): Promise<void>;
  identity(): IdentityVerifier;
  saveKyc(input: { userId: string; method: VerificationMethod; number: string; digest: string; verifiedName: string; now: Date }): Promise<KycResult>;
  saveWebhookUrl(userId: string, url: string, newSecret: string, now: Date): Promise<{ webhookSecret: string } | undefined>;
  allowLoopbackWebhooks(): boolean;
  newWebhookSecret(): string;
  newId(): string;
  now(): Date;
  log: Logger;
}

/** A path parameter as text: "smart%20earner" arrives decoded or not depending on the gateway. */
function pathText(raw: string | undefined): string | undefined {
  if (raw === undefined || !raw.includes('%')) return raw;
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

export function profileOperations(deps: ProfileDeps) {
  async function view(userId: string): Promise<UserView> {
    const profile = await deps.findUser(userId);
    if (!profile) throw new NotFoundError(MSG.userNotFound);
    return toUserView(profile, await deps.balanceKobo(userId));
  }

  async function caller(request: HttpRequest): Promise<UserProfile> {
    const profile = await deps.findUser(request.principal!.userId);
    if (!profile) throw new UnauthorizedError(MSG.sessionExpired);
    return profile;
  }

  /** An admin's change of type: no fee, no UserUpgraded (so no referral reward). */
  async function adminSet(userId: string, change: { kind: 'unchanged' } | { kind: 'admin_set'; toType: UserType }): Promise<HttpAnswer> {
    if (change.kind === 'admin_set' && !(await deps.setUserType(userId, change.toType, deps.now()))) throw new NotFoundError(MSG.userNotFound);
    const body: UpdateUserTypeResponse = { msg: MONEY_MSG.userTypeUpdated, user: await view(userId), receipt: null };
    return { body };
  }

  /** GET /admin/upgradeUser/{userId}/{userType}: the admin's user-type action (the route is admin-only). */
  async function adminUpgradeUser(request: HttpRequest): Promise<HttpAnswer> {
    const input = parseInput(adminUpgradeUserParams, { userId: request.params.userId, userType: pathText(request.params.userType) });
    const target = await deps.findUser(input.userId);
    if (!target) throw new NotFoundError(MSG.userNotFound);
    const change = decideUserTypeChange(request.principal!, target, input.userType);
    if (change.kind !== 'unchanged' && change.kind !== 'admin_set') throw new ForbiddenError(MSG.forbidden);
    return adminSet(target.userId, change);
  }

  async function updateUserType(request: HttpRequest): Promise<HttpAnswer> {
    const principal = request.principal!;
    const input = parseInput(updateUserTypeRequest, request.body);
    const target = await deps.findUser(request.params.id ?? '');
    if (!target) throw new NotFoundError(MSG.userNotFound);
    const change = decideUserTypeChange(principal, target, input.userType);
    switch (change.kind) {
      case 'refused':
        if (change.reason === 'already_reseller') throw new BadRequestError(MONEY_MSG.alreadyReseller);
        throw new ForbiddenError(change.reason === 'not_yourself' ? MSG.forbidden : MONEY_MSG.onlyResellerUpgrade);
      case 'unchanged':
      case 'admin_set':
        return adminSet(target.userId, change);
      case 'self_upgrade': {
        const now = deps.now();
        const result = await deps.upgrade(upgradeFeeDraft({ id: deps.newId(), user: target, now }), now);
        if (result.kind === 'insufficient_balance') throw new BadRequestError(MSG.insufficientBalance);
        if (result.kind === 'not_a_smart_earner') throw new ConflictError(MONEY_MSG.alreadyReseller);
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
        const body: UpdateUserTypeResponse = { msg: MONEY_MSG.upgraded, user: await view(target.userId), receipt: toTransactionView(result.record) };
        return { body };
      }
    }
  }

  async function updateKyc(request: HttpRequest): Promise<HttpAnswer> {
    const raw = parseInput(updateKycRequest, request.body);
    const input = parseKycInput(raw);
    if (!input.ok) throw new BadRequestError(input.reason === 'one_method' ? MONEY_MSG.kycOneMethod : MONEY_MSG.kycInvalidNumber);
    const user = await caller(request);
    if (user.nin || user.bvn) throw new ConflictError(MONEY_MSG.kycAlreadySet);
    const verified = await deps.identity().verify(input.method, input.number);
    if (verified.kind === 'no_match') throw new BadRequestError(MONEY_MSG.kycNoMatch);
    if (verified.kind === 'unavailable') {
      deps.log.error('identity provider unavailable', { detail: verified.detail });
      throw new DependencyFailedError(MONEY_MSG.identityUnavailable);
    }
    const saved = await deps.saveKyc({
      userId: user.userId,
      method: input.method,
      number: input.number,
      digest: kycDigest(input.method, input.number),
      verifiedName: verified.fullName,
      now: deps.now(),
    });
    if (saved.kind === 'already_set') throw new ConflictError(MONEY_MSG.kycAlreadySet);
    if (saved.kind === 'number_in_use') throw new ConflictError(MONEY_MSG.kycInUse);
    const body: UpdateKycResponse = { msg: MONEY_MSG.kycVerified, user: await view(user.userId) };
    return { body };
  }

  async function updateWebhook(request: HttpRequest): Promise<HttpAnswer> {
    const input = parseInput(updateWebhookRequest, request.body);
    const check = checkWebhookUrl(input.webhookUrl, deps.allowLoopbackWebhooks());
    if (!check.ok) throw new BadRequestError(MONEY_MSG.invalidWebhookUrl);
    const saved = await deps.saveWebhookUrl(request.principal!.userId, check.url, deps.newWebhookSecret(), deps.now());
    if (!saved) throw new UnauthorizedError(MSG.sessionExpired);
    const body: UpdateWebhookResponse = { msg: MONEY_MSG.webhookUpdated, webhookUrl: check.url, webhookSecret: saved.webhookSecret };
    return { body };
  }

  return { updateUserType, adminUpgradeUser, updateKyc, updateWebhook } satisfies Record<string, (request: HttpRequest) => Promise<HttpAnswer>>;
}

export const handler = httpService(
  'profile',
  profileOperations({
    findUser: getUserById,
    balanceKobo: getWalletBalanceKobo,
    upgrade: upgradeToReseller,
    setUserType,
    publishUpgraded: (detail) => publishEvent(EVENT_TYPES.userUpgraded, detail),
    markUpgradePublished,
    identity: identityFromEnv,
    saveKyc,
    saveWebhookUrl,
    allowLoopbackWebhooks: () => env(ENV.allowLoopbackWebhooks),
    newWebhookSecret: () => `whsec_${randomBytes(32).toString('base64')}`,
    newId: () => ulid(),
    now: () => new Date(),
    log: domainLog,
  }),
  { loadPrincipal },
);
