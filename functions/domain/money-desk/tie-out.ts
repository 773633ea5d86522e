/**
 * The books tie out: Σ every customer's wallet + the house account = money in − money out.
 *
 * Every balance change writes the record that explains it, in the same write (the ledger). So the
 * sum of every record's change since the beginning — money in (fundings, refunds, earnings,
 * incoming transfers) less money out (purchases, withdrawals, fees, outgoing transfers), the house
 * account's records included — must equal the balances as they stand. The flows are summed off
 * the request path from the stream (per day, once per record); the balances are read from the
 * wallets themselves. A balance changed without its record (a bug, a hand edit) breaks the
 * equality, and the desk says so.
 *
 * The flows lag the writes by the stream's few seconds: a difference seen while money moves may
 * be a record not yet summed. So a difference is read again a few times, and only one seen every
 * time is a broken tie-out.
 */
import { koboToNaira, type Kobo } from '../../../shared/money.js';
import type { TieOutView } from '../../../shared/api/money-desk-pnl.js';
import { dayOf, hashShard } from '../back-office/sales-stats.js';
import type { TransactionRecord } from '../transactions/transactions.js';
import { movesWallet } from '../transactions/transactions.js';
import { HOUSE_USER_ID } from '../wallet/house-account.js';

/** Shards of a day's flow counters: concurrent writers seldom hold the same item. */
export const FLOW_SHARDS = 4;

/** What one record moved in or out of a wallet (the house's included), on its day. */
export interface FlowDelta {
  day: string;
  shard: number;
  inKobo: Kobo;
  outKobo: Kobo;
}

/** A record's creation is the only change that moves a balance; later updates (status, re-queries) move none. */
export function flowDeltaOf({ before, after }: { before: TransactionRecord | undefined; after: TransactionRecord }): FlowDelta | undefined {
  if (before || !movesWallet(after)) return undefined;
  const change = after.balanceAfterKobo - after.balanceBeforeKobo;
  if (change === 0) return undefined;
  return {
    day: dayOf(after.createdAt),
    shard: hashShard(after.userId === HOUSE_USER_ID ? after.id : after.userId, FLOW_SHARDS),
    inKobo: Math.max(change, 0),
    outKobo: Math.max(-change, 0),
  };
}

/** A batch's flows, one per day × shard. */
export function batchFlowDeltas(changes: readonly { before: TransactionRecord | undefined; after: TransactionRecord }[]): FlowDelta[] {
  const merged = new Map<string, FlowDelta>();
  for (const change of changes) {
    const delta = flowDeltaOf(change);
    if (!delta) continue;
    const key = `${delta.day}#${delta.shard}`;
    const seen = merged.get(key);
    if (!seen) merged.set(key, { ...delta });
    else {
      seen.inKobo += delta.inKobo;
      seen.outKobo += delta.outKobo;
    }
  }
  return [...merged.values()];
}

/** What the check read: the balances as they stand and the flows summed so far. */
export interface TieOutReading {
  walletsTotalKobo: Kobo;
  houseBalanceKobo: Kobo;
  wallets: number;
  moneyInKobo: Kobo;
  moneyOutKobo: Kobo;
}

export const differenceOf = (r: TieOutReading): Kobo => r.walletsTotalKobo + r.houseBalanceKobo - (r.moneyInKobo - r.moneyOutKobo);

export interface TieOutResult extends TieOutReading {
  day: string;
  checkedAt: string;
  differenceKobo: Kobo;
  tiesOut: boolean;
}

export interface TieOutDeps {
  read(): Promise<TieOutReading>;
  /** Waits before reading again (the stream's lag). */
  pause(ms: number): Promise<void>;
  now(): Date;
}

/** Readings of a difference before it is called broken, and the wait between them. */
export const TIE_OUT_READINGS = 3;
export const TIE_OUT_REREAD_MS = 5_000;

/** Checks the books: ties out at the first reading without a difference; broken when every reading has one. */
export async function checkTieOut(deps: TieOutDeps, options: { readings?: number; rereadMs?: number } = {}): Promise<TieOutResult> {
  const readings = options.readings ?? TIE_OUT_READINGS;
  let reading = await deps.read();
  for (let n = 1; n < readings && differenceOf(reading) !== 0; n++) {
    await deps.pause(options.rereadMs ?? TIE_OUT_REREAD_MS);
    reading = await deps.read();
  }
  const now = deps.now();
  const differenceKobo = differenceOf(reading);
  return { ...reading, day: dayOf(now), checkedAt: now.toISOString(), differenceKobo, tiesOut: differenceKobo === 0 };
}

export function tieOutView(result: TieOutResult): TieOutView {
  return {
    day: result.day,
    checkedAt: result.checkedAt,
    walletsTotal: koboToNaira(result.walletsTotalKobo),
    houseBalance: koboToNaira(result.houseBalanceKobo),
    moneyIn: koboToNaira(result.moneyInKobo),
    moneyOut: koboToNaira(result.moneyOutKobo),
    difference: koboToNaira(result.differenceKobo),
    tiesOut: result.tiesOut,
    wallets: result.wallets,
  };
}
