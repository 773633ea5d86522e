/**
 * Login throttle counters in the single table, under one partition per account: one item for
 * the account, one per client address, all with TTL. When to refuse is the policy's
 * (domain/login-throttle.ts); this reads the counters, asks it, and writes its answer in one
 * transaction on condition that neither item changed since it was read (each carries a version,
 * bumped by ADD), so parallel guesses cannot slip past the policy.
 */
import { BatchGetCommand, DeleteCommand, GetCommand, PutCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { epochSeconds } from '../../../domain/accounts/accounts.js';
import { LOGIN_STEP_UP } from '../../../domain/accounts/login-step-up.js';
import {
  accountExpiresAt,
  afterSuccess,
  clientOfAddress,
  decideAttempt,
  type AccountCounter,
  type ClientCounter,
  type LoginReservation,
  type LoginTicket,
  type ThrottleCounters,
} from '../../../domain/accounts/login-throttle.js';
import { db, tableName } from '../client.js';
import { cancellationCodes, isConditionFailure } from '../conditions.js';
import type { ItemMapping } from '../item-mapping.js';
import { LOGIN_THROTTLE_ENTITY, stored } from '../items.js';

const PARTITION_PREFIX = 'LOGINTHROTTLE#';
const CLIENT_PREFIX = 'CLIENT#';
const KNOWN_PREFIX = 'KNOWN#';

/** Keys stay here: nothing else writes throttle items (exported for tests to read them). */
export const throttleKeys = {
  /** Any name typed for the account maps to the same counters (the handler passes the stored user name). */
  account: (account: string) => ({ pk: `${PARTITION_PREFIX}${account.trim().toLowerCase()}`, sk: 'ACCOUNT' }),
  client: (account: string, client: string) => ({ pk: `${PARTITION_PREFIX}${account.trim().toLowerCase()}`, sk: `${CLIENT_PREFIX}${client}` }),
  /** A device or address (hashed: login-step-up.knownClientIds) that signed in to the account. */
  known: (account: string, id: string) => ({ pk: `${PARTITION_PREFIX}${account.trim().toLowerCase()}`, sk: `${KNOWN_PREFIX}${id}` }),
  /** The one-time code mailed to the owner (one at a time: a new one replaces it). */
  code: (account: string) => ({ pk: `${PARTITION_PREFIX}${account.trim().toLowerCase()}`, sk: 'CODE' }),
};

/** Rounds of read-decide-write lost to parallel attempts before refusing: only parallel guessing loses that often. */
const MAX_ROUNDS = 8;
/** The wait answered when every round was lost. */
const CONTENDED_WAIT_SECONDS = 1;

interface Versioned<T> {
  value?: T;
  version?: number;
}

async function readItem<T extends object>(Key: { pk: string; sk: string }, mapping: ItemMapping<T & { version: number }>): Promise<Versioned<T>> {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key, ConsistentRead: true }));
  if (!Item) return {};
  const { version, ...value } = mapping.read(Item);
  return { value: value as T, version };
}

/** Writes `value` only if the item is still at the version read (absent when none was). */
function compareAndSet(Key: { pk: string; sk: string }, value: object, seenVersion: number | undefined) {
  const entries = Object.entries(value);
  return {
    Update: {
      TableName: tableName(),
      Key,
      UpdateExpression: `SET entity = :entity, ${entries.map(([name]) => `#${name} = :${name}`).join(', ')} ADD version :one`,
      ConditionExpression: seenVersion === undefined ? 'attribute_not_exists(pk)' : 'version = :seenVersion',
      ExpressionAttributeNames: Object.fromEntries(entries.map(([name]) => [`#${name}`, name])),
      ExpressionAttributeValues: {
        ':entity': LOGIN_THROTTLE_ENTITY,
        ':one': 1,
        ...Object.fromEntries(entries.map(([name, field]) => [`:${name}`, field])),
        ...(seenVersion === undefined ? {} : { ':seenVersion': seenVersion }),
      },
    },
  };
}

/** True when written; false when another attempt changed either item first. */
async function writeIfUnchanged(
  keysOf: { account: { pk: string; sk: string }; client: { pk: string; sk: string } },
  seen: { account: Versioned<AccountCounter>; client: Versioned<ClientCounter> },
  next: Required<ThrottleCounters>,
): Promise<boolean> {
  try {
    await db().send(
      new TransactWriteCommand({
        TransactItems: [compareAndSet(keysOf.account, next.account, seen.account.version), compareAndSet(keysOf.client, next.client, seen.client.version)],
      }),
    );
    return true;
  } catch (error) {
    // Lost to a parallel attempt (its version moved, or it was writing the same items): read again.
    const codes = cancellationCodes(error);
    if (codes?.every((code) => code === 'None' || code === 'ConditionalCheckFailed' || code === 'TransactionConflict')) return false;
    throw error;
  }
}

/**
 * Counts one login attempt by `sourceIp` on `account` before its password is checked, or
 * refuses it with the wait the policy asks for. `sourceIp` must be the address API Gateway saw,
 * never a header the client can set.
 */
export async function reserveLoginAttempt(account: string, sourceIp: string, now: Date = new Date()): Promise<LoginReservation> {
  const client = clientOfAddress(sourceIp);
  const keysOf = { account: throttleKeys.account(account), client: throttleKeys.client(account, client) };
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const [accountItem, clientItem] = await Promise.all([
      readItem<AccountCounter>(keysOf.account, stored.throttleAccount),
      readItem<ClientCounter>(keysOf.client, stored.throttleClient),
    ]);
    const decision = decideAttempt(now, { account: accountItem.value, client: clientItem.value });
    if (!decision.allowed) return decision;
    if (await writeIfUnchanged(keysOf, { account: accountItem, client: clientItem }, decision.next)) {
      return { allowed: true, stepUp: decision.stepUp, ticket: { account, client, counted: decision.next } };
    }
  }
  return { allowed: false, waitSeconds: CONTENDED_WAIT_SECONDS };
}

/** The right password: clears this client's counter on the account (only its own) and gives the attempt back. */
export async function loginSucceeded(ticket: LoginTicket): Promise<void> {
  const { account } = afterSuccess(ticket.counted);
  const refund = account.failures - ticket.counted.account.failures;
  const refundWindow = async () => {
    try {
      await db().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: throttleKeys.account(ticket.account),
          UpdateExpression: 'ADD failures :refund, version :one',
          // A window that ended or a reset since then has nothing of this attempt to give back.
          ConditionExpression: 'windowEnd = :windowEnd AND generation = :generation AND failures > :zero',
          ExpressionAttributeValues: { ':refund': refund, ':one': 1, ':windowEnd': account.windowEnd, ':generation': account.generation, ':zero': 0 },
        }),
      );
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
  };
  await Promise.all([
    db().send(new DeleteCommand({ TableName: tableName(), Key: throttleKeys.client(ticket.account, ticket.client) })),
    refund < 0 ? refundWindow() : undefined,
  ]);
}

/**
 * A password reset: every client's counter on the account and its window start afresh. A new
 * generation makes all client counters stale at once, however many addresses guessed.
 */
export async function clearLoginThrottle(account: string, now: Date = new Date()): Promise<void> {
  await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: throttleKeys.account(account),
      UpdateExpression: 'SET entity = :entity, failures = :zero, windowEnd = :zero, expiresAt = :expiresAt ADD generation :one, version :one',
      ExpressionAttributeValues: { ':entity': LOGIN_THROTTLE_ENTITY, ':zero': 0, ':one': 1, ':expiresAt': accountExpiresAt(now) },
    }),
  );
}

// ---------------------------------------------------------------------------------------------
// Known clients and the e-mailed code (domain/login-step-up.ts): read only past the ceiling.

/** Whether any of `ids` signed in to the account within the memory (TTL removes them lazily, so expiry is checked here). */
export async function isKnownClient(account: string, ids: string[], now: Date = new Date()): Promise<boolean> {
  const table = tableName();
  const { Responses } = await db().send(
    new BatchGetCommand({ RequestItems: { [table]: { Keys: ids.map((id) => throttleKeys.known(account, id)), ConsistentRead: true } } }),
  );
  const nowSeconds = epochSeconds(now);
  return (Responses?.[table] ?? []).some((item) => stored.knownClient.read(item, { pk: String(item.pk), sk: String(item.sk) }).expiresAt > nowSeconds);
}

/** After a successful sign-in: these ids are known for the memory's length from now. */
export async function rememberClient(account: string, ids: string[], now: Date = new Date()): Promise<void> {
  const expiresAt = epochSeconds(now) + LOGIN_STEP_UP.knownClientSeconds;
  await Promise.all(
    ids.map((id) =>
      db().send(new PutCommand({ TableName: tableName(), Item: { ...throttleKeys.known(account, id), entity: LOGIN_THROTTLE_ENTITY, expiresAt } })),
    ),
  );
}

/** Stores a new code (replacing any earlier one, whose tries are then void). */
export async function saveLoginCode(account: string, codeHash: string, now: Date = new Date()): Promise<void> {
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...throttleKeys.code(account), entity: LOGIN_THROTTLE_ENTITY, codeHash, tries: 0, expiresAt: epochSeconds(now) + LOGIN_STEP_UP.codeTtlSeconds },
    }),
  );
}

/**
 * One try of a code: counted first (at most LOGIN_STEP_UP.codeTries per code, so a code cannot be
 * guessed), then the code is spent if it matches (a conditional delete: it works once).
 */
export async function consumeLoginCode(account: string, codeHash: string, now: Date = new Date()): Promise<boolean> {
  const Key = throttleKeys.code(account);
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key,
        UpdateExpression: 'ADD tries :one',
        ConditionExpression: 'attribute_exists(pk) AND tries < :max AND expiresAt > :now',
        ExpressionAttributeValues: { ':one': 1, ':max': LOGIN_STEP_UP.codeTries, ':now': epochSeconds(now) },
      }),
    );
    await db().send(
      new DeleteCommand({ TableName: tableName(), Key, ConditionExpression: 'codeHash = :hash', ExpressionAttributeValues: { ':hash': codeHash } }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}
