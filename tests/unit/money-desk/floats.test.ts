import { describe, expect, it } from 'vitest';
import { canCover, crossingOf, hourOf, hoursLeft, levelOf, ratesAt, spendOver } from '../../../functions/domain/money-desk/floats.js';
import { floatGuardedGateway, FLOAT_TOO_LOW, orderCostKobo } from '../../../functions/domain/money-desk/floats-guard.js';
import { observeBalance, refreshFloat } from '../../../functions/domain/money-desk/floats-desk.js';
import type { FloatState, FloatStore, LowFloatAlert } from '../../../functions/domain/money-desk/floats-port.js';
import type { SupplierGateway } from '../../../functions/domain/purchases/suppliers-port.js';

const hour = (iso: string, openingKobo: number, closingKobo: number) => ({ hour: iso, openingKobo, closingKobo });

describe('float rules', () => {
  it('reads spend from the fall of hourly closings, a top-up counting as no spend', () => {
    expect(spendOver([hour('2026-01-01T10:00:00.000Z', 100_000, 90_000), hour('2026-01-01T11:00:00.000Z', 90_000, 70_000)])).toBe(30_000);
    // A top-up between hours (closing 70,000 → 500,000) is a rise, not negative spend.
    expect(spendOver([hour('2026-01-01T10:00:00.000Z', 100_000, 70_000), hour('2026-01-01T11:00:00.000Z', 500_000, 500_000)])).toBe(30_000);
    expect(spendOver([])).toBe(0);
  });

  it('rates: the last hour scaled to 60 minutes, the last day summed; hours left from the last hour, else the day', () => {
    const now = new Date('2026-01-01T12:30:00.000Z');
    const hours = [
      hour('2026-01-01T00:00:00.000Z', 1_000_000, 900_000),
      hour('2026-01-01T11:00:00.000Z', 900_000, 840_000),
      hour('2026-01-01T12:00:00.000Z', 840_000, 810_000),
    ];
    const rates = ratesAt(hours, now);
    // 90,000 over the 1.5 hours since 11:00 → 60,000 an hour; 190,000 over the day.
    expect(rates).toEqual({ lastHourKobo: 60_000, lastDayKobo: 190_000 });
    expect(hoursLeft(810_000, rates)).toBe(13.5);
    expect(hoursLeft(240_000, { lastHourKobo: 0, lastDayKobo: 240_000 })).toBe(24);
    expect(hoursLeft(810_000, { lastHourKobo: 0, lastDayKobo: 0 })).toBeNull();
    expect(hourOf('2026-01-01T12:59:59.999Z')).toBe('2026-01-01T12:00:00.000Z');
  });

  it('is low under either threshold; a crossing happens only on a change of level', () => {
    const thresholds = { minBalanceKobo: 50_000, minHoursLeft: 6 };
    expect(levelOf(49_999, null, thresholds)).toBe('low');
    expect(levelOf(50_000, null, thresholds)).toBe('ok');
    expect(levelOf(1_000_000, 5.9, thresholds)).toBe('low');
    expect(levelOf(1_000_000, 5.9, { ...thresholds, minHoursLeft: 0 })).toBe('ok');
    expect(crossingOf(undefined, 'low')).toBe('became_low');
    expect(crossingOf('low', 'low')).toBe('unchanged');
    expect(crossingOf('low', 'ok')).toBe('recovered');
    expect(crossingOf(undefined, 'ok')).toBe('unchanged');
  });

  it('a known float covers a purchase only up to its balance; an unknown one always does', () => {
    expect(canCover({ balanceKobo: 10_000, observedAt: 'x' }, 10_000)).toBe(true);
    expect(canCover({ balanceKobo: 9_999, observedAt: 'x' }, 10_000)).toBe(false);
    expect(canCover(undefined, 10_000_000)).toBe(true);
    expect(orderCostKobo({ faceValueKobo: 500_00 })).toBe(500_00);
    expect(orderCostKobo({ amountKobo: 1000_00 })).toBe(1000_00);
    expect(orderCostKobo({ denominationNaira: 100, quantity: 3 })).toBe(300_00);
    expect(orderCostKobo({ planId: 1 })).toBe(1);
  });

  it("a data order is checked against its plan's cost, not against any float above zero", () => {
    expect(orderCostKobo({ planId: 1, planName: '1GB', costKobo: 270_00 })).toBe(270_00);
    expect(canCover({ balanceKobo: 100_00, observedAt: 'x' }, orderCostKobo({ planId: 1, costKobo: 270_00 }))).toBe(false);
    expect(canCover({ balanceKobo: 270_00, observedAt: 'x' }, orderCostKobo({ planId: 1, costKobo: 270_00 }))).toBe(true);
  });
});

/** A store in memory with the adapter's rules: later observations win, a level changes from what it was. */
function memoryStore(initial: Partial<FloatState> = {}): FloatStore & { state?: FloatState } {
  const store: FloatStore & { state?: FloatState } = {
    state: initial.supplier
      ? ({ balanceKobo: 0, observedAt: '', thresholds: { minBalanceKobo: 50_000, minHoursLeft: 0 }, ...initial } as FloatState)
      : undefined,
    async observe(supplier, balanceKobo, at) {
      if (store.state && store.state.observedAt > at) return undefined;
      store.state = {
        ...(store.state ?? { supplier, thresholds: { minBalanceKobo: 50_000, minHoursLeft: 0 } }),
        supplier,
        balanceKobo,
        observedAt: at,
      } as FloatState;
      return { ...store.state };
    },
    async get() {
      return store.state ? [{ ...store.state }] : [];
    },
    async hours() {
      return [];
    },
    async hourBefore() {
      return undefined;
    },
    async saveRates() {},
    async changeLevel(_supplier, from, to) {
      if (store.state?.level !== from) return false;
      store.state!.level = to;
      return true;
    },
    async setThresholds() {},
    async addTopUp() {
      return 'recorded';
    },
    async topUps() {
      return [];
    },
  };
  return store;
}

describe('float crossings', () => {
  it('tells the admins once per crossing, and again only after a recovery', async () => {
    const alerts: LowFloatAlert[] = [];
    const floats = memoryStore();
    let clock = new Date('2026-01-01T10:00:00.000Z');
    const deps = { floats, alerts: { lowFloat: async (alert: LowFloatAlert) => void alerts.push(alert) }, now: () => clock };
    expect(await observeBalance('ALARO', 100_000, '2026-01-01T10:00:00.000Z', deps)).toBe('ok');
    expect(await observeBalance('ALARO', 40_000, '2026-01-01T10:01:00.000Z', deps)).toBe('became_low');
    expect(await observeBalance('ALARO', 30_000, '2026-01-01T10:02:00.000Z', deps)).toBe('still_low');
    // An older observation arriving late changes nothing.
    expect(await observeBalance('ALARO', 1_000_000, '2026-01-01T09:00:00.000Z', deps)).toBe('stale');
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({ supplier: 'ALARO', balanceKobo: 40_000 });
    clock = new Date('2026-01-01T10:30:00.000Z');
    expect(await refreshFloat('ALARO', 900_000, deps)).toBe('recovered');
    expect(await observeBalance('ALARO', 10_000, '2026-01-01T11:00:00.000Z', deps)).toBe('became_low');
    expect(alerts).toHaveLength(2);
  });
});

describe('the float guard', () => {
  const answer = { supplier: 'ALARO', outcome: 'delivered' as const, reason: 'status_successful', request: {}, response: {}, balanceAfterKobo: 12_345 };
  const gateway = (calls: string[]): SupplierGateway => ({
    name: 'ALARO',
    buyAirtime: async (order) => {
      calls.push(order.requestId);
      return answer;
    },
    buyData: async () => answer,
    requery: async () => answer,
  });

  it('skips a supplier whose known float cannot cover the purchase, without calling it', async () => {
    const calls: string[] = [];
    const guarded = floatGuardedGateway(gateway(calls), {
      knownFloat: async () => ({ supplier: 'ALARO', balanceKobo: 99_00, observedAt: 'x', thresholds: { minBalanceKobo: 0, minHoursLeft: 0 } }),
      observe: async () => undefined,
      recordSubmission: async () => undefined,
      now: () => new Date(),
      warn: () => undefined,
    });
    const result = await guarded.buyAirtime({ requestId: 't1', network: 'MTN', phoneNumber: '08011111111', faceValueKobo: 100_00 });
    expect(result).toMatchObject({ outcome: 'failed', reason: FLOAT_TOO_LOW });
    expect(calls).toEqual([]);
  });

  it('calls a supplier that can cover it, keeps its submission for the day and observes the balance it answered', async () => {
    const calls: string[] = [];
    const observed: number[] = [];
    const submissions: string[] = [];
    const guarded = floatGuardedGateway(gateway(calls), {
      knownFloat: async () => ({ supplier: 'ALARO', balanceKobo: 100_00, observedAt: 'x', thresholds: { minBalanceKobo: 0, minHoursLeft: 0 } }),
      observe: async (_s, balance) => void observed.push(balance),
      recordSubmission: async (submission) => void submissions.push(`${submission.supplier}:${submission.requestId}:${submission.service}`),
      now: () => new Date(),
      warn: () => undefined,
    });
    expect(await guarded.buyAirtime({ requestId: 't2', network: 'MTN', phoneNumber: '08011111111', faceValueKobo: 100_00 })).toBe(answer);
    expect(calls).toEqual(['t2']);
    expect(observed).toEqual([12_345]);
    expect(submissions).toEqual(['ALARO:t2:airtime']);
    expect(guarded.name).toBe('ALARO');
  });

  it('never skips on a cached figure: a float the store says was topped up is called', async () => {
    const calls: string[] = [];
    const reads: boolean[] = [];
    const guarded = floatGuardedGateway(gateway(calls), {
      knownFloat: async (_s, fresh) => {
        reads.push(fresh === true);
        return { supplier: 'ALARO', balanceKobo: fresh ? 10_000_00 : 99_00, observedAt: 'x', thresholds: { minBalanceKobo: 0, minHoursLeft: 0 } };
      },
      observe: async () => undefined,
      recordSubmission: async () => undefined,
      now: () => new Date(),
      warn: () => undefined,
    });
    expect(await guarded.buyAirtime({ requestId: 't4', network: 'MTN', phoneNumber: '08011111111', faceValueKobo: 100_00 })).toBe(answer);
    expect(calls).toEqual(['t4']);
    expect(reads).toEqual([false, true]);
  });

  it('calls the supplier when the float cannot be read or the bookkeeping fails: never a purchase left open with nobody asked', async () => {
    const calls: string[] = [];
    const warnings: string[] = [];
    const guarded = floatGuardedGateway(gateway(calls), {
      knownFloat: async () => {
        throw new Error('table unreachable');
      },
      observe: async () => {
        throw new Error('table unreachable');
      },
      recordSubmission: async () => {
        throw new Error('table unreachable');
      },
      now: () => new Date(),
      warn: (message) => void warnings.push(message),
    });
    expect(await guarded.buyAirtime({ requestId: 't3', network: 'MTN', phoneNumber: '08011111111', faceValueKobo: 100_00 })).toBe(answer);
    expect(calls).toEqual(['t3']);
    expect(warnings).toEqual([
      'float unreadable; the supplier is called',
      'money desk could not record the submission',
      'money desk could not record the balance',
    ]);
  });
});
