import { describe, expect, it } from 'vitest';
import { canCover, crossingOf, hourOf, hoursLeft, levelOf, ratesAt, spendOver } from '../../../functions/domain/money-desk/floats.js';
import { floatGuardedGateway, FLOAT_TOO_LOW, orderCostKobo } from '../../../functions/domain/money-desk/floats-guard.js';
import { observeBalance, refreshFloat } from '../../../functions/domain/money-desk/floats-desk.js';
import type { FloatState, FloatStore, LowFloatAlert } from '../../../functions/domain/money-desk/floats-port.js';
import type { SupplierGateway } from '../../../functions/domain/purchases/suppliers-port.js';
import { deliveryReading, type TransactionRecord } from '../../../functions/domain/transactions/transactions.js';
import { booksOf, foldObservations, observationsOf, submissionsOf } from '../../../functions/domain/money-desk/books-from-stream.js';
import { lagosDay } from '../../../functions/domain/money-desk/reconciliation.js';
import { balanceOfAnswer } from '../../../functions/adapters/dynamo/money-desk/books-from-stream.js';

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
      warn: () => undefined,
    });
    const result = await guarded.buyAirtime({ requestId: 't1', network: 'MTN', phoneNumber: '08011111111', faceValueKobo: 100_00 });
    expect(result).toMatchObject({ outcome: 'failed', reason: FLOAT_TOO_LOW });
    expect(calls).toEqual([]);
  });

  it('calls a supplier that can cover it and answers exactly what it answered (it writes nothing: the stream keeps the books)', async () => {
    const calls: string[] = [];
    const guarded = floatGuardedGateway(gateway(calls), {
      knownFloat: async () => ({ supplier: 'ALARO', balanceKobo: 100_00, observedAt: 'x', thresholds: { minBalanceKobo: 0, minHoursLeft: 0 } }),
      warn: () => undefined,
    });
    expect(await guarded.buyAirtime({ requestId: 't2', network: 'MTN', phoneNumber: '08011111111', faceValueKobo: 100_00 })).toBe(answer);
    expect(calls).toEqual(['t2']);
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
      warn: () => undefined,
    });
    expect(await guarded.buyAirtime({ requestId: 't4', network: 'MTN', phoneNumber: '08011111111', faceValueKobo: 100_00 })).toBe(answer);
    expect(calls).toEqual(['t4']);
    expect(reads).toEqual([false, true]);
  });

  it('calls the supplier when the float cannot be read: never a purchase left open with nobody asked', async () => {
    const calls: string[] = [];
    const warnings: string[] = [];
    const guarded = floatGuardedGateway(gateway(calls), {
      knownFloat: async () => {
        throw new Error('table unreachable');
      },
      warn: (message) => void warnings.push(message),
    });
    expect(await guarded.buyAirtime({ requestId: 't3', network: 'MTN', phoneNumber: '08011111111', faceValueKobo: 100_00 })).toBe(answer);
    expect(calls).toEqual(['t3']);
    expect(warnings).toEqual(['float unreadable; the supplier is called']);
  });
});

describe("the money desk's books, from the purchases' changes", () => {
  const purchase = (fields: Partial<TransactionRecord>): TransactionRecord =>
    ({
      id: 'T1',
      userId: 'u',
      trans_UserName: 'u',
      trans_Type: 'airtime',
      trans_Status: 'processing',
      trans_Network: 'MTN',
      phone_number: '08011111111',
      amountKobo: 100_00,
      balanceBeforeKobo: 0,
      balanceAfterKobo: 0,
      walletSeq: 1,
      createdAt: '2026-12-02T22:59:00.000Z',
      updatedAt: '2026-12-02T22:59:00.000Z',
      description: '',
      ...fields,
    }) as TransactionRecord;
  const answered = (supplier: string, at: string, balance: number | undefined, kind: 'submit' | 'requery' = 'submit') => ({
    supplier,
    kind,
    request: {},
    response: balance === undefined ? { status: 'successful' } : { status: 'successful', balance_after: balance / 100 },
    at,
    outcome: 'delivered' as const,
    reason: 'ok',
  });

  it("lists a submission for each supplier a change newly names: the claim's at its time, a hand-over's at its own (the first supplier's day keeps it)", () => {
    const placed = purchase({});
    const claimed = purchase({ submittedTo: ['ALARO'], supplier: 'ALARO', submittedAt: '2026-12-02T22:59:30.000Z' });
    const handedOver = purchase({ ...claimed, submittedTo: ['ALARO', 'GLAD'], supplier: 'GLAD', updatedAt: '2026-12-02T23:00:05.000Z' });
    const refunded = purchase({ ...handedOver, trans_Status: 'refunded', updatedAt: '2026-12-02T23:00:09.000Z' });
    expect(submissionsOf({ before: undefined, after: placed })).toEqual([]);
    expect(submissionsOf({ before: placed, after: claimed })).toEqual([
      { supplier: 'ALARO', requestId: 'T1', placedAt: placed.createdAt, submittedAt: '2026-12-02T22:59:30.000Z', service: 'airtime' },
    ]);
    // Across Lagos midnight: ALARO's day is the 2nd, GLAD's the 3rd.
    const next = submissionsOf({ before: claimed, after: handedOver });
    expect(next).toEqual([{ supplier: 'GLAD', requestId: 'T1', placedAt: placed.createdAt, submittedAt: '2026-12-02T23:00:05.000Z', service: 'airtime' }]);
    expect(lagosDay(next[0]!.submittedAt)).toBe('2026-12-03');
    // Settling names nobody new; a purchase claimed with no supplier configured asked nobody.
    expect(submissionsOf({ before: handedOver, after: refunded })).toEqual([]);
    expect(submissionsOf({ before: placed, after: purchase({ submittedTo: ['NONE'], supplier: 'NONE', submittedAt: 'x' }) })).toEqual([]);
    // A batch delivered again yields the same submissions (their items are put again, the same).
    expect(booksOf([{ before: placed, after: claimed }], balanceOfAnswer)).toEqual(booksOf([{ before: placed, after: claimed }], balanceOfAnswer));
  });

  it("observes the balance a delivery's answer carried, once per supplier a batch: the latest, and each hour's first and last", () => {
    const claimed = purchase({ submittedTo: ['ALARO'], supplier: 'ALARO', submittedAt: '2026-12-02T09:59:00.000Z' });
    const settled = (id: string, at: string, balance: number | undefined, kind: 'submit' | 'requery' = 'submit') => ({
      before: { ...claimed, id },
      after: { ...claimed, id, trans_Status: 'success' as const, attempts: [answered('ALARO', at, balance, kind)] },
    });
    const books = booksOf(
      [
        settled('a', '2026-12-02T10:00:10.000Z', 900_00),
        settled('b', '2026-12-02T09:59:50.000Z', 1_000_00),
        settled('c', '2026-12-02T10:30:00.000Z', 800_00),
        // A re-query's answer repeats an old balance; an answer without one says nothing.
        settled('d', '2026-12-02T10:40:00.000Z', 5_000_00, 'requery'),
        settled('e', '2026-12-02T10:45:00.000Z', undefined),
      ],
      balanceOfAnswer,
    );
    expect(books.submissions).toEqual([]);
    expect(books.floats).toEqual([
      {
        supplier: 'ALARO',
        latest: { supplier: 'ALARO', balanceKobo: 800_00, at: '2026-12-02T10:30:00.000Z' },
        hours: [
          {
            hour: '2026-12-02T10:00:00.000Z',
            first: { supplier: 'ALARO', balanceKobo: 900_00, at: '2026-12-02T10:00:10.000Z' },
            last: { supplier: 'ALARO', balanceKobo: 800_00, at: '2026-12-02T10:30:00.000Z' },
          },
          {
            hour: '2026-12-02T09:00:00.000Z',
            first: { supplier: 'ALARO', balanceKobo: 1_000_00, at: '2026-12-02T09:59:50.000Z' },
            last: { supplier: 'ALARO', balanceKobo: 1_000_00, at: '2026-12-02T09:59:50.000Z' },
          },
        ],
      },
    ]);
    // Only answers the change appended: a later change of a settled record observes nothing again.
    const after = settled('a', '2026-12-02T10:00:10.000Z', 900_00).after;
    expect(observationsOf({ before: after, after: { ...after, trans_Status: 'refunded' } }, balanceOfAnswer)).toEqual([]);
    expect(foldObservations([])).toEqual([]);
  });

  it("observes the balance a delivery's reading kept: the settled record holds the answer's reading, not its text", () => {
    const claimed = purchase({ submittedTo: ['GLAD'], supplier: 'GLAD', submittedAt: '2026-12-02T09:59:00.000Z' });
    const whole = { ...answered('GLAD', '2026-12-02T10:00:10.000Z', 700_00), httpStatus: 200, balanceAfterKobo: 700_00 };
    const reading = deliveryReading(whole);
    expect(reading).toEqual({
      supplier: 'GLAD',
      kind: 'submit',
      at: '2026-12-02T10:00:10.000Z',
      outcome: 'delivered',
      reason: 'ok',
      httpStatus: 200,
      balanceAfterKobo: 700_00,
    });
    const observed = observationsOf({ before: claimed, after: { ...claimed, trans_Status: 'success', attempts: [reading] } }, balanceOfAnswer);
    expect(observed).toEqual([{ supplier: 'GLAD', balanceKobo: 700_00, at: '2026-12-02T10:00:10.000Z' }]);
    // Rejection: a reading of an answer that reported no balance observes nothing.
    const silent = deliveryReading({ ...answered('GLAD', '2026-12-02T10:00:10.000Z', undefined), httpStatus: 200 });
    expect(observationsOf({ before: claimed, after: { ...claimed, trans_Status: 'success', attempts: [silent] } }, balanceOfAnswer)).toEqual([]);
  });
});
