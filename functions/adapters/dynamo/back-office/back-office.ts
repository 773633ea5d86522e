/** The admin dashboard's reads on DynamoDB: the running totals, bounded counts and the newest users. */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { BackOfficeFigures, NewestUser } from '../../../domain/back-office/back-office-port.js';
import { db, tableName } from '../client.js';
import { GSI, INDEX, listingQuery } from '../keys.js';
import { countOpenPurchases, countUsers, readSalesTotals, readWalletTotalKobo } from '../transactions/sales-stats.js';
import { getWalletBalanceKobo } from '../accounts/users.js';

// Only what the dashboard shows is read: the password hash, API key and webhook secret never leave the table.
const SHOWN = ['userId', 'userName', 'email', 'phoneNumber', 'userType', 'createdAt', 'lastLogin'] as const;

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

async function newestUsers(limit: number): Promise<NewestUser[]> {
  const names = Object.fromEntries(SHOWN.map((attribute, i) => [`#a${i}`, attribute]));
  const { Items = [] } = await db().send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: INDEX.byKindCreatedAt,
      KeyConditionExpression: '#pk = :pk',
      ProjectionExpression: Object.keys(names).join(', '),
      ExpressionAttributeNames: { '#pk': GSI.byKindCreatedAt.partitionKey, ...names },
      ExpressionAttributeValues: { ':pk': listingQuery.kindPartition('USER') },
      ScanIndexForward: false,
      Limit: limit,
    }),
  );
  return Promise.all(
    Items.map(async (item) => ({
      userId: text(item.userId),
      userName: text(item.userName),
      email: text(item.email),
      phoneNumber: text(item.phoneNumber),
      userType: text(item.userType),
      createdAt: text(item.createdAt),
      lastLogin: typeof item.lastLogin === 'string' ? item.lastLogin : null,
      balanceKobo: await getWalletBalanceKobo(text(item.userId)),
    })),
  );
}

export const dynamoBackOffice: BackOfficeFigures = {
  salesTotals: readSalesTotals,
  walletTotalKobo: readWalletTotalKobo,
  countUsers,
  countOpenPurchases,
  newestUsers,
};
