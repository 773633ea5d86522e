/**
 * The sweeper reports how many purchases it found open longer than the "stuck" threshold and left
 * open (the PurchasesOpenTooLong gauge its handler publishes, read by an alarm and the dashboard).
 */
import { describe, expect, it } from 'vitest';
import { silentLogger } from '../../../functions/domain/logger.js';
import { sweepOpenPurchases, type SweeperDeps, type SweeperSettings } from '../../../functions/domain/purchases/sweeper.js';
import type { TransactionRecord } from '../../../functions/domain/transactions/transactions.js';
import type { SupplierOutcome } from '../../../functions/domain/purchases/purchase-state.js';
import type { SupplierGateway } from '../../../functions/domain/purchases/suppliers-port.js';
import type { TransactionStore } from '../../../functions/domain/transactions/transactions-port.js';
import { directoryOf, IMMEDIATE_SWEEP, RecordingQueue } from './fakes.js';

const NOW = new Date('2026-03-01T12:00:00Z');
const minutesAgo = (minutes: number) => new Date(NOW.getTime() - minutes * 60_000).toISOString();
const TEN_MINUTES = 10 * 60_000;

/** Pending purchases at ALARO, each with its age and what a re-query answers. */
function sweeperOver(purchases: Array<{ id: string; ageMinutes: number; requery: SupplierOutcome }>): SweeperDeps {
  const records = new Map(
    purchases.map(({ id, ageMinutes }) => {
      const openSince = minutesAgo(ageMinutes);
      const record = {
        id,
        trans_Type: 'airtime',
        trans_Status: 'pending',
        trans_Network: 'MTN',
        supplier: 'ALARO',
        createdAt: openSince,
        submittedAt: openSince,
        amountKobo: 100_00,
      };
      return [id, record as unknown as TransactionRecord];
    }),
  );
  const transactions = {
    listOpen: async () => ({ items: purchases.map(({ id }) => ({ id, openSince: records.get(id)!.createdAt })) }),
    get: async (id: string) => records.get(id),
    claimRequery: async () => true,
    recordInconclusiveRequery: async () => undefined,
    settleSuccess: async (purchase: TransactionRecord) => ({ ...purchase, trans_Status: 'success' }),
  } as unknown as TransactionStore;
  const answers = new Map(purchases.map(({ id, requery }) => [id, requery]));
  const alaro: SupplierGateway = {
    name: 'ALARO',
    buyAirtime: async () => {
      throw new Error('not in this test');
    },
    buyData: async () => {
      throw new Error('not in this test');
    },
    requery: async (key) => ({ supplier: 'ALARO', outcome: answers.get(key.requestId)!, reason: 'scripted', request: key, response: null }),
  };
  return {
    transactions,
    ledger: {} as SweeperDeps['ledger'],
    suppliers: directoryOf(alaro),
    queue: new RecordingQueue(),
    now: () => NOW,
    log: silentLogger,
  };
}

const stuckAware: SweeperSettings = { ...IMMEDIATE_SWEEP, openTooLongMs: TEN_MINUTES };

describe('purchases open too long (the stuck-purchase alarm)', () => {
  it('counts a purchase open longer than the threshold that the sweep leaves open', async () => {
    const report = await sweepOpenPurchases(sweeperOver([{ id: 'old-pending', ageMinutes: 11, requery: 'ambiguous' }]), stuckAware);
    expect(report.actions.still_pending).toBe(1);
    expect(report.openTooLong).toBe(1);
  });

  it('does not count one the sweep settles, nor one younger than the threshold', async () => {
    const report = await sweepOpenPurchases(
      sweeperOver([
        { id: 'old-delivered', ageMinutes: 11, requery: 'delivered' },
        { id: 'young-pending', ageMinutes: 9, requery: 'ambiguous' },
      ]),
      stuckAware,
    );
    expect(report.actions).toMatchObject({ success: 1, still_pending: 1 });
    expect(report.openTooLong).toBe(0);
  });

  it('counts nothing when no threshold is set', async () => {
    const report = await sweepOpenPurchases(sweeperOver([{ id: 'old-pending', ageMinutes: 60, requery: 'ambiguous' }]), IMMEDIATE_SWEEP);
    expect(report.openTooLong).toBe(0);
  });
});
