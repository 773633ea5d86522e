/**
 * GET /admin/money-desk/profit-and-loss and GET /admin/money-desk/tie-out (admins): the money
 * desk's figures. Served by the admin function; both only read — the P&L from the running totals
 * the stream's counter consumer keeps, the tie-out from the daily checks' records and, asked for,
 * a check made now (the same rule as the daily job, not recorded).
 */
import { profitAndLossQuery, tieOutQuery, type TieOutResponse } from '../../../shared/api/money-desk-pnl.js';
import { profitAndLossReport, reportRange, type PnlTotals } from '../../domain/money-desk/profit-and-loss.js';
import { checkTieOut, tieOutView, type TieOutReading, type TieOutResult } from '../../domain/money-desk/tie-out.js';
import { ok, parseInput, type UserOperation } from '../../middleware/http.js';

export interface MoneyDeskDeps {
  pnlTotals(fromDay: string, toDay: string): Promise<PnlTotals[]>;
  readTieOut(): Promise<TieOutReading>;
  recentTieOuts(): Promise<TieOutResult[]>;
  pause(ms: number): Promise<void>;
  now(): Date;
}

/** A check asked for on the page waits at most this long for the stream to catch up. */
const ON_DEMAND_READINGS = 2;
const ON_DEMAND_REREAD_MS = 2_000;

export const profitAndLossOperation =
  (deps: MoneyDeskDeps): UserOperation =>
  async ({ query }) => {
    const { period, from, to } = parseInput(profitAndLossQuery, query);
    const range = reportRange({ from, to }, deps.now());
    return ok(profitAndLossReport(await deps.pnlTotals(range.from, range.to), period, range));
  };

export const tieOutOperation =
  (deps: MoneyDeskDeps): UserOperation =>
  async ({ query }) => {
    const { check } = parseInput(tieOutQuery, query);
    const [recent, now] = await Promise.all([
      deps.recentTieOuts(),
      check === 'now'
        ? checkTieOut({ read: deps.readTieOut, pause: deps.pause, now: deps.now }, { readings: ON_DEMAND_READINGS, rereadMs: ON_DEMAND_REREAD_MS })
        : undefined,
    ]);
    const answer: TieOutResponse = { recent: recent.map(tieOutView), ...(now ? { now: tieOutView(now) } : {}) };
    return ok(answer);
  };
