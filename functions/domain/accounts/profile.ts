/**
 * The caller's own profile, pure rules: the user-type change (a smart earner may upgrade only
 * themselves, only to reseller, for a one-time ₦1000; admins may set any type without a fee),
 * KYC (exactly one of NIN or BVN, 11 digits, set once) and the webhook URL (https; loopback http
 * only where the local cloud allows it, never private or link-local addresses in the cloud).
 */
import { createHash } from 'node:crypto';
import { KYC_NUMBER_LENGTH, RESELLER_UPGRADE_FEE_KOBO, type UserType, type VerificationMethod } from '../../../shared/constants.js';
import type { UserUpgraded } from '../../../shared/events.js';
import { formatNaira } from '../../../shared/money.js';
import type { TransactionDraft, TransactionRecord } from '../transactions/transactions.js';
import { isForbiddenAddress, isLoopbackAddress } from '../notifications/webhook-addresses.js';

// ---------------------------------------------------------------------------------------------
// User type

export type UserTypeChange =
  | { kind: 'self_upgrade'; feeKobo: number }
  | { kind: 'admin_set'; toType: UserType }
  | { kind: 'unchanged' }
  | { kind: 'refused'; reason: 'only_reseller' | 'not_yourself' | 'already_reseller' };

/** What PATCH /auth/user/{id} {userType} may do for this caller. */
export function decideUserTypeChange(
  caller: { userId: string; isAdmin: boolean },
  target: { userId: string; userType: UserType },
  requested: UserType,
): UserTypeChange {
  if (caller.isAdmin) return target.userType === requested ? { kind: 'unchanged' } : { kind: 'admin_set', toType: requested };
  if (caller.userId !== target.userId) return { kind: 'refused', reason: 'not_yourself' };
  if (requested !== 'reseller') return { kind: 'refused', reason: 'only_reseller' };
  if (target.userType === 'reseller') return { kind: 'refused', reason: 'already_reseller' };
  if (target.userType !== 'smart earner') return { kind: 'refused', reason: 'only_reseller' };
  return { kind: 'self_upgrade', feeKobo: RESELLER_UPGRADE_FEE_KOBO };
}

/** The one write of a self-upgrade: the fee's debit, the record and the type change, or none of them. */
export type UpgradeResult =
  | { kind: 'upgraded'; record: TransactionRecord }
  | { kind: 'insufficient_balance'; balanceKobo: number }
  | { kind: 'not_a_smart_earner' };

/** A paid upgrade as the outbox keeps it until its UserUpgraded event is on the bus. */
export interface UnpublishedUpgrade {
  userId: string;
  userName: string;
  referredBy: string | null;
  /** The fee's transaction. */
  transactionId: string;
  upgradedAt: string;
}

/** The UserUpgraded event of a paid self-upgrade (the referrer's reward follows from it). */
export function upgradedEvent(upgrade: UnpublishedUpgrade): UserUpgraded {
  return { ...upgrade, fromType: 'smart earner', toType: 'reseller' };
}

export function upgradeFeeDraft(input: { id: string; user: { userId: string; userName: string }; now: Date }): TransactionDraft {
  const nowIso = input.now.toISOString();
  return {
    id: input.id,
    userId: input.user.userId,
    trans_UserName: input.user.userName,
    userType: 'smart earner',
    trans_Type: 'upgrade',
    trans_Status: 'success',
    trans_Network: '',
    phone_number: '',
    amountKobo: RESELLER_UPGRADE_FEE_KOBO,
    volume: 'reseller',
    profitKobo: RESELLER_UPGRADE_FEE_KOBO,
    description: `Upgrade to reseller (one-time fee ${formatNaira(RESELLER_UPGRADE_FEE_KOBO)})`,
    requestFingerprint: `upgrade:${input.user.userId}`,
    createdAt: nowIso,
    updatedAt: nowIso,
    settledAt: nowIso,
  };
}

// ---------------------------------------------------------------------------------------------
// KYC

const KYC_NUMBER = new RegExp(`^\\d{${KYC_NUMBER_LENGTH}}$`);

export type KycInput = { ok: true; method: VerificationMethod; number: string } | { ok: false; reason: 'one_method' | 'invalid_number' };

/** Exactly one of nin / bvn, 11 digits (blank values count as absent). */
export function parseKycInput(body: { nin?: unknown; bvn?: unknown }): KycInput {
  const text = (value: unknown) => (typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '');
  const nin = text(body.nin);
  const bvn = text(body.bvn);
  if ((nin === '') === (bvn === '')) return { ok: false, reason: 'one_method' };
  const method: VerificationMethod = nin ? 'nin' : 'bvn';
  const number = nin || bvn;
  if (!KYC_NUMBER.test(number)) return { ok: false, reason: 'invalid_number' };
  return { ok: true, method, number };
}

/** Storing a verified NIN/BVN: once per user, once per number. */
export type KycResult = { kind: 'saved' } | { kind: 'already_set' } | { kind: 'number_in_use' };

/** Claims are keyed by a digest, so the uniqueness item does not repeat the number in clear. */
export function kycDigest(method: VerificationMethod, number: string): string {
  return createHash('sha256').update(`${method}:${number}`).digest('hex');
}

// ---------------------------------------------------------------------------------------------
// Webhook URL

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

export type WebhookUrlCheck = { ok: true; url: string } | { ok: false };

/**
 * A webhook URL we will POST to: absolute https with a public host. Where `allowLoopback` (the
 * local cloud), http(s)://localhost and 127.0.0.1 are accepted too, for a local receiver.
 * Private, link-local (cloud metadata) and loopback addresses are refused otherwise: our
 * delivery function must not be pointed at the inside of its own network.
 */
export function checkWebhookUrl(raw: string, allowLoopback: boolean): WebhookUrlCheck {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return { ok: false };
  }
  if (url.username || url.password) return { ok: false };
  // A trailing dot names the same host ("localhost." is localhost): judged without it.
  const host = url.hostname.toLowerCase().replace(/\.$/, '');
  const loopback = LOOPBACK_HOSTS.has(host) || host.endsWith('.localhost') || isLoopbackAddress(host);
  if (loopback) return allowLoopback && (url.protocol === 'http:' || url.protocol === 'https:') ? { ok: true, url: url.toString() } : { ok: false };
  if (url.protocol !== 'https:') return { ok: false };
  // A literal address is judged here; a name is resolved and judged when saved and at every send (adapters/webhook-poster.ts).
  if (isForbiddenAddress(host) || !host.includes('.')) return { ok: false };
  return { ok: true, url: url.toString() };
}
