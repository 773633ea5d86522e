import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LambdaRuntime, LambdaTimeoutError, MissingHandlerError } from '../../../infra/local/runtime/lambda.js';
import { insideScheduledRun, LocalScheduler, scheduledEvent } from '../../../infra/local/runtime/scheduler.js';
import type { FunctionDef, ScheduleDef } from '../../../infra/local/runtime/template.js';

let root: string;
const fn = (logicalId: string, entry: string, extra: Partial<FunctionDef> = {}): FunctionDef => ({
  logicalId,
  entry,
  handlerExport: 'handler',
  timeoutSeconds: 5,
  memoryMb: 256,
  rawEnvironment: {},
  ...extra,
});

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'lambda-test-'));
  mkdirSync(join(root, 'fns'));
  writeFileSync(
    join(root, 'fns', 'echo.mjs'),
    'export const handler = async (event, context) => ({ event, name: context.functionName, id: context.awsRequestId, left: context.getRemainingTimeInMillis() });',
  );
  writeFileSync(join(root, 'fns', 'slow.mjs'), 'export const handler = () => new Promise((r) => setTimeout(r, 2000));');
  writeFileSync(join(root, 'fns', 'other.mjs'), 'export const main = async () => 1;');
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('LambdaRuntime', () => {
  it('names every missing entry file', async () => {
    const runtime = new LambdaRuntime([fn('A', 'fns/echo.mjs'), fn('B', 'fns/missing-1.ts'), fn('C', 'fns/missing-2.ts')], root);
    await expect(runtime.loadAll()).rejects.toThrow(MissingHandlerError);
    await expect(runtime.loadAll()).rejects.toThrow(/fns\/missing-1\.ts, fns\/missing-2\.ts/);
  });

  it('says when the named export is not a function', async () => {
    await expect(new LambdaRuntime([fn('O', 'fns/other.mjs')], root).loadAll()).rejects.toThrow(/does not export a function named "handler"/);
    await expect(new LambdaRuntime([fn('O', 'fns/other.mjs', { handlerExport: 'main' })], root).loadAll()).resolves.toBeUndefined();
  });

  it('lazy: a missing entry still fails the start; a module that cannot serve is imported, and refused, at its first invocation only', async () => {
    await expect(new LambdaRuntime([fn('B', 'fns/missing-1.ts')], root).loadAll({ lazy: true })).rejects.toThrow(MissingHandlerError);
    const runtime = new LambdaRuntime([fn('O', 'fns/other.mjs'), fn('Echo', 'fns/echo.mjs')], root);
    await expect(runtime.loadAll({ lazy: true })).resolves.toBeUndefined();
    await expect(runtime.invoke('O', {})).rejects.toThrow(/does not export a function named "handler"/);
    await expect(runtime.invoke('Echo', { a: 1 })).resolves.toMatchObject({ event: { a: 1 } });
  });

  it('invokes with the event and a Lambda context', async () => {
    const runtime = new LambdaRuntime([fn('Echo', 'fns/echo.mjs')], root);
    const result = (await runtime.invoke('Echo', { a: 1 })) as any;
    expect(result.event).toEqual({ a: 1 });
    expect(result.name).toBe('VtuPlatform-Echo');
    expect(result.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(result.left).toBeGreaterThan(4000);
    expect(result.left).toBeLessThanOrEqual(5000);
  });

  it('times out like Lambda', async () => {
    const runtime = new LambdaRuntime([fn('Slow', 'fns/slow.mjs', { timeoutSeconds: 0.2 })], root);
    await expect(runtime.invoke('Slow', {})).rejects.toThrow(LambdaTimeoutError);
  });
});

describe('LocalScheduler', () => {
  const schedule: ScheduleDef = { logicalId: 'Cron', expression: 'rate(1 minute)', intervalMs: 60_000, enabled: true, targets: [] };

  it('builds the scheduled-event shape', () => {
    expect(scheduledEvent('Cron', new Date('2026-01-02T03:04:05.678Z'))).toEqual({
      version: '0',
      id: expect.any(String),
      'detail-type': 'Scheduled Event',
      source: 'aws.events',
      account: '123456789012',
      time: '2026-01-02T03:04:05Z',
      region: 'us-east-1',
      resources: ['arn:aws:events:us-east-1:123456789012:rule/VtuPlatform-Cron'],
      detail: {},
    });
  });

  it('runs at the overridden interval and never overlaps a run of the same rule', async () => {
    let runs = 0;
    let concurrent = 0;
    let maxConcurrent = 0;
    const scheduler = new LocalScheduler(
      [schedule],
      {
        run: async () => {
          runs++;
          concurrent++;
          maxConcurrent = Math.max(maxConcurrent, concurrent);
          await new Promise((r) => setTimeout(r, 120));
          concurrent--;
        },
      },
      30,
    );
    scheduler.start();
    await new Promise((r) => setTimeout(r, 400));
    await scheduler.stop();
    expect(runs).toBeGreaterThanOrEqual(2);
    expect(maxConcurrent).toBe(1);
  });

  /** Lets a finished run's bookkeeping (its promise chain) complete. */
  const settled = () => new Promise((resolve) => setImmediate(resolve));

  it('with a quiet window, skips the ticks of an unwritten table until the window ends, and fires at the first tick after a write', async () => {
    let writes = 0;
    const fired: number[] = [];
    const scheduler = new LocalScheduler([schedule], { run: async () => void fired.push(writes) }, 500, { writes: () => writes, maxMs: 2_000 });
    expect(scheduler.tick(schedule, 0)).toBe(true);
    await settled();
    // Nothing written since that run: the next ticks within 2 s are skipped.
    expect(scheduler.tick(schedule, 500)).toBe(false);
    expect(scheduler.tick(schedule, 1_999)).toBe(false);
    // The window's end: it runs again though nothing was written.
    expect(scheduler.tick(schedule, 2_000)).toBe(true);
    await settled();
    writes++;
    // A write since the last run: the very next tick runs.
    expect(scheduler.tick(schedule, 2_500)).toBe(true);
    await scheduler.stop();
    expect(fired).toEqual([0, 0, 1]);
  });

  it('the override is a one-minute rate; every other rate keeps its proportion to it', () => {
    const every = (expression: string, intervalMs: number): ScheduleDef => ({ ...schedule, expression, intervalMs });
    const scheduler = new LocalScheduler([], { run: async () => undefined }, 1_000);
    expect(scheduler.intervalOf(every('rate(1 minute)', 60_000))).toBe(1_000);
    expect(scheduler.intervalOf(every('rate(5 minutes)', 300_000))).toBe(5_000);
    expect(scheduler.intervalOf(every('rate(1 day)', 86_400_000))).toBe(1_440_000);
    // Without an override, the stack's own rate.
    expect(new LocalScheduler([], { run: async () => undefined }).intervalOf(every('rate(5 minutes)', 300_000))).toBe(300_000);
  });

  it('an unwritten table skips a one-minute schedule for up to the quiet window, a five-minute one for five times as long', () => {
    const every = (intervalMs: number): ScheduleDef => ({ ...schedule, intervalMs });
    const scheduler = new LocalScheduler([], { run: async () => undefined }, 1_000, { writes: () => 0, maxMs: 2_000 });
    expect(scheduler.quietBoundOf(every(60_000))).toBe(2_000);
    expect(scheduler.quietBoundOf(every(300_000))).toBe(10_000);
    // Never less than the window itself.
    expect(scheduler.quietBoundOf(every(30_000))).toBe(2_000);
  });

  it("a scheduled run's own writes do not wake the quiet schedules: its targets run inside insideScheduledRun", async () => {
    const seen: Array<true | undefined> = [];
    const scheduler = new LocalScheduler([schedule], { run: async () => void seen.push(insideScheduledRun.getStore()) }, 500, {
      writes: () => 0,
      maxMs: 2_000,
    });
    expect(scheduler.tick(schedule, 0)).toBe(true);
    await scheduler.stop();
    expect(seen).toEqual([true]);
    expect(insideScheduledRun.getStore()).toBeUndefined();
  });

  it('rejection: without a quiet window every tick fires, written or not', async () => {
    let runs = 0;
    const scheduler = new LocalScheduler([schedule], { run: async () => void runs++ }, 500);
    for (const at of [0, 500, 1_000]) {
      expect(scheduler.tick(schedule, at)).toBe(true);
      await settled();
    }
    await scheduler.stop();
    expect(runs).toBe(3);
  });
});
