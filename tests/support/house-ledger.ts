/**
 * The house account's part of the ledger invariants, read straight from the table: its chain
 * replays to its wallet (it alone may go below zero), and the records it shares with a closed set
 * of users — the other side of their admin credits — are what it adds to their balances' sum:
 *   Σ users' balances + Σ (house records related to them) = money in − money out.
 */
import { expect } from 'vitest';
import { dynamoLedger } from '../../functions/adapters/dynamo/wallet/ledger.js';
import { dynamoTransactions } from '../../functions/adapters/dynamo/transactions/transactions.js';
import { HOUSE_USER_ID } from '../../functions/domain/wallet/house-account.js';
import { verifyChain } from '../../functions/domain/wallet/ledger.js';
import type { TransactionRecord } from '../../functions/domain/transactions/transactions.js';

export interface HouseShare {
  /** The house's records whose other side is one of the given records. */
  records: TransactionRecord[];
  /** Their signed effect on the house's balance (negative: money the house gave). */
  changeKobo: number;
}

export async function houseShareOf(userRecords: Iterable<TransactionRecord>, step = 'end'): Promise<HouseShare> {
  const [houseRecords, wallet] = await Promise.all([dynamoTransactions.listForUser(HOUSE_USER_ID, {}), dynamoLedger.getWallet(HOUSE_USER_ID)]);
  expect(verifyChain(houseRecords, wallet, { mayGoNegative: true }), `${step}: chain of the house account`).toMatchObject({ ok: true });
  const ids = new Set([...userRecords].map((record) => record.id));
  const records = houseRecords.filter((record) => ids.has(record.relatedTransactionId ?? ''));
  return { records, changeKobo: records.reduce((sum, record) => sum + record.balanceAfterKobo - record.balanceBeforeKobo, 0) };
}
