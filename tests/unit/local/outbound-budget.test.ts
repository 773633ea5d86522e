/**
 * Outbound calls get a budget from the invocation's remaining time. An HTTP
 * function times out at 10 s while a supplier may be given 20 s: a slow supplier must end as the
 * adapter's clean "no answer" with time left to answer, not as the function's timeout. Here the
 * real MSORG adapter calls the supplier simulator, made slow (its "no answer" number holds the
 * answer for 30 s), inside an invocation with 3 s left.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MsorgSimulator, SIM_NUMBERS } from '../../../infra/local/simulators/msorg.js';
import { listenLoopback, safeHandler, type Listening } from '../../../infra/local/util.js';
import { ANSWER_RESERVE_MS, outboundBudgetMs, runWithDeadline } from '../../../functions/adapters/invocation.js';
import { MsorgSupplier } from '../../../functions/adapters/suppliers/msorg/gateway.js';

const TOKEN = 'budget-token';
let dir: string;
let server: Listening;
let simulator: MsorgSimulator;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'budget-test-'));
  simulator = new MsorgSimulator({
    name: 'GLAD',
    token: TOKEN,
    networkIds: { MTN: 1, GLO: 2, '9MOBILE': 3, AIRTEL: 4 },
    stateFile: join(dir, 'GLAD.json'),
    holdMs: 30_000,
  });
  server = await listenLoopback(
    safeHandler((req, res) => {
      const url = new URL(req.url ?? '/', 'http://local');
      return simulator.handle(req, res, url.pathname, url.searchParams);
    }, 'test'),
    0,
  );
});
afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("an outbound call's budget", () => {
  it('is its own limit outside an invocation, and the remaining time less the answer reserve inside one (never below 0)', () => {
    expect(outboundBudgetMs(20_000)).toBe(20_000);
    const now = Date.now();
    expect(runWithDeadline(now + 10_000, () => outboundBudgetMs(20_000, now))).toBe(10_000 - ANSWER_RESERVE_MS);
    expect(runWithDeadline(now + 60_000, () => outboundBudgetMs(20_000, now))).toBe(20_000);
    expect(runWithDeadline(now + 500, () => outboundBudgetMs(20_000, now))).toBe(0);
  });

  it('a slow supplier (20 s allowed, 30 s to answer) with 3 s of invocation left: a clean "no answer" before the deadline, with time to answer', async () => {
    const supplier = new MsorgSupplier({
      config: { name: 'GLAD', protocol: 'msorg', baseUrl: `http://127.0.0.1:${server.port}`, networkIds: { MTN: 1, GLO: 2, AIRTEL: 4, '9MOBILE': 3 } } as never,
      token: async () => TOKEN,
      timeoutMs: 20_000,
    });
    const started = Date.now();
    const deadline = started + 3_000;
    const result = await runWithDeadline(deadline, () =>
      supplier.buyAirtime({ requestId: `budget-${started}`, network: 'MTN', phoneNumber: SIM_NUMBERS.timeoutDelivered, faceValueKobo: 100_00 }),
    );
    const finished = Date.now();
    // No answer in time: the purchase stays open and is re-queried (the adapter's timeout outcome), never a crash.
    expect(result.outcome).toBe('ambiguous');
    // Ended by its budget: before the invocation's deadline, with the reserve (nearly) left for the answer.
    expect(finished).toBeLessThan(deadline - ANSWER_RESERVE_MS / 2);
  }, 40_000);
});
