/**
 * Where a sign-in asks for reserved bank accounts (the original backend made them at login once KYC
 * was done). The sign-in's own write of lastLogin answers the profile as it now is; when the rule
 * (domain/funding.wantsReservedAccounts) says so, ReservedAccountsWanted goes on the bus and the
 * reserved-accounts consumer calls the provider, off the sign-in's path. The sign-in never waits on
 * the provider and never fails for this: a lost event is asked again at the next sign-in.
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { EVENT_TYPES } from '../../shared/events.js';
import { wantsReservedAccounts } from '../domain/money/funding.js';
import { lastLoginUpdate } from './dynamo/accounts/users.js';
import { db } from './dynamo/client.js';
import { publishEvent } from './events.js';
import { logger } from './observability.js';

/** Sets lastLogin (the same update as updateLastLogin) and, for a user with KYC and no accounts, asks for them. */
export async function recordLoginAskingForAccounts(userId: string, at: Date = new Date()): Promise<void> {
  const { Attributes } = await db().send(new UpdateCommand({ ...lastLoginUpdate(userId, at), ReturnValues: 'ALL_NEW' }));
  if (!Attributes || !wantsReservedAccounts(Attributes as { bvn?: string | null; nin?: string | null; accountNumbers?: unknown[] })) return;
  try {
    await publishEvent(EVENT_TYPES.reservedAccountsWanted, { userId, cause: 'login' });
  } catch (error) {
    logger.error('reserved accounts not requested at sign-in', { userId, error: String(error) });
  }
}
