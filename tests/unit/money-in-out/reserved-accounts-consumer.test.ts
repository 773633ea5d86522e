/**
 * The ReservedAccountsWanted consumer: reserves once for a KYC user without accounts,
 * asks nothing for a user who has them or has no KYC, and fails the message (SQS retries it) when
 * the provider is unavailable. Fakes stand in for the table and the provider; the real path runs in
 * tests/integration/original-client-contract.test.ts.
 */
import type { SQSEvent } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import type { UserProfile } from '../../../functions/domain/accounts/accounts.js';
import { wantsReservedAccounts } from '../../../functions/domain/money/funding.js';
import type { ReserveAccountsDeps } from '../../../functions/domain/money/funding-requests.js';
import { silentLogger } from '../../../functions/domain/logger.js';
import { reservedAccountsHandler } from '../../../functions/handlers/reserved-accounts.js';
import { EVENT_SOURCE, EVENT_TYPES } from '../../../shared/events.js';

const event = (userId: string): SQSEvent =>
  ({
    Records: [
      {
        messageId: `m-${userId}`,
        body: JSON.stringify({
          id: `e-${userId}`,
          'detail-type': EVENT_TYPES.reservedAccountsWanted,
          source: EVENT_SOURCE,
          time: new Date().toISOString(),
          detail: { userId, cause: 'login' },
        }),
        attributes: { ApproximateReceiveCount: '1' },
      },
    ],
  }) as unknown as SQSEvent;

function world(user: Partial<UserProfile>, provider: 'up' | 'down' = 'up') {
  const calls: string[] = [];
  const saved: unknown[] = [];
  const profile = {
    userId: 'u1',
    userName: 'ada',
    fullName: 'Ada L',
    email: 'ada@example.com',
    bvn: null,
    nin: null,
    accountNumbers: [],
    ...user,
  } as UserProfile;
  const deps: ReserveAccountsDeps = {
    findUser: async () => profile,
    accounts: () =>
      ({
        reserve: async (input) => {
          calls.push(input.accountReference);
          return provider === 'up'
            ? { kind: 'reserved', accounts: [{ bankName: 'Wema bank', accountNumber: '7000000001' }] }
            : { kind: 'unavailable', detail: 'timeout' };
        },
      }) as ReturnType<ReserveAccountsDeps['accounts']>,
    funding: {
      saveReservedAccounts: async (_userId: string, accounts: unknown[]) => (saved.push(accounts), accounts),
    } as unknown as ReserveAccountsDeps['funding'],
    now: () => new Date(),
    log: silentLogger,
  };
  return { handle: reservedAccountsHandler(deps), calls, saved };
}

describe('reserved accounts wanted', () => {
  it('the rule: KYC done and no accounts yet', () => {
    expect(wantsReservedAccounts({ nin: '12345678901', accountNumbers: [] })).toBe(true);
    expect(wantsReservedAccounts({ bvn: '12345678901' })).toBe(true);
    expect(wantsReservedAccounts({ nin: '12345678901', accountNumbers: [{}] })).toBe(false);
    expect(wantsReservedAccounts({ bvn: null, nin: null, accountNumbers: [] })).toBe(false);
  });

  it('a KYC user without accounts gets them: one provider call, one save, the message done', async () => {
    const { handle, calls, saved } = world({ nin: '12345678901' });
    expect(await handle(event('u1'))).toEqual({ batchItemFailures: [] });
    expect(calls).toEqual(['u1']);
    expect(saved).toHaveLength(1);
  });

  it('rejection: a user with accounts or without KYC costs no provider call and is done', async () => {
    for (const user of [{ nin: '12345678901', accountNumbers: [{ bankName: 'Wema bank', accountNumber: '7000000001' }] }, {}]) {
      const { handle, calls, saved } = world(user);
      expect(await handle(event('u1'))).toEqual({ batchItemFailures: [] });
      expect(calls).toEqual([]);
      expect(saved).toEqual([]);
    }
  });

  it('rejection: the provider unavailable fails the message, so SQS delivers it again; nothing is saved', async () => {
    const { handle, saved } = world({ bvn: '12345678901' }, 'down');
    expect(await handle(event('u1'))).toEqual({ batchItemFailures: [{ itemIdentifier: 'm-u1' }] });
    expect(saved).toEqual([]);
  });
});
