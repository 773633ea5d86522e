import { describe, expect, it } from 'vitest';
import {
  ARGON2_PARAMS,
  dummyVerifyPassword,
  hashNewPasswordsAt,
  hashPassword,
  PasswordHashError,
  TEST_ONLY_HASH_COST,
  verifyPassword,
} from '../../../functions/domain/accounts/passwords.js';

describe('password hashing', () => {
  it('stores argon2id at the OWASP minimum cost (m=19 MiB, t=2, p=1) as a PHC string', async () => {
    const hash = await hashPassword('correct horse battery');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
    expect(ARGON2_PARAMS.memorySize).toBe(19 * 1024);
  });

  it('salts every hash: the same password never gives the same string twice', async () => {
    expect(await hashPassword('same password')).not.toBe(await hashPassword('same password'));
  });

  it('accepts the right password', async () => {
    const hash = await hashPassword('correct horse battery');
    expect(await verifyPassword('correct horse battery', hash)).toBe(true);
  });

  it('rejects a wrong password, including one differing only in case', async () => {
    const hash = await hashPassword('correct horse battery');
    expect(await verifyPassword('Correct horse battery', hash)).toBe(false);
    expect(await verifyPassword('', hash)).toBe(false);
  });

  it('treats canonically equal Unicode spellings as the same password', async () => {
    const hash = await hashPassword('caf\u00e9-password');
    expect(await verifyPassword('cafe\u0301-password', hash)).toBe(true);
  });

  it('rejects anything that is not an argon2 hash without trying', async () => {
    expect(await verifyPassword('x', 'plaintext')).toBe(false);
  });

  it('fails loudly on a corrupt stored argon2 hash instead of answering "wrong password"', async () => {
    await expect(verifyPassword('x', '$argon2id$v=19$m=19456,t=2,p=1$broken')).rejects.toBeInstanceOf(PasswordHashError);
  });

  it('dummy verification for unknown users always fails and costs about as much as a real one', async () => {
    const hash = await hashPassword('warm-up');
    await dummyVerifyPassword('warm-up');
    const time = async (fn: () => Promise<unknown>) => {
      const start = performance.now();
      for (let i = 0; i < 3; i++) await fn();
      return performance.now() - start;
    };
    const real = await time(() => verifyPassword('guess', hash));
    const dummy = await time(() => dummyVerifyPassword('guess'));
    expect(await dummyVerifyPassword('anything')).toBe(false);
    expect(dummy / real).toBeGreaterThan(0.5);
    expect(dummy / real).toBeLessThan(2);
  });

  it("the test-only cost (the tests' local clouds) makes cheap hashes that verify, and every hash is verified at its own cost", async () => {
    const real = await hashPassword('correct horse battery');
    try {
      hashNewPasswordsAt(TEST_ONLY_HASH_COST);
      const cheap = await hashPassword('correct horse battery');
      expect(cheap).toMatch(/^\$argon2id\$v=19\$m=256,t=1,p=1\$/);
      expect(await verifyPassword('correct horse battery', cheap)).toBe(true);
      expect(await verifyPassword('correct horse battery', real)).toBe(true);
      expect(await verifyPassword('wrong horse battery', cheap)).toBe(false);
    } finally {
      hashNewPasswordsAt(ARGON2_PARAMS);
    }
    expect(await hashPassword('x-password')).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });
});
