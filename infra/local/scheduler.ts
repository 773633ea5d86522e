/**
 * EventBridge schedules (rate(...)) → their targets, with the scheduled-event shape Lambda receives.
 * LOCAL_SCHEDULE_INTERVAL_MS replaces every rate so tests and demos need not wait a minute.
 * A run of a rule is skipped while its previous run is still going, so a slow job cannot pile up.
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

export class LocalScheduler {
  private timers: NodeJS.Timeout[] = [];
  private readonly running = new Map<string, Promise<void>>();

  constructor(
    private readonly schedules: ScheduleDef[],
    private readonly targets: SchedulerTargets,
    private readonly intervalOverrideMs?: number,
  ) {}

  intervalOf(schedule: ScheduleDef): number {
    return this.intervalOverrideMs ?? schedule.intervalMs;
  }

  start(): void {
    for (const schedule of this.schedules.filter((s) => s.enabled)) {
      const timer = setInterval(() => this.fire(schedule), this.intervalOf(schedule));
      this.timers.push(timer);
    }
  }

  /** Fires one schedule now unless its previous run is still going. Returns whether it fired. */
  fire(schedule: ScheduleDef): boolean {
    if (this.running.has(schedule.logicalId)) return false;
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
