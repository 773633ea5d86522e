/**
 * The listing's counters (domain/listing-aggregates.ts): deltas summed over any history of
 * creations and status changes give what `listingFigures` gives over the records as they end up;
 * a filter's cut days are told apart from its whole days.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  aggregateAttribute,
  aggregateDeltas,
  amountsByGroup,
  bucketMatches,
  bucketOf,
  countersMovedSince,
  extendMatchSpan,
  filterDays,
  listingTotals,
  matchSpanBounds,
  sumBuckets,
} from '../../../functions/domain/transactions/listing-aggregates.js';
import { listingBounds, listingFigures, type TransactionRecord } from '../../../functions/domain/transactions/transactions.js';
import { TRANSACTION_TYPES, type TransactionStatus, type TransactionType } from '../../../shared/constants.js';
import { airtimePurchaseRecord } from '../../support/transaction-record.js';

// Every type the transactions filter offers: the counters must answer each of them (cable, exam, upgrade and bulk too).
const TYPES: TransactionType[] = [...TRANSACTION_TYPES];
const STATUSES: TransactionStatus[] = ['processing', 'pending', 'success', 'failed', 'refunded'];

const recordArb = (id: number) =>
  fc
    .record({
      type: fc.constantFrom(...TYPES),
      status: fc.constantFrom(...STATUSES),
      network: fc.constantFrom('MTN', 'GLO', '', 'A|B'),
      userType: fc.constantFrom('reseller' as const, 'smart earner' as const, undefined),
      amountKobo: fc.integer({ min: 1, max: 1_000_000 }),
      debit: fc.boolean(),
      day: fc.integer({ min: 1, max: 3 }),
      profitKobo: fc.integer({ min: -500, max: 5_000 }),
      gb: fc.constantFrom(0.5, 1, 1.5, 0.75, 10),
      later: fc.option(fc.constantFrom(...STATUSES), { nil: undefined }),
    })
    .map(({ type, status, network, userType, amountKobo, debit, day, profitKobo, gb, later }) => {
      const record = airtimePurchaseRecord({
        id: `T${id}`,
        userId: 'U1',
        trans_UserName: 'ada',
        userType,
        trans_Type: type,
        trans_Status: status,
        trans_Network: network,
        amountKobo,
        profitKobo,
        balanceBeforeKobo: debit ? amountKobo : 0,
        balanceAfterKobo: debit ? 0 : amountKobo,
        createdAt: `2026-03-0${day}T12:00:00.000Z`,
        ...(type === 'data' ? { dataPlan: { planName: `MTN SME ${gb}GB`, volumeRatio: gb } as TransactionRecord['dataPlan'] } : {}),
      });
      return { record, later };
    });

/** The listing's filter rules as the query states them (listingQueryInput): the reference to match. */
function matches(record: TransactionRecord, filter: { type?: TransactionType; status?: TransactionStatus }): boolean {
  const typeOk = filter.type === undefined || record.trans_Type === filter.type || (filter.type === 'wallet' && record.trans_Type === 'withdrawal');
  const statusOk =
    filter.status === undefined ||
    record.trans_Status === filter.status ||
    (filter.status === 'pending' && record.trans_Status === 'processing' && record.trans_Type === 'withdrawal');
  return typeOk && statusOk;
}

describe('listing counters', () => {
  it('summed deltas of creations and status changes equal the figures of the records as they end up, for any filter', () => {
    fc.assert(
      fc.property(
        fc.array(fc.nat(), { minLength: 0, maxLength: 30 }).chain((ids) => fc.tuple(...ids.map((_, i) => recordArb(i)))),
        fc.option(fc.constantFrom(...TYPES), { nil: undefined }),
        fc.option(fc.constantFrom(...STATUSES), { nil: undefined }),
        (history, type, status) => {
          // One counter item per day: each write's amounts added to it, as ADD does.
          const days = new Map<string, Record<string, number>>();
          const apply = (before: TransactionRecord | undefined, after: TransactionRecord) => {
            const delta = aggregateDeltas(before, after);
            const item = days.get(delta.day) ?? {};
            for (const [name, amount] of Object.entries(delta.amounts)) item[name] = (item[name] ?? 0) + amount;
            days.set(delta.day, item);
          };
          const final = history.map(({ record, later }) => {
            apply(undefined, record);
            if (!later) return record;
            const moved = { ...record, trans_Status: later };
            apply(record, moved);
            return moved;
          });
          const filter = { type, status };
          const { count, figures } = listingTotals(sumBuckets([...days.values()]), filter);
          const reference = final.filter((record) => matches(record, filter));
          expect(count).toBe(reference.length);
          expect(figures).toEqual(listingFigures(reference));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('records written before the counters: changes before the backfill move nothing, the backfill adds each as it then stands, changes after move it as any other — the totals end right, for any filter', () => {
    fc.assert(
      fc.property(
        fc.array(fc.nat(), { minLength: 0, maxLength: 30 }).chain((ids) => fc.tuple(...ids.map((_, i) => recordArb(i)))),
        fc.array(fc.constantFrom('before' as const, 'after' as const, 'never' as const), { minLength: 30, maxLength: 30 }),
        fc.option(fc.constantFrom(...TYPES), { nil: undefined }),
        fc.option(fc.constantFrom(...STATUSES), { nil: undefined }),
        (history, backfillAt, type, status) => {
          const counters: Record<string, number> = {};
          const apply = (before: TransactionRecord | undefined, after: TransactionRecord) => {
            for (const [name, amount] of Object.entries(aggregateDeltas(before, after).amounts)) counters[name] = (counters[name] ?? 0) + amount;
          };
          const backfill = (record: TransactionRecord): TransactionRecord => {
            apply(undefined, record);
            const { uncounted: _counted, ...counted } = record;
            return counted;
          };
          const final = history.map(({ record, later }, i) => {
            // Written by the old code: no counters, still under the legacy key.
            let stored: TransactionRecord = { ...record, uncounted: true };
            const when = backfillAt[i]!;
            if (when === 'before') stored = backfill(stored);
            if (later) {
              const moved = { ...stored, trans_Status: later };
              apply(stored, moved);
              stored = moved;
            }
            if (when === 'after') stored = backfill(stored);
            // 'never': a record the backfill has not reached is left out of the totals (and so of the reference).
            return stored;
          });
          const filter = { type, status };
          const { count, figures } = listingTotals(sumBuckets([counters]), filter);
          const reference = final.filter((record) => !record.uncounted && matches(record, filter));
          expect(count).toBe(reference.length);
          expect(figures).toEqual(listingFigures(reference));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('a status change moves counts within one counter item (its network × user type); other networks and user types are other items', () => {
    const who = { id: '01JTEST', userId: 'U1', trans_UserName: 'ada' };
    const processing = airtimePurchaseRecord({ ...who, trans_Status: 'processing', trans_Network: 'MTN', userType: 'reseller' });
    const settled = { ...processing, trans_Status: 'success' as const, profitKobo: 3_00 };
    const groups = amountsByGroup(aggregateDeltas(processing, settled).amounts);
    expect([...groups.keys()]).toEqual(['MTN#reseller']);
    const elsewhere = [
      airtimePurchaseRecord({ ...who, trans_Network: 'GLO', userType: 'reseller' }),
      airtimePurchaseRecord({ ...who, trans_Network: 'MTN', userType: 'smart earner' }),
      { ...airtimePurchaseRecord(who), trans_Network: '', userType: undefined },
    ].map((record) => [...amountsByGroup(aggregateDeltas(undefined, record).amounts).keys()]);
    expect(elsewhere).toEqual([['GLO#reseller'], ['MTN#smart%20earner'], ['-#-']]);
  });

  it('a status change of a record not yet counted moves no counters', () => {
    const record = airtimePurchaseRecord({ id: 'T1', userId: 'U1', trans_UserName: 'ada', trans_Status: 'processing', uncounted: true });
    expect(aggregateDeltas(record, { ...record, trans_Status: 'success' }).amounts).toEqual({});
    expect(Object.keys(aggregateDeltas(undefined, record).amounts).length).toBeGreaterThan(0);
  });

  it('a writer plans again when the status it read moved or the backfill counted the record, not for other changes', () => {
    const read = airtimePurchaseRecord({ id: 'T1', userId: 'U1', trans_UserName: 'ada', trans_Status: 'processing', uncounted: true });
    const { uncounted: _uncounted, ...counted } = read;
    expect(countersMovedSince(read, counted)).toBe(true);
    expect(countersMovedSince(read, { ...read, trans_Status: 'pending' })).toBe(true);
    expect(countersMovedSince(read, { ...read, updatedAt: '2026-05-01T00:00:00.000Z' })).toBe(false);
    expect(countersMovedSince(counted, { ...counted })).toBe(false);
  });

  it('a write that changes nothing the listing counts adds nothing', () => {
    const record = airtimePurchaseRecord({ id: 'T1', userId: 'U1', trans_UserName: 'ada' });
    expect(aggregateDeltas(record, { ...record, updatedAt: '2026-02-01T00:00:00.000Z' }).amounts).toEqual({});
  });

  it("'pending' takes in an open withdrawal still processing, never a processing purchase", () => {
    const withdrawal = airtimePurchaseRecord({ id: 'W', userId: 'U1', trans_UserName: 'ada', trans_Type: 'withdrawal', trans_Status: 'processing' });
    const purchase = airtimePurchaseRecord({ id: 'P', userId: 'U1', trans_UserName: 'ada', trans_Status: 'processing' });
    expect(bucketMatches(bucketOf(withdrawal), { status: 'pending' })).toBe(true);
    expect(bucketMatches(bucketOf(purchase), { status: 'pending' })).toBe(false);
    expect(bucketMatches(bucketOf(withdrawal), { type: 'wallet' })).toBe(true);
  });

  it('date-only bounds fall on whole Lagos days; bounds inside a day cut it and are read from the records', () => {
    const { fromIso, toIso } = listingBounds('2026-03-01', '2026-03-05');
    expect(filterDays(fromIso, toIso)).toEqual({ wholeDays: { fromDay: '2026-03-01', toDay: '2026-03-05' }, partial: [] });
    expect(filterDays(undefined, undefined)).toEqual({ wholeDays: { fromDay: undefined, toDay: undefined }, partial: [] });
    // 10:00 Lagos on the 1st to 09:00 Lagos on the 3rd: two cut edges around one whole day.
    expect(filterDays('2026-03-01T09:00:00.000Z', '2026-03-03T08:00:00.000Z')).toEqual({
      wholeDays: { fromDay: '2026-03-02', toDay: '2026-03-02' },
      partial: [
        { fromIso: '2026-03-01T09:00:00.000Z', toIso: '2026-03-01T22:59:59.999Z' },
        { fromIso: '2026-03-02T23:00:00.000Z', toIso: '2026-03-03T08:00:00.000Z' },
      ],
    });
    expect(filterDays('2026-03-01T09:00:00.000Z', '2026-03-01T10:00:00.000Z')).toEqual({
      partial: [{ fromIso: '2026-03-01T09:00:00.000Z', toIso: '2026-03-01T10:00:00.000Z' }],
    });
    expect(filterDays('2026-03-02T00:00:00.000Z', '2026-03-01T00:00:00.000Z')).toEqual({ partial: [] });
  });
});

describe("the days that hold a filter's newest matches (decision 93 (docs/decisions/0093-*))", () => {
  /** A day counter item as stored: `n` counts per bucket of the MTN smart-earner group. */
  const dayItem = (day: string, counts: Partial<Record<TransactionStatus, number>>) => ({
    day,
    ...Object.fromEntries(
      Object.entries(counts).map(([status, n]) => [
        aggregateAttribute('n', { type: 'airtime', status: status as TransactionStatus, network: 'MTN', userType: 'smart earner' }),
        n,
      ]),
    ),
  });
  const newestFirst = [
    dayItem('2026-03-03', { success: 40 }),
    dayItem('2026-03-02', { success: 10, failed: 1 }),
    dayItem('2026-03-01', { success: 30 }),
    dayItem('2025-01-01', { failed: 2 }),
  ];

  it('a rare status keeps to the days that hold it, however far down they are', () => {
    const span = extendMatchSpan({ found: 0 }, newestFirst, { status: 'failed' }, 3);
    expect(span).toEqual({ newestDay: '2026-03-02', oldestDay: '2025-01-01', found: 3 });
    expect(matchSpanBounds(span)).toEqual({ fromIso: '2024-12-31T23:00:00.000Z', toIso: '2026-03-02T22:59:59.999Z' });
  });

  it('stops at the day by which the page is full, read in several parts', () => {
    const first = extendMatchSpan({ found: 0 }, newestFirst.slice(0, 1), { status: 'success' }, 60);
    expect(first).toEqual({ newestDay: '2026-03-03', found: 40 });
    expect(extendMatchSpan(first, newestFirst.slice(1), { status: 'success' }, 60)).toEqual({ newestDay: '2026-03-03', oldestDay: '2026-03-01', found: 80 });
  });

  it('rejects: fewer matches than wanted leave the oldest end open, and none leave no bounds', () => {
    const short = extendMatchSpan({ found: 0 }, newestFirst, { status: 'failed' }, 20);
    expect(short).toEqual({ newestDay: '2026-03-02', found: 3 });
    expect(matchSpanBounds(short)).toEqual({ toIso: '2026-03-02T22:59:59.999Z' });
    expect(matchSpanBounds(extendMatchSpan({ found: 0 }, newestFirst, { status: 'refunded' }, 1))).toBeUndefined();
    expect(extendMatchSpan({ found: 0 }, [{ sk: 'not a counter' }], { status: 'failed' }, 1)).toEqual({ found: 0 });
  });
});
