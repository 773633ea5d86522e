/** The wallet item: read as it stands now (a consistent read), and its write in a balance change. */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { WalletState } from '../../../domain/wallet/ledger.js';
import { db, tableName } from '../client.js';
import type { TransactItem } from '../conditional-writes.js';
import { stored, WALLET_ENTITY } from '../items.js';
import { keys } from '../keys.js';

/** A wallet's move from the seq it was read at (or from nothing) to its new balance and seq. */
export interface WalletMove {
  balanceAfterKobo: number;
  expectedSeq: number;
  nextSeq: number;
  createsWallet: boolean;
}

/** A condition a wallet write adds to its own, with the values it names. */
export interface WalletCondition {
  condition: string;
  values: Record<string, unknown>;
}

/**
 * The wallet's write in a balance change's transaction: conditional on the seq read (or on the wallet
 * not existing yet), and on each of `also` (a debit's `balanceKobo >= :amount`, a direct try's closed queue). `changedAt` is
 * the time the (last) change is recorded at, kept as the wallet's `updatedAt`: the next change is
 * recorded after it (domain/ledger.ts chainTime).
 */
export function walletWrite(userId: string, move: WalletMove, changedAt: string, also: readonly WalletCondition[] = [], queue?: QueueOpening): TransactItem {
  const conditions = [move.createsWallet ? 'attribute_not_exists(pk)' : 'seq = :expectedSeq', ...also.map((added) => added.condition)];
  return {
    Update: {
      TableName: tableName(),
      Key: keys.wallet(userId),
      UpdateExpression:
        'SET balanceKobo = :balance, seq = :nextSeq, updatedAt = :now, entity = if_not_exists(entity, :entity), userId = if_not_exists(userId, :userId), createdAt = if_not_exists(createdAt, :now)' +
        (queue ? `, ${QUEUE_OPEN_UNTIL} = :queueOpenUntil` : ''),
      ConditionExpression: conditions.join(' AND '),
      ExpressionAttributeValues: {
        ':balance': move.balanceAfterKobo,
        ':nextSeq': move.nextSeq,
        ':now': changedAt,
        ':entity': WALLET_ENTITY,
        ':userId': userId,
        ...(move.createsWallet ? {} : { ':expectedSeq': move.expectedSeq }),
        ...Object.assign({}, ...also.map((added) => added.values)),
        ...(queue ? { ':queueOpenUntil': queue.openUntilMs } : {}),
      },
    },
  };
}

/**
 * The wallet's queue stays open a moment after a group commit of several changes (README decision
 * 108): until then a purchase's direct try queues behind it instead of jumping it. A direct write
 * that lands between a commit's read of the wallet and its write refuses the whole commit (its seq
 * moved): under a burst, the quick direct tries of late arrivals refused the slow big commits.
 */
const QUEUE_OPEN_UNTIL = 'queueOpenUntil';
export interface QueueOpening {
  /** Epoch ms until which direct tries queue instead. */
  openUntilMs: number;
}

/** The condition a direct try adds: the wallet's queue is not open at `nowMs`. */
export const queueClosedAt = (nowMs: number): WalletCondition => ({
  condition: `(attribute_not_exists(${QUEUE_OPEN_UNTIL}) OR ${QUEUE_OPEN_UNTIL} < :queueCheckedAt)`,
  values: { ':queueCheckedAt': nowMs },
});

export async function readWallet(userId: string): Promise<WalletState> {
  const Key = keys.wallet(userId);
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key, ProjectionExpression: 'balanceKobo, seq, updatedAt', ConsistentRead: true }));
  if (!Item) return { balanceKobo: 0, seq: 0, exists: false };
  return stored.wallet.read(Item, Key);
}
