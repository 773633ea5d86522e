/** The wallet item read as it stands now (a consistent read): balance and sequence number. */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { WalletState } from '../../domain/ledger.js';
import { db, tableName } from './client.js';
import { stored } from './items.js';
import { keys } from './keys.js';

export async function readWallet(userId: string): Promise<WalletState> {
  const Key = keys.wallet(userId);
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key, ProjectionExpression: 'balanceKobo, seq', ConsistentRead: true }));
  if (!Item) return { balanceKobo: 0, seq: 0, exists: false };
  return stored.wallet.read(Item, Key);
}
