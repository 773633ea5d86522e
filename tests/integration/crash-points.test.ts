/**
 * Crashes at every step of a purchase. For each named crash point: the local
 * cloud starts with the point armed on a fresh data folder, a burst of purchases across three users
 * (one refused by every supplier per user, so a refund happens; one withdrawal, so a payout
 * happens; one user with a webhook URL) runs until the process dies at the point; it restarts on
 * the same data without the point, and once quiet:
 *  - every purchase and withdrawal ended `success` or `refunded` (none left open, none lost);
 *  - no supplier was asked twice for the same purchase;
 *  - every wallet equals its ledger replay;
 *  - every settlement reached the webhook receiver at least once under one stable id.
 * The round itself is tests/support/crash-round.ts (the soak runs the same rounds at random).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CRASH_POINTS } from '../../functions/adapters/crash-points.js';
import { crashRound, crashRoundLine, startWebhookReceiver, type CrashRoundResult, type WebhookReceiver } from '../support/crash-round.js';

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
  it.each(CRASH_POINTS)('crash at %s', async (point) => {
    const result = await crashRound(point, receiver);
    table.push(result);
    console.log(crashRoundLine(result));
    expect(result.crashedAtPoint, `the process died at ${point}`).toBe(true);
    expect(result.problems).toEqual([]);
    expect(result.purchases).toBeGreaterThan(0);
    expect(result.mostCallsOneSupplierOnePurchase).toBeLessThanOrEqual(1);
    expect(result.ledger).toBe('ok');
    expect(result.webhooksDelivered).toBe(result.webhooksExpected);
    expect(result.unstableWebhookIds).toEqual([]);
  }, 180_000);
});
