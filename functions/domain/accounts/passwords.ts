/**
 * Password hashing: argon2id (hash-wasm, WebAssembly, no native build) at OWASP's minimum
 * recommended cost — 19 MiB of memory, 2 passes, 1 lane — with a random 16-byte salt, stored
 * as the self-describing PHC string (`$argon2id$v=19$m=19456,t=2,p=1$salt$hash`), so the cost
 * can be raised later without breaking stored hashes.
 */
import { randomBytes } from 'node:crypto';
import { argon2id, argon2Verify } from 'hash-wasm';

export const ARGON2_PARAMS = {
  /** KiB: 19 MiB. */
  memorySize: 19 * 1024,
  iterations: 2,
  parallelism: 1,
  hashLength: 32,
  saltLength: 16,
} as const;

/** What a new hash costs: memory (KiB) and passes. */
export interface PasswordHashCost {
  memorySize: number;
  iterations: number;
}

/**
 * The cheapest cost argon2id takes (256 KiB, one pass), for the test suite's local clouds only: their
 * thousands of sign-ups and wrong-password logins spent minutes of CPU at the real cost. Only the
 * local cloud asks for it (`LOCAL_TEST_PASSWORD_HASHES`, infra/local/cloud.ts); no deployed function
 * runs that code. A hash carries its cost in its PHC string, so each is verified at its own cost.
 */
export const TEST_ONLY_HASH_COST: PasswordHashCost = { memorySize: 256, iterations: 1 };

let costOfNewHashes: PasswordHashCost = ARGON2_PARAMS;

/** Sets the cost of the hashes made from now on in this process (the local cloud's tests only: see TEST_ONLY_HASH_COST). */
export function hashNewPasswordsAt(cost: PasswordHashCost): void {
  costOfNewHashes = cost;
}

export class PasswordHashError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PasswordHashError';
  }
}

export async function hashPassword(password: string): Promise<string> {
  return argon2id({
    password: password.normalize('NFC'),
    salt: randomBytes(ARGON2_PARAMS.saltLength),
    memorySize: costOfNewHashes.memorySize,
    iterations: costOfNewHashes.iterations,
    parallelism: ARGON2_PARAMS.parallelism,
    hashLength: ARGON2_PARAMS.hashLength,
    outputType: 'encoded',
  });
}

/** Constant-time comparison (inside hash-wasm) of the password against a stored PHC string. */
export async function verifyPassword(password: string, encodedHash: string | undefined): Promise<boolean> {
  // hash-wasm refuses an empty password; no stored password is empty (PASSWORD_MIN_LENGTH). No hash read: nothing verifies.
  if (password === '' || !encodedHash?.startsWith('$argon2')) return false;
  try {
    return await argon2Verify({ password: password.normalize('NFC'), hash: encodedHash });
  } catch (cause) {
    // A malformed stored hash is a data problem, not a wrong password: make it loud.
    throw new PasswordHashError('stored password hash could not be read', { cause });
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the same time as a real verification, for logins naming a user who does not exist,
 * so that the answer time does not tell which user names and e-mails are registered.
 * Always false.
 */
export async function dummyVerifyPassword(password: string): Promise<false> {
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
  await verifyPassword(password, await dummyHash);
  return false;
}
