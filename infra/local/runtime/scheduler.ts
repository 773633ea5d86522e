/**
 * EventBridge schedules (rate(...)) → their targets, with the scheduled-event shape Lambda receives.
 * LOCAL_SCHEDULE_INTERVAL_MS sets a one-minute rate's interval, every other rate in proportion, so
 * tests and demos need not wait a minute.
 * A run of a rule is skipped while its previous run is still going, so a slow job cannot pile up.
 * With `quiet` (LOCAL_SCHEDULE_QUIET_MS, the test suite's clouds), a run is also skipped while the
 * table has not been written since the previous run began, up to that long for a one-minute rate
 * (others in proportion): a sweep of a table
 * nothing wrote since the last sweep finds what that one found, unless time alone made something due,
 * which the bound keeps within that long; each sweep cost a test cloud's DynamoDB Local time twice a
 * second whatever its test was doing. A scheduled run's own writes do not count as the table written
 * (`insideScheduledRun`): the money desk's balance poll writes every run, and counting it kept every
 * schedule of an idle test cloud running each second (a third of a core per cloud).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import { eventTime } from './eventbridge.js';
import { LOCAL_ACCOUNT, LOCAL_REGION, STACK_NAME, localArn, type ScheduleDef } from './template.js';

export interface ScheduledEvent {
  version: '0';
  id: string;
  'detail-type': 'Scheduled Event';
  source: 'aws.events';
  account: string;
  time: string;
  region: string;
  resources: string[];
  detail: Record<string, never>;
}

export function scheduledEvent(ruleLogicalId: string, now = new Date()): ScheduledEvent {
  return {
    version: '0',
    id: randomUUID(),
    'detail-type': 'Scheduled Event',
    source: 'aws.events',
    account: LOCAL_ACCOUNT,
    time: eventTime(now),
    region: LOCAL_REGION,
    resources: [localArn('events', `rule/${STACK_NAME}-${ruleLogicalId}`)],
    detail: {},
  };
}

export interface SchedulerTargets {
  /** Runs one target (invoke with retries, or send to a queue); resolves when done. */
  run(schedule: ScheduleDef, event: ScheduledEvent): Promise<void>;
}

/** Set while a scheduled run's targets run: the writes they make are the schedules' own. */
export const insideScheduledRun = new AsyncLocalStorage<true>();

/**
 * Runs may wait for a write for up to `maxMs`: `writes()` counts the table's writes so far, except those
 * made inside a scheduled run.
 */
export interface QuietSkip {
  writes: () => number;
  maxMs: number;
}

const ONE_MINUTE_MS = 60_000;

/** A duration set for a one-minute rate, scaled to the schedule's own rate. */
const inProportion = (oneMinuteMs: number, schedule: ScheduleDef): number => Math.round((oneMinuteMs * schedule.intervalMs) / ONE_MINUTE_MS);

export class LocalScheduler {
  private timers: NodeJS.Timeout[] = [];
  private readonly running = new Map<string, Promise<void>>();
  /** When each schedule's last run began, and the table's write count then. */
  private readonly lastRun = new Map<string, { at: number; writes: number }>();

  constructor(
    private readonly schedules: ScheduleDef[],
    private readonly targets: SchedulerTargets,
    private readonly intervalOverrideMs?: number,
    private readonly quiet?: QuietSkip,
  ) {}

  /**
   * The override is a one-minute rate's interval and every rate keeps its proportion to it: the
   * schedules' clock runs faster, in step. Replacing every rate by one interval ran the money desk's
   * five-minute balance poll and the daily tie-out each second too (a fifth of a core per test cloud).
   */
  intervalOf(schedule: ScheduleDef): number {
    if (this.intervalOverrideMs === undefined) return schedule.intervalMs;
    return Math.max(1, inProportion(this.intervalOverrideMs, schedule));
  }

  start(): void {
    for (const schedule of this.schedules.filter((s) => s.enabled)) {
      const timer = setInterval(() => this.tick(schedule), this.intervalOf(schedule));
      this.timers.push(timer);
    }
  }

  /**
   * How long a run may be skipped for an unwritten table: the quiet window for a one-minute rate, in
   * proportion for the others, as their intervals are (the money desk's five-minute poll, whose balance
   * reads and float writes were a tenth of a core per idle test cloud at every 5 s, waits up to 10 s).
   */
  quietBoundOf(schedule: ScheduleDef): number {
    const quietMs = this.quiet?.maxMs ?? 0;
    return Math.max(quietMs, inProportion(quietMs, schedule));
  }

  /** A timer's tick: fires unless the table stayed unwritten since the last run, and not for long. */
  tick(schedule: ScheduleDef, now = Date.now()): boolean {
    const last = this.lastRun.get(schedule.logicalId);
    if (this.quiet && last && this.quiet.writes() === last.writes && now - last.at < this.quietBoundOf(schedule)) return false;
    return this.fire(schedule, now);
  }

  /** Fires one schedule now unless its previous run is still going. Returns whether it fired. */
  fire(schedule: ScheduleDef, now = Date.now()): boolean {
    if (this.running.has(schedule.logicalId)) return false;
    if (this.quiet) this.lastRun.set(schedule.logicalId, { at: now, writes: this.quiet.writes() });
    const run = insideScheduledRun
      .run(true, () => this.targets.run(schedule, scheduledEvent(schedule.logicalId)))
      .catch((error) => console.error(`[scheduler] ${schedule.logicalId} failed:`, error))
      .finally(() => this.running.delete(schedule.logicalId));
    this.running.set(schedule.logicalId, run);
    return true;
  }

  async stop(): Promise<void> {
    this.timers.forEach(clearInterval);
    this.timers = [];
    await Promise.allSettled([...this.running.values()]);
  }
}
