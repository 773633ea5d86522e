import { describe, expect, it } from 'vitest';
import {
  chargedOverDay,
  classify,
  lagosDay,
  lagosDayStart,
  previousLagosDay,
  RECONCILIATION_SHARDS,
  shardOf,
} from '../../../functions/domain/money-desk/reconciliation.js';
import { ourSide, submittedServiceOf, theirSide } from '../../../functions/domain/money-desk/reconciliation-run.js';
import type { TransactionRecord } from '../../../functions/domain/transactions/transactions.js';
import { classifyVtpassRequery } from '../../../functions/adapters/suppliers/vtpass/answers.js';
import { vtpassChargedKobo } from '../../../functions/adapters/suppliers/vtpass/balance.js';

describe('reconciliation rules', () => {
  it('a day charged opening + recorded top-ups − closing', () => {
    expect(chargedOverDay({ openingKobo: 1_000_000, topUpsKobo: 500_000, closingKobo: 1_200_000 })).toBe(300_000);
    expect(chargedOverDay({ openingKobo: 100, topUpsKobo: 0, closingKobo: 100 })).toBe(0);
  });

  it('classifies each pair of sides into exactly one class', () => {
    const delivered = { kind: 'delivered' as const, costKobo: 97_00 };
    expect(classify(delivered, { kind: 'charged', chargedKobo: 97_00 }).kind).toBe('matched');
    expect(classify(delivered, { kind: 'charged' }).kind).toBe('matched');
    expect(classify(delivered, { kind: 'charged', chargedKobo: 100_00 }).kind).toBe('amount-mismatch');
    expect(classify(delivered, { kind: 'unknown_to_them' }).kind).toBe('ours-only');
    expect(classify(delivered, { kind: 'not_charged' }).kind).toBe('ours-only');
    expect(classify({ kind: 'not_delivered' }, { kind: 'charged', chargedKobo: 97_00 }).kind).toBe('supplier-only');
    expect(classify({ kind: 'not_delivered' }, { kind: 'not_charged' }).kind).toBe('matched');
    expect(classify({ kind: 'not_delivered' }, { kind: 'unknown_to_them' }).kind).toBe('matched');
    expect(classify({ kind: 'none' }, { kind: 'charged' }).kind).toBe('supplier-only');
    expect(classify({ kind: 'open' }, { kind: 'charged' }).kind).toBe('still-open');
    expect(classify(delivered, { kind: 'open' }).kind).toBe('still-open');
    expect(classify(delivered, { kind: 'no_answer' }).kind).toBe('still-open');
  });

  it('reads our side for the supplier asked: delivered only when it was the one that delivered', () => {
    const purchase = (status: TransactionRecord['trans_Status'], supplier: string) =>
      ({ id: 't', trans_Status: status, supplier, costKobo: 97_00, amountKobo: 99_00 }) as TransactionRecord;
    expect(ourSide(purchase('success', 'ALARO'), 'ALARO')).toEqual({ kind: 'delivered', costKobo: 97_00 });
    expect(ourSide(purchase('success', 'GLAD'), 'ALARO')).toEqual({ kind: 'not_delivered' });
    expect(ourSide(purchase('refunded', 'ALARO'), 'ALARO')).toEqual({ kind: 'not_delivered' });
    expect(ourSide(purchase('pending', 'ALARO'), 'ALARO')).toEqual({ kind: 'open' });
    expect(ourSide(purchase('pending', 'GLAD'), 'ALARO')).toEqual({ kind: 'not_delivered' });
    expect(ourSide(undefined, 'ALARO')).toEqual({ kind: 'none' });
  });

  it("reads the supplier's side from its re-query", () => {
    const result = (outcome: 'delivered' | 'failed' | 'ambiguous', reason: string, chargedKobo?: number) => ({
      supplier: 'A',
      outcome,
      reason,
      request: {},
      response: {},
      chargedKobo,
    });
    expect(theirSide(result('delivered', 'status_successful', 97_00))).toEqual({ kind: 'charged', chargedKobo: 97_00 });
    expect(theirSide(result('failed', 'not_found'))).toEqual({ kind: 'unknown_to_them' });
    expect(theirSide(result('failed', 'status_failed'))).toEqual({ kind: 'not_charged' });
    expect(theirSide(result('ambiguous', 'status_processing'))).toEqual({ kind: 'open' });
    expect(theirSide(result('ambiguous', 'timeout'))).toEqual({ kind: 'no_answer' });
  });

  it("reads VTpass's side from its re-query: delivered with what it charged, reversed or failed as not charged, pending as open, unknown as unknown", () => {
    const vtpass = (body: unknown) => {
      const bodyText = JSON.stringify(body);
      const classified = classifyVtpassRequery({ kind: 'http', status: 200, bodyText });
      const chargedKobo = classified.outcome === 'delivered' ? vtpassChargedKobo(body) : undefined;
      return theirSide({ supplier: 'VTPASS', request: {}, response: body, ...classified, ...(chargedKobo === undefined ? {} : { chargedKobo }) });
    };
    const answer = (status: string, total: number) => ({
      code: '000',
      response_description: 'TRANSACTION SUCCESSFUL',
      content: { transactions: { status, total_amount: total, amount: '1000' } },
    });
    expect(vtpass(answer('delivered', 1001))).toEqual({ kind: 'charged', chargedKobo: 1001_00 });
    expect(vtpass(answer('reversed', 1000))).toEqual({ kind: 'not_charged' });
    expect(vtpass(answer('pending', 1000))).toEqual({ kind: 'open' });
    expect(vtpass({ code: '016', response_description: 'TRANSACTION FAILED' })).toEqual({ kind: 'not_charged' });
    expect(vtpass({ code: '015', response_description: 'INVALID REQUEST ID' })).toEqual({ kind: 'unknown_to_them' });
    // Against our electricity purchase, whose cost is the token's value: ₦1 more is an amount mismatch.
    expect(classify({ kind: 'delivered', costKobo: 1000_00 }, vtpass(answer('delivered', 1001))).kind).toBe('amount-mismatch');
    expect(classify({ kind: 'delivered', costKobo: 1000_00 }, vtpass(answer('delivered', 1000))).kind).toBe('matched');
  });

  it("re-query now asks the supplier's service the purchase was submitted as", () => {
    expect(submittedServiceOf({ trans_Type: 'data' })).toBe('data');
    expect(submittedServiceOf({ trans_Type: 'electricity' })).toBe('electricity');
    expect(submittedServiceOf({ trans_Type: 'cable' })).toBe('bill');
    expect(submittedServiceOf({ trans_Type: 'airtime' })).toBe('airtime');
    expect(submittedServiceOf(undefined)).toBe('airtime');
  });

  it('days are Lagos days; the after-midnight run takes the day before; shards are stable', () => {
    expect(lagosDay('2026-01-01T23:30:00.000Z')).toBe('2026-01-02');
    expect(lagosDayStart('2026-01-02')).toBe('2026-01-01T23:00:00.000Z');
    expect(previousLagosDay(new Date('2026-01-01T23:15:00.000Z'))).toBe('2026-01-01');
    expect(previousLagosDay(new Date('2026-01-01T22:59:00.000Z'))).toBe('2025-12-31');
    expect(shardOf('abc')).toBe(shardOf('abc'));
    const shards = new Set(Array.from({ length: 200 }, (_, i) => shardOf(`txn-${i}`)));
    expect(shards.size).toBe(RECONCILIATION_SHARDS);
  });
});
