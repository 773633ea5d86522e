import { describe, expect, it } from 'vitest';
import type { DiscrepancyView, ReconciliationHeadView, ReconciliationResponse } from '@shared/api/money-desk-floats.js';
import { isDay, lagosToday, lagosYesterday, ofSupplier, openFirst, runsFinished } from './reconciliation.js';

const head = (supplier: string, runId: string, complete: boolean): ReconciliationHeadView => ({
  supplier,
  day: '2026-12-01',
  runId,
  startedAt: '2026-12-02T08:00:00Z',
  complete,
  opening: 1000,
  topUps: 0,
  closing: 900,
  charged: 100,
  deliveredCost: 100,
  difference: 0,
  counts: { matched: 1, 'supplier-only': 0, 'ours-only': 0, 'amount-mismatch': 0, 'still-open': 0 },
});

const item = (supplier: string, requestId: string, resolved = false): DiscrepancyView => ({
  supplier,
  day: '2026-12-01',
  requestId,
  kind: 'amount-mismatch',
  note: '',
  ourStatus: 'success',
  ourCost: 97,
  theirCharge: 98,
  userName: 'ada',
  amount: 100,
  checkedAt: '2026-12-02T08:00:00Z',
  resolution: resolved ? { reason: 'fee', by: 'admin', at: '2026-12-02T09:00:00Z', action: 'resolved' } : null,
});

const report = (suppliers: ReconciliationHeadView[], discrepancies: DiscrepancyView[] = []): ReconciliationResponse => ({
  day: '2026-12-01',
  suppliers,
  discrepancies,
});

describe('the reconciliation page', () => {
  it('opens on yesterday in Lagos (UTC+1), which turns at 23:00 UTC', () => {
    expect(lagosYesterday(new Date('2026-12-02T22:59:00Z'))).toBe('2026-12-01');
    expect(lagosYesterday(new Date('2026-12-02T23:00:00Z'))).toBe('2026-12-02');
    expect(lagosToday(new Date('2026-12-31T23:30:00Z'))).toBe('2027-01-01');
  });

  it('takes only real calendar days from the address', () => {
    expect(isDay('2026-12-01')).toBe(true);
    for (const bad of ['2026-02-30', '2026-13-01', 'yesterday', '', null, undefined]) expect(isDay(bad)).toBe(false);
  });

  it('waits until each run asked for is the head and complete, a later run counting as done', () => {
    const runs = [{ supplier: 'ALARO', runId: '01B' }];
    expect(runsFinished(undefined, runs)).toBe(false);
    expect(runsFinished(report([head('ALARO', '01A', true)]), runs)).toBe(false);
    expect(runsFinished(report([head('ALARO', '01B', false)]), runs)).toBe(false);
    expect(runsFinished(report([head('ALARO', '01B', true)]), runs)).toBe(true);
    expect(runsFinished(report([head('ALARO', '01C', true)]), runs)).toBe(true);
    expect(runsFinished(report([head('ALARO', '01B', true)]), [...runs, { supplier: 'GLAD', runId: '01B' }])).toBe(false);
  });

  it("shows one supplier's head and items, or everyone's when none is picked, open items first", () => {
    const all = report([head('ALARO', '1', true), head('GLAD', '1', true)], [item('ALARO', 'a', true), item('GLAD', 'g'), item('ALARO', 'b')]);
    expect(ofSupplier(all, '')).toBe(all);
    const alaro = ofSupplier(all, 'ALARO');
    expect(alaro.suppliers.map((h) => h.supplier)).toEqual(['ALARO']);
    expect(openFirst(alaro.discrepancies).map((d) => d.requestId)).toEqual(['b', 'a']);
  });
});
