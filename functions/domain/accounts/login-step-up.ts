/**
 * Past the per-account ceiling (domain/login-throttle.ts) the right password is still enough from
 * a client that signed in to this account before; from anywhere else it takes a one-time code
 * e-mailed to the owner (NIST 800-63B §5.2.2: limit guessing, never lock the owner out). Pure: the
 * repository stores only hashes of codes, device tokens and addresses.
 *
 * A "known client" is either a device token (random, handed out at each successful sign-in, sent
 * back by the app with the next login) or the client address it signed in from (IPv6 by /64).
 */
import { createHash, randomBytes, randomInt } from 'node:crypto';
import { escapeHtml } from './accounts.js';

export const LOGIN_STEP_UP = {
  /** Digits of the e-mailed code. */
  codeDigits: 6,
  /** How long a code works. */
  codeTtlSeconds: 10 * 60,
  /** Wrong codes tried before the code is spent (the next correct password mails a new one). */
  codeTries: 5,
  /** How long a device or address stays known after its last successful sign-in. */
  knownClientSeconds: 180 * 24 * 60 * 60,
} as const;

/** What the login request may carry besides the password. */
export interface ClientEvidence {
  /** The client part of the throttle's keys (clientOfAddress). */
  client: string;
  /** The device token a previous sign-in gave this app, if it sent one. */
  deviceToken?: string;
}

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** The ids under which a client is remembered for an account: its address and, when sent, its device. */
export function knownClientIds(evidence: ClientEvidence): string[] {
  return [`ADDR#${sha256(evidence.client)}`, ...(evidence.deviceToken ? [`DEVICE#${sha256(evidence.deviceToken)}`] : [])];
}

export function newDeviceToken(random: (size: number) => Buffer = randomBytes): string {
  return random(32).toString('base64url');
}

/** A device token is 43 base64url characters; anything else is ignored (not an error: the code step covers it). */
export function wellFormedDeviceToken(token: unknown): string | undefined {
  return typeof token === 'string' && /^[A-Za-z0-9_-]{43}$/.test(token) ? token : undefined;
}

export function newLoginCode(draw: (max: number) => number = randomInt): string {
  return String(draw(10 ** LOGIN_STEP_UP.codeDigits)).padStart(LOGIN_STEP_UP.codeDigits, '0');
}

/** Codes are stored hashed with their account, so one account's code says nothing of another's. */
export function hashLoginCode(account: string, code: string): string {
  return sha256(`${account.trim().toLowerCase()}#${code.trim()}`);
}

export function loginCodeEmail(input: { to: string; userName: string; code: string }) {
  const minutes = Math.round(LOGIN_STEP_UP.codeTtlSeconds / 60);
  const subject = 'Your sign-in code';
  const text =
    `Hello ${input.userName},\n\n` +
    `Someone signed in to your account with your password from a device we do not know, after many failed sign-ins. ` +
    `If it was you, enter this code within ${minutes} minutes:\n\n${input.code}\n\n` +
    `If it was not you, change your password now: whoever it was knows it.\n`;
  const html =
    `<p>Hello ${escapeHtml(input.userName)},</p>` +
    `<p>Someone signed in to your account with your password from a device we do not know, after many failed sign-ins. If it was you, enter this code within ${minutes} minutes:</p>` +
    `<p style="font-size:24px;letter-spacing:4px"><b>${input.code}</b></p>` +
    `<p>If it was not you, change your password now: whoever it was knows it.</p>`;
  return { to: input.to, subject, text, html };
}
