/**
 * The listing's counter items on DynamoDB Local, one per network × user type in each scope (README
 * decision 43): an item holds one group's buckets however many networks and user types the
 * platform sells to, a status change moves counts within its own item, and counters written under
 * the keys of before groups (one item per scope) are still summed with the new ones.
 */
import { DynamoDBDocumentClient, PutCommand, DeleteCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { localDynamoClient } from '../../../infra/local/dynamodb.js';
import { counterGroupOf } from '../../../functions/domain/listing-aggregates.js';
import { fulfilPurchase } from '../../../functions/domain/fulfilment.js';
import { placeAirtimePurchase } from '../../../functions/domain/purchases.js';
import { NETWORK_NAMES, USER_TYPES } from '../../../shared/constants.js';
import { useDynamoDb } from '../../support/dynamo.js';
import { expectListingAgrees, listingFilters } from '../../support/listing-totals.js';
import { directoryOf, FakeSupplier, fund, harness, newUser } from '../money/fakes.js';

const dynamo = useDynamoDb();
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
        const placed = await placeAirtimePurchase({ userId: user.userId, userName: user.userName, userType: user.userType, network, phoneNumber, faceValueKobo: 100_00 }, h.purchase);
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
  const { Items } = await doc().send(new ScanCommand({ TableName: dynamo.tableName, FilterExpression: 'entity = :entity', ExpressionAttributeValues: { ':entity': 'ListingDay' } }));
  return Items ?? [];
}

const groupsOf = (item: Record<string, unknown>) => new Set(Object.keys(item).map(counterGroupOf).filter((group) => group !== undefined));

async function expectEveryListingAgrees(userIds: string[]): Promise<void> {
  for (const filter of listingFilters(new Date())) {
    for (const userId of [...userIds, undefined]) await expectListingAgrees(userId, filter, userId ?? 'platform');
  }
}


const size = (item: Record<string, unknown>) =>
  Object.entries(item).reduce((sum, [name, value]) => sum + Buffer.byteLength(name) + (typeof value === 'number' ? Math.ceil(String(Math.abs(value)).length / 2) + 1 : Buffer.byteLength(String(value))), 0);
describe('sizes', () => {
  it('prints', async () => {
    await historyOverEveryGroup();
    await historyOverEveryGroup();
    const items = await counterItems();
    const merged = new Map<string, Record<string, unknown>>();
    for (const item of items) {
      const sk = String(item.sk).split('#').slice(0, -2).join('#');
      const key = `${item.pk}\u0000${sk}`;
      const into = merged.get(key) ?? { pk: item.pk, sk, entity: item.entity, day: item.day };
      for (const [name, value] of Object.entries(item)) if (counterGroupOf(name) !== undefined) into[name] = ((into[name] as number | undefined) ?? 0) + (value as number);
      merged.set(key, into);
    }
    const show = (label: string, list: Record<string, unknown>[]) => {
      const platform = list.filter((i) => String(i.pk).startsWith('TXN#') && String(i.sk).includes('airtime'));
      const sizes = platform.map(size).sort((a, b) => a - b);
      console.log(label, 'platform airtime items', platform.length, 'max bytes', sizes.at(-1), 'median', sizes[Math.floor(sizes.length / 2)]);
      const users = list.filter((i) => String(i.pk).startsWith('USER#'));
      const us = users.map(size).sort((a, b) => a - b);
      console.log(label, 'user items', users.length, 'max bytes', us.at(-1));
    };
    show('grouped', items);
    show('one per scope', [...merged.values()]);
  }, 300_000);
});
