/**
 * EventBridge schedules (rate(...)) → their targets, with the scheduled-event shape Lambda receives.
 * LOCAL_SCHEDULE_INTERVAL_MS replaces every rate so tests and demos need not wait a minute.
 * A run of a rule is skipped while its previous run is still going, so a slow job cannot pile up.
 * With `quiet` (LOCAL_SCHEDULE_QUIET_MS, the test suite's clouds), a run is also skipped while the
 * table has not been written since the previous run began, up to that long: a sweep of a table
 * nothing wrote since the last sweep finds what that one found, unless time alone made something due,
 * which the bound keeps within that long; each sweep cost a test cloud's DynamoDB Local time twice a
 * second whatever its test was doing.
 */
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

/** Runs may wait for a write for up to `maxMs`: `writes()` counts the table's writes so far. */
export interface QuietSkip {
  writes: () => number;
  maxMs: number;
}

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

  intervalOf(schedule: ScheduleDef): number {
    return this.intervalOverrideMs ?? schedule.intervalMs;
  }

  start(): void {
    for (const schedule of this.schedules.filter((s) => s.enabled)) {
      const timer = setInterval(() => this.tick(schedule), this.intervalOf(schedule));
      this.timers.push(timer);
    }
  }

  /** A timer's tick: fires unless the table stayed unwritten since the last run, and not for long. */
  tick(schedule: ScheduleDef, now = Date.now()): boolean {
    const last = this.lastRun.get(schedule.logicalId);
    if (this.quiet && last && this.quiet.writes() === last.writes && now - last.at < this.quiet.maxMs) return false;
    return this.fire(schedule, now);
  }

  /** Fires one schedule now unless its previous run is still going. Returns whether it fired. */
  fire(schedule: ScheduleDef, now = Date.now()): boolean {
    if (this.running.has(schedule.logicalId)) return false;
    if (this.quiet) this.lastRun.set(schedule.logicalId, { at: now, writes: this.quiet.writes() });
    const run = this.targets
      .run(schedule, scheduledEvent(schedule.logicalId))
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
