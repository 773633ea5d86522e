/** The tie-out rule (domain/money-desk/tie-out.ts): flows from record creations, and when a difference is a broken tie-out. */
import { describe, expect, it } from 'vitest';
import { batchFlowDeltas, checkTieOut, flowDeltaOf, type TieOutReading } from '../../../functions/domain/money-desk/tie-out.js';
import type { TransactionRecord } from '../../../functions/domain/transactions/transactions.js';

const record = (over: Partial<TransactionRecord>): TransactionRecord => ({
  id: '01R',
  userId: 'u1',
  trans_UserName: 'ada',
  trans_Type: 'wallet',
  trans_Status: 'success',
  trans_Network: '',
  phone_number: '',
  amountKobo: 0,
  balanceBeforeKobo: 0,
  balanceAfterKobo: 0,
  walletSeq: 1,
  createdAt: '2026-03-10T09:00:00.000Z',
  updatedAt: '2026-03-10T09:00:00.000Z',
  description: '',
  ...over,
});

const reading = (walletsTotalKobo: number): TieOutReading => ({
  walletsTotalKobo,
  houseBalanceKobo: -100_00,
  wallets: 2,
  moneyInKobo: 500_00,
  moneyOutKobo: 100_00,
});

describe('the tie-out', () => {
  it('counts each record once, at its creation: money in, money out, the house included; a bulk line moves nothing', () => {
    expect(flowDeltaOf({ before: undefined, after: record({ balanceAfterKobo: 500_00 }) })).toMatchObject({ day: '2026-03-10', inKobo: 500_00, outKobo: 0 });
    expect(flowDeltaOf({ before: undefined, after: record({ userId: 'HOUSE', balanceBeforeKobo: 0, balanceAfterKobo: -100_00 }) })).toMatchObject({
      outKobo: 100_00,
    });
    expect(flowDeltaOf({ before: record({}), after: record({ balanceAfterKobo: 1 }) })).toBeUndefined();
    expect(flowDeltaOf({ before: undefined, after: record({ batchId: 'b', balanceBeforeKobo: 5, balanceAfterKobo: 5 }) })).toBeUndefined();
    const one = { before: undefined, after: record({ balanceAfterKobo: 10 }) };
    expect(batchFlowDeltas([one, one])).toEqual([expect.objectContaining({ inKobo: 20 })]);
  });

  it('ties out at the first reading without a difference, and a difference the stream then catches up is no break', async () => {
    const readings = [reading(500_00), reading(500_00)];
    const pauses: number[] = [];
    const deps = { read: async () => readings.shift()!, pause: async (ms: number) => void pauses.push(ms), now: () => new Date('2026-03-10T23:30:00Z') };
    expect(await checkTieOut(deps)).toMatchObject({ tiesOut: true, differenceKobo: 0, day: '2026-03-11' });
    expect(pauses).toEqual([]);
    const lagging = [reading(498_00), reading(500_00)];
    expect(await checkTieOut({ ...deps, read: async () => lagging.shift()! })).toMatchObject({ tiesOut: true });
  });

  it('rejection: a balance changed behind the ledger is a difference at every reading: broken, with the amount', async () => {
    const deps = { read: async () => reading(510_00), pause: async () => {}, now: () => new Date() };
    expect(await checkTieOut(deps)).toMatchObject({ tiesOut: false, differenceKobo: 10_00 });
  });
});
