/**
 * The listing's counter items on DynamoDB Local, one per network × user type in each scope (README
 * decision 43): an item holds one group's buckets however many networks and user types the
 * platform sells to, a status change moves counts within its own item, and counters written under
 * the keys of before groups (one item per scope) are still summed with the new ones.
 */
import { drainCounters } from '../../support/outbox.js';
import { DynamoDBDocumentClient, PutCommand, DeleteCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { localDynamoClient } from '../../../infra/local/runtime/dynamodb.js';
import { counterGroupOf } from '../../../functions/domain/transactions/listing-aggregates.js';
import { fulfilPurchase } from '../../../functions/domain/purchases/fulfilment.js';
import { placeAirtimePurchase } from '../../../functions/domain/purchases/purchases.js';
import { NETWORK_NAMES, USER_TYPES } from '../../../shared/constants.js';
import { useDynamoDb } from '../../support/dynamo.js';
import { expectListingAgrees, listingFilters } from '../../support/listing-totals.js';
import { directoryOf, FakeSupplier, fund, harness, newUser } from '../money/fakes.js';

const dynamo = useDynamoDb({ stream: true });
const doc = () => DynamoDBDocumentClient.from(localDynamoClient(dynamo.endpoint));

/** Every user type buys airtime on every network: one purchase delivered, one failed (refunded), one left open. */
async function historyOverEveryGroup() {
  const h = harness(directoryOf(new FakeSupplier('ALARO', (phone) => (phone === '08022222222' ? 'failed' : 'delivered'))));
  const users = await Promise.all(USER_TYPES.map((userType) => newUser(userType)));
  await Promise.all(users.map((user) => fund(user, 50_000_00)));
  const open: string[] = [];
  for (const user of users) {
    for (const network of NETWORK_NAMES) {
      const buy = async (phoneNumber: string) => {
        const placed = await placeAirtimePurchase(
          { userId: user.userId, userName: user.userName, userType: user.userType, network, phoneNumber, faceValueKobo: 100_00 },
          h.purchase,
        );
        if (placed.kind !== 'accepted') throw new Error(placed.kind);
        return placed.record.id;
      };
      for (const id of [await buy('08011111111'), await buy('08022222222')]) await fulfilPurchase(id, h.fulfilment);
      open.push(await buy('08011111111'));
    }
  }
  return { h, users, open };
}

async function counterItems(): Promise<Record<string, unknown>[]> {
  // The platform's are summed from the stream: every change so far first.
  await drainCounters();
  const { Items } = await doc().send(
    new ScanCommand({ TableName: dynamo.tableName, FilterExpression: 'entity = :entity', ExpressionAttributeValues: { ':entity': 'ListingDay' } }),
  );
  return Items ?? [];
}

const groupsOf = (item: Record<string, unknown>) =>
  new Set(
    Object.keys(item)
      .map(counterGroupOf)
      .filter((group) => group !== undefined),
  );

async function expectEveryListingAgrees(userIds: string[]): Promise<void> {
  for (const filter of listingFilters(new Date())) {
    for (const userId of [...userIds, undefined]) await expectListingAgrees(userId, filter, userId ?? 'platform');
  }
}

describe('the listing counters, one item per network × user type', () => {
  it('every counter item holds one group’s buckets, however many networks and user types were sold to; every listing equals the full read', async () => {
    const { h, users, open } = await historyOverEveryGroup();
    for (const id of open.slice(0, 4)) await fulfilPurchase(id, h.fulfilment);
    const items = await counterItems();
    expect(items.length).toBeGreaterThan(0);
    for (const item of items) expect([...groupsOf(item)], `${item.pk} ${item.sk}`).toHaveLength(1);
    // 3 user types × 4 networks: each user's all-time counters are 4 items, the platform's airtime ones 12 over its shards.
    const allTime = items.filter((item) => String(item.sk).startsWith('LISTALL'));
    for (const user of users) expect(allTime.filter((item) => item.pk === `USER#${user.userId}`).length).toBeGreaterThanOrEqual(NETWORK_NAMES.length);
    const platformAirtime = allTime.filter((item) => String(item.pk).startsWith('TXN#') && String(item.sk).startsWith('LISTALL#airtime#'));
    expect(new Set(platformAirtime.flatMap((item) => [...groupsOf(item)])).size).toBe(NETWORK_NAMES.length * USER_TYPES.length);
    await expectEveryListingAgrees(users.map((user) => user.userId));
  }, 120_000);

  it('counters kept under the keys of before groups (one item per scope) are summed with the new ones, as status changes move counts out of them', async () => {
    const { h, users, open } = await historyOverEveryGroup();
    // Every counter item as the code before groups wrote it: one per scope, the group suffix (the last two parts of the key) gone.
    const merged = new Map<string, Record<string, unknown>>();
    for (const item of await counterItems()) {
      const sk = String(item.sk).split('#').slice(0, -2).join('#');
      const key = `${item.pk}\u0000${sk}`;
      const into = merged.get(key) ?? { pk: item.pk, sk, entity: item.entity, day: item.day };
      for (const [name, value] of Object.entries(item))
        if (counterGroupOf(name) !== undefined) into[name] = ((into[name] as number | undefined) ?? 0) + (value as number);
      merged.set(key, into);
      await doc().send(new DeleteCommand({ TableName: dynamo.tableName, Key: { pk: item.pk, sk: item.sk } }));
    }
    for (const item of merged.values()) await doc().send(new PutCommand({ TableName: dynamo.tableName, Item: item }));
    await expectEveryListingAgrees(users.map((user) => user.userId));
    // The open purchases settle now: their counts leave the buckets the old items hold, through the new items.
    for (const id of open) await fulfilPurchase(id, h.fulfilment);
    await expectEveryListingAgrees(users.map((user) => user.userId));
  }, 120_000);
});
