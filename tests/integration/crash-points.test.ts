/**
 * Crashes at every step of a purchase. For each named crash point: the local cloud starts with the
 * point armed on a fresh data folder; a burst across three users — per user, airtime an MSORG panel
 * delivers, airtime every supplier refuses (so a refund happens) and electricity VTpass delivers; one
 * withdrawal, so a payout happens; one user with a webhook URL — runs until the process dies at the
 * point; it restarts on the same data without the point, every request is sent again under its
 * request_id (placed now if the crash cut it off, a replay if not), and once quiet:
 *  - every request ended answered 200, every 200 of a request names the same record, and that record
 *    is one debit in the table that ended `success` or `refunded` (an answer whose debit vanished fails);
 *  - exactly the nine purchases and the one withdrawal that were sent exist (none lost, none extra);
 *  - no supplier was asked twice for the same purchase — VTpass too, its calls read back to our
 *    purchases from its own request_ids (a Lagos-time stamp, then our id);
 *  - every wallet equals its ledger replay;
 *  - every settlement reached the webhook receiver at least once under one stable id, and the crash
 *    in the middle of a webhook's delivery is followed by a redelivery of it.
 * The round itself is tests/support/crash-round.ts (the soak runs the same rounds at random).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CRASH_POINTS } from '../../functions/adapters/crash-points.js';
import {
  type CrashRoundResult,
  crashRound,
  crashRoundLine,
  PURCHASES_PER_ROUND,
  startWebhookReceiver,
  WITHDRAWALS_PER_ROUND,
  type WebhookReceiver,
} from '../support/crash-round.js';

let receiver: WebhookReceiver;
const table: CrashRoundResult[] = [];

beforeAll(async () => {
  receiver = await startWebhookReceiver();
});
afterAll(async () => {
  await receiver.close();
  console.log(['crash-point table:', ...table.map(crashRoundLine)].join('\n'));
});

describe('a crash at any named point, then a restart on the same data, loses no money, counts none twice and asks no supplier twice', () => {
  it.each(CRASH_POINTS)(
    'crash at %s',
    async (point) => {
      const result = await crashRound(point, receiver);
      table.push(result);
      console.log(crashRoundLine(result));
      // The problems first: they say why, also when the process did not die at the point.
      expect(result.problems).toEqual([]);
      expect(result.crashedAtPoint, `the process died at ${point}`).toBe(true);
      // Every request answered 200 in the end, and exactly what was sent exists.
      expect(result.requests).toBe(PURCHASES_PER_ROUND + WITHDRAWALS_PER_ROUND);
      expect(result.answered200).toBe(result.requests);
      expect(result.purchases).toBe(PURCHASES_PER_ROUND);
      expect(result.withdrawals).toBe(WITHDRAWALS_PER_ROUND);
      // Some supplier was asked, none twice for one purchase (VTpass counted by its own keys).
      expect(result.mostCallsOneSupplierOnePurchase).toBe(1);
      expect(result.ledger).toBe('ok');
      expect(result.webhooksDelivered).toBe(result.webhooksExpected);
      expect(result.unstableWebhookIds).toEqual([]);
      if (point === 'mid-webhook-delivery') expect(result.webhookRedeliveries, 'the webhook the crash interrupted came again').toBeGreaterThanOrEqual(1);
    },
    180_000,
  );

  it('the rounds asked VTpass: its submissions were counted (each round read them back to purchases from its own keys)', () => {
    expect(table.length, 'rounds run').toBeGreaterThan(0);
    expect(table.reduce((sum, round) => sum + round.callsBySupplier.VTPASS, 0)).toBeGreaterThan(0);
  });
});
