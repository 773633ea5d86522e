import { describe, expect, it } from 'vitest';
import { floatWatchedBy, requestDailyRuns, type DailyRunDeps } from '../../../functions/domain/money-desk/daily-runs.js';
import type { HourOfFloat } from '../../../functions/domain/money-desk/floats.js';

/** A float store holding the given hours per supplier, and a claim marker that one caller wins. */
function desk(hours: Record<string, string[]>) {
  const claimed = new Set<string>();
  const requested: string[] = [];
  const deps: DailyRunDeps = {
    floats: {
      async hourBefore(supplier, beforeHour) {
        const earlier = (hours[supplier] ?? []).filter((hour) => hour < beforeHour).sort();
        const last = earlier.at(-1);
        return last === undefined ? undefined : ({ hour: last, openingKobo: 0, closingKobo: 0 } satisfies HourOfFloat);
      },
    },
    async claim(supplier, day) {
      const key = `${supplier}#${day}`;
      if (claimed.has(key)) return false;
      claimed.add(key);
      return true;
    },
    async request(supplier, day) {
      requested.push(`${supplier}#${day}`);
      return `run-${requested.length}`;
    },
  };
  return { deps, requested };
}

// 00:30 in Lagos on 3 December: the day before is 2 December (Lagos midnight is 23:00 UTC).
const AFTER_MIDNIGHT = new Date('2026-12-02T23:30:00.000Z');

describe('the daily reconciliation the schedule asks for', () => {
  it('asks once for the day before of each supplier whose float was watched by that day’s end', async () => {
    const { deps, requested } = desk({ ALARO: ['2026-12-02T10:00:00.000Z'], VTPASS: ['2026-12-01T22:00:00.000Z'] });
    expect(await requestDailyRuns(['ALARO', 'VTPASS'], AFTER_MIDNIGHT, deps)).toEqual([
      { supplier: 'ALARO', day: '2026-12-02', runId: 'run-1' },
      { supplier: 'VTPASS', day: '2026-12-02', runId: 'run-2' },
    ]);
    // The schedule's next runs find the days claimed.
    expect(await requestDailyRuns(['ALARO', 'VTPASS'], new Date(AFTER_MIDNIGHT.getTime() + 300_000), deps)).toEqual([]);
    expect(requested).toEqual(['ALARO#2026-12-02', 'VTPASS#2026-12-02']);
  });

  it('rejection: a day that ended before the first balance seen of the account is not reconciled (a fresh stack’s yesterday)', async () => {
    // GLAD was first watched after Lagos midnight, in the new day; EPINPANEL never.
    const { deps, requested } = desk({ GLAD: ['2026-12-02T23:00:00.000Z'] });
    expect(await requestDailyRuns(['GLAD', 'EPINPANEL'], AFTER_MIDNIGHT, deps)).toEqual([]);
    expect(requested).toEqual([]);
  });

  it('the last hour of the Lagos day counts as watched, the first hour of the next does not', async () => {
    expect(await floatWatchedBy('ALARO', '2026-12-02', desk({ ALARO: ['2026-12-02T22:00:00.000Z'] }).deps.floats)).toBe(true);
    expect(await floatWatchedBy('ALARO', '2026-12-02', desk({ ALARO: ['2026-12-02T23:00:00.000Z'] }).deps.floats)).toBe(false);
  });
});
