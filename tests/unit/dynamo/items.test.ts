/** Stored items are read back through their entity's one declared schema: well-formed items become the domain type, malformed ones are refused naming entity and key. */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { TransactionRecord } from '../../../functions/domain/transactions/transactions.js';
import { declaringEvery, MalformedItemError } from '../../../functions/adapters/dynamo/item-mapping.js';
import { stored } from '../../../functions/adapters/dynamo/items.js';
import { GSI, keys, newWalletItem } from '../../../functions/adapters/dynamo/keys.js';
import { transactionItem } from '../../../functions/adapters/dynamo/transactions/transactions.js';

const record: TransactionRecord = {
  id: 'TX1',
  userId: 'U1',
  trans_UserName: 'ada',
  userType: 'reseller',
  trans_Type: 'airtime',
  trans_Status: 'processing',
  trans_Network: 'MTN',
  phone_number: '08011111111',
  amountKobo: 98_00,
  faceValueKobo: 100_00,
  balanceBeforeKobo: 500_00,
  balanceAfterKobo: 402_00,
  walletSeq: 3,
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
  description: 'MTN airtime',
  requestFingerprint: 'fp',
  attempts: [
    {
      supplier: 'ALARO',
      kind: 'submit',
      request: { a: 1 },
      response: 'ok',
      httpStatus: 200,
      at: '2025-01-01T00:00:01.000Z',
      outcome: 'ambiguous',
      reason: 'timeout',
    },
  ],
};

const refusal = (read: () => unknown) => {
  try {
    read();
  } catch (error) {
    return error;
  }
  throw new Error('the item was accepted');
};

describe('transaction items', () => {
  it('a stored record reads back as itself, without keys, entity or index attributes', () => {
    const item = transactionItem(record);
    expect(item).toHaveProperty('pk');
    expect(item).toHaveProperty('gsi3pk');
    expect(stored.transaction.read(item)).toEqual(record);
  });

  it("spreads the platform's listing over four index partitions by id, never one partition for every transaction", () => {
    const partitions = new Set(Array.from({ length: 64 }, (_, i) => transactionItem({ ...record, id: `TX${i}` }).gsi2pk));
    expect([...partitions].sort()).toEqual(['TXN#0', 'TXN#1', 'TXN#2', 'TXN#3']);
    expect(transactionItem(record).gsi2sk).toBe(`${record.createdAt}#${record.id}`);
  });

  it('a record still under the legacy platform listing key reads as not yet counted; one under its shard, and one written now, as counted', () => {
    const legacy = { ...transactionItem(record), gsi2pk: 'TXN' };
    expect(stored.transaction.read(legacy)).toEqual({ ...record, uncounted: true });
    expect(stored.transaction.read(transactionItem(record)).uncounted).toBeUndefined();
    // Where it is stored says it, never an attribute: writing a record read as uncounted stores no flag.
    const rewritten = transactionItem({ ...record, uncounted: true });
    expect(rewritten).not.toHaveProperty('uncounted');
    expect(stored.transaction.read({ ...transactionItem(record), uncounted: true }).uncounted).toBeUndefined();
  });

  it("keys the byPhoneNumber index by the number served, with the user listing's order", () => {
    const item = transactionItem(record);
    expect(item[GSI.byPhoneNumber.partitionKey]).toBe(record.phone_number);
    expect(item[GSI.byPhoneNumber.sortKey]).toBe(`${record.createdAt}#${record.id}`);
  });

  it('stores a record that serves no number without phone_number (an index key cannot be empty), read back as empty', () => {
    const funding: TransactionRecord = { ...record, trans_Type: 'wallet', trans_Network: '', phone_number: '' };
    const item = transactionItem(funding);
    expect(item).not.toHaveProperty(GSI.byPhoneNumber.partitionKey);
    expect(stored.transaction.read(item)).toEqual(funding);
    // Records stored before keep their empty phone_number and read the same.
    expect(stored.transaction.read({ ...item, phone_number: '' })).toEqual(funding);
  });

  it('rejects: an amount stored as text fails, naming the entity, the key and the attribute', () => {
    const error = refusal(() => stored.transaction.read({ ...transactionItem(record), amountKobo: '98.00' }));
    expect(error).toBeInstanceOf(MalformedItemError);
    expect(String((error as Error).message)).toMatch(/^malformed Transaction item \(pk=TXN#TX1 sk=TXN id=TX1 userId=U1\): amountKobo: /);
  });

  it('rejects: a missing required attribute, an unknown status and a fractional kobo amount', () => {
    const { walletSeq: _walletSeq, ...withoutSeq } = transactionItem(record);
    expect(refusal(() => stored.transaction.read(withoutSeq))).toBeInstanceOf(MalformedItemError);
    expect(String(refusal(() => stored.transaction.read({ ...transactionItem(record), trans_Status: 'done' })))).toContain('trans_Status');
    expect(String(refusal(() => stored.transaction.read({ ...transactionItem(record), balanceAfterKobo: 402.5 })))).toContain('balanceAfterKobo');
  });

  it('rejects: a malformed supplier attempt inside the record is named by its path', () => {
    const attempts = [{ ...record.attempts![0], outcome: 'maybe' }];
    expect(String(refusal(() => stored.transaction.read({ ...transactionItem(record), attempts })))).toContain('attempts.0.outcome');
  });
});

describe('wallet and profile items', () => {
  it('a wallet item reads as an existing wallet, its updatedAt as the time of its last change', () => {
    expect(stored.wallet.read(newWalletItem('U1', '2025-01-01T00:00:00.000Z'))).toEqual({
      balanceKobo: 0,
      seq: 0,
      exists: true,
      lastChangeAt: '2025-01-01T00:00:00.000Z',
    });
    // A projection without it (balance reads) has no time: the next change keeps its own.
    expect(stored.wallet.read({ balanceKobo: 10, seq: 1 }, keys.wallet('U1'))).toEqual({ balanceKobo: 10, seq: 1, exists: true });
  });

  it('rejects: a projection read without its keys is named by the key it was read under', () => {
    const error = refusal(() => stored.wallet.read({ balanceKobo: 10 }, keys.wallet('U1')));
    expect(String(error)).toContain('malformed Wallet item (pk=USER#U1 sk=WALLET): seq: Required');
  });

  const profile = {
    ...keys.userProfile('U1'),
    entity: 'User',
    userId: 'U1',
    userName: 'ada',
    email: 'ada@example.com',
    phoneNumber: '08011111111',
    fullName: '',
    webhookSecret: 'secret',
    passwordHash: 'hash',
    createdAt: '2025-01-01T00:00:00.000Z',
  };

  it('a profile written before later attributes existed reads with their defaults', () => {
    expect(stored.profile.read(profile)).toMatchObject({
      userType: 'smart earner',
      isAdmin: false,
      bvn: null,
      webhookUrl: null,
      lastLogin: null,
      tokenVersion: 0,
      accountNumbers: [],
    });
    expect(stored.profile.read(profile)).not.toHaveProperty('pk');
  });

  it('rejects: a profile whose user type is unknown, or whose role flag is not a boolean, is refused', () => {
    expect(String(refusal(() => stored.profile.read({ ...profile, userType: 'admin' })))).toContain('malformed User item (pk=USER#U1 sk=PROFILE');
    expect(refusal(() => stored.principal.read({ ...profile, isAdmin: 'yes' }))).toBeInstanceOf(MalformedItemError);
  });
});

describe('declared schemas', () => {
  it("a contact without lastUsedAt was last used when created; an old contact's TTL attribute is not read (contacts stay until deleted)", () => {
    const contact = { contactId: 'C1', userId: 'U1', contactName: 'Mum', contactNumber: '080', contactNetwork: 'MTN', createdAt: 'then' };
    expect(stored.contact.read({ ...contact, expiresAt: 9 })).toEqual({ ...contact, lastUsedAt: 'then' });
  });

  it('a schema must declare every attribute of its type (checked by the compiler)', () => {
    // @ts-expect-error `name` is missing, so a stored name would vanish on read.
    const incomplete = declaringEvery<{ id: string; name?: string }>()(z.object({ id: z.string() }));
    const complete = declaringEvery<{ id: string; name?: string }>()(z.object({ id: z.string(), name: z.string().optional() }));
    expect(Object.keys(complete.shape)).toEqual(['id', 'name']);
    expect(Object.keys(incomplete.shape)).toEqual(['id']);
  });
});
