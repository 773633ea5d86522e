/**
 * A local EventBridge: the `AWSEvents.PutEvents` operation of the AWS JSON 1.1 protocol (so the
 * real @aws-sdk/client-eventbridge works with AWS_ENDPOINT_URL_EVENTBRIDGE), the template's rules
 * matched against each event, and delivery to their SQS queue or Lambda function targets.
 *
 * Queue deliveries finish before PutEvents answers (on AWS they land within milliseconds; here it
 * makes tests deterministic). Lambda targets are invoked asynchronously with retries, as on AWS.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { LOCAL_ACCOUNT, LOCAL_REGION, localArn, type LocalTopology, type PatternRuleDef, type RuleTarget } from './template.js';
import { readBody, sleep } from '../util.js';

/** The event as EventBridge delivers it to targets. */
export interface BusEvent {
  version: '0';
  id: string;
  'detail-type': string;
  source: string;
  account: string;
  time: string;
  region: string;
  resources: string[];
  detail: unknown;
}

export interface PutEventsEntry {
  Source?: string;
  DetailType?: string;
  Detail?: string;
  EventBusName?: string;
  Resources?: string[];
  Time?: string | number;
}
export interface PutEventsResult {
  FailedEntryCount: number;
  Entries: Array<{ EventId?: string; ErrorCode?: string; ErrorMessage?: string }>;
}

export interface EventDeliveryTargets {
  sendToQueue(queueLogicalId: string, body: string): Promise<void>;
  invokeFunction(functionLogicalId: string, event: unknown): Promise<unknown>;
}

/** EventBridge's time format: ISO 8601 without milliseconds. */
export const eventTime = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, 'Z');

export class LocalEventBus {
  private readonly busNames: Set<string>;
  private readonly rules: PatternRuleDef[];
  /** Lambda-target deliveries still running (awaited on shutdown). */
  private readonly pending = new Set<Promise<void>>();
  /** Every accepted event, newest last (bounded), for debugging and tests. */
  readonly recent: BusEvent[] = [];

  constructor(
    topology: Pick<LocalTopology, 'buses' | 'rules'>,
    private readonly targets: EventDeliveryTargets,
    private readonly log: (line: string) => void = (line) => console.log(line),
  ) {
    this.busNames = new Set(['default', ...topology.buses.map((b) => b.name)]);
    this.rules = topology.rules.filter((r) => r.enabled);
  }

  /** Bus name from a name or an ARN. */
  private busName(nameOrArn: string | undefined): string {
    if (!nameOrArn) return 'default';
    const arn = /^arn:aws[\w-]*:events:[^:]*:[^:]*:event-bus\/(.+)$/.exec(nameOrArn);
    return arn ? arn[1]! : nameOrArn;
  }

  async putEvents(entries: PutEventsEntry[]): Promise<PutEventsResult> {
    const results: PutEventsResult['Entries'] = [];
    for (const entry of entries) {
      const failure = (ErrorCode: string, ErrorMessage: string) => results.push({ ErrorCode, ErrorMessage });
      const busName = this.busName(entry.EventBusName);
      if (!this.busNames.has(busName)) {
        failure('ResourceNotFoundException', `Event bus ${busName} does not exist.`);
        continue;
      }
      if (!entry.Source || !entry.DetailType || entry.Detail === undefined) {
        failure('InvalidArgument', 'Parameters Source, DetailType and Detail are required.');
        continue;
      }
      let detail: unknown;
      try {
        detail = JSON.parse(entry.Detail);
      } catch {
        failure('MalformedDetail', 'Detail is malformed.');
        continue;
      }
      if (typeof detail !== 'object' || detail === null || Array.isArray(detail)) {
        failure('MalformedDetail', 'Detail is malformed.');
        continue;
      }
      const time = entry.Time === undefined ? new Date() : new Date(typeof entry.Time === 'number' ? entry.Time * 1000 : entry.Time);
      const event: BusEvent = {
        version: '0',
        id: randomUUID(),
        'detail-type': entry.DetailType,
        source: entry.Source,
        account: LOCAL_ACCOUNT,
        time: eventTime(Number.isNaN(time.getTime()) ? new Date() : time),
        region: LOCAL_REGION,
        resources: entry.Resources ?? [],
        detail,
      };
      await this.deliver(busName, event);
      results.push({ EventId: event.id });
    }
    return { FailedEntryCount: results.filter((r) => r.ErrorCode).length, Entries: results };
  }

  /** Rules of `busName` that match the event. */
  matchingRules(busName: string, event: BusEvent): PatternRuleDef[] {
    return this.rules.filter((rule) => rule.busName === busName && rule.matches(event));
  }

  private async deliver(busName: string, event: BusEvent): Promise<void> {
    this.recent.push(event);
    if (this.recent.length > 200) this.recent.shift();
    for (const rule of this.matchingRules(busName, event)) {
      for (const target of rule.targets) {
        const payload = target.input ?? JSON.stringify(event);
        if (target.kind === 'queue') {
          try {
            await this.targets.sendToQueue(target.queueLogicalId, payload);
          } catch (error) {
            this.log(`[eventbridge] rule ${rule.logicalId}: delivery to queue ${target.queueLogicalId} failed: ${(error as Error).message}`);
          }
        } else {
          this.track(this.invokeWithRetries(rule, target, JSON.parse(payload)));
        }
      }
    }
  }

  /** Asynchronous invocation of a Lambda target: retried with back-off, like EventBridge's retry policy. */
  async invokeWithRetries(rule: Pick<PatternRuleDef, 'logicalId'>, target: Extract<RuleTarget, { kind: 'function' }>, event: unknown): Promise<void> {
    for (let attempt = 0; ; attempt++) {
      try {
        await this.targets.invokeFunction(target.functionLogicalId, event);
        return;
      } catch (error) {
        const last = attempt >= target.retryAttempts;
        this.log(`[eventbridge] rule ${rule.logicalId}: ${target.functionLogicalId} failed${last ? '' : ', will retry'}: ${(error as Error).message}`);
        if (last) return;
        await sleep(Math.min(1000 * 2 ** attempt, 30_000));
      }
    }
  }

  track(work: Promise<void>): void {
    this.pending.add(work);
    void work.finally(() => this.pending.delete(work));
  }

  async drain(): Promise<void> {
    await Promise.allSettled([...this.pending]);
  }

  /** Handles one HTTP request of the AWS JSON 1.1 protocol ("X-Amz-Target: AWSEvents.<Operation>"). */
  async handleHttp(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const target = String(req.headers['x-amz-target'] ?? '');
    const answer = (status: number, body: unknown) => {
      const text = JSON.stringify(body);
      res.writeHead(status, { 'content-type': 'application/x-amz-json-1.1', 'x-amzn-requestid': randomUUID(), 'content-length': Buffer.byteLength(text) });
      res.end(text);
    };
    const error = (status: number, type: string, message: string) => answer(status, { __type: type, message });
    let input: any;
    try {
      const raw = (await readBody(req, 256 * 1024)).toString('utf8');
      input = raw ? JSON.parse(raw) : {};
    } catch (cause) {
      error(400, 'ValidationException', `cannot read request: ${(cause as Error).message}`);
      return;
    }
    if (target === 'AWSEvents.PutEvents') {
      const entries = input.Entries;
      if (!Array.isArray(entries) || entries.length < 1 || entries.length > 10) {
        error(400, 'ValidationException', 'Entries must hold between 1 and 10 entries.');
        return;
      }
      answer(200, await this.putEvents(entries));
      return;
    }
    if (target === 'AWSEvents.ListEventBuses') {
      answer(200, { EventBuses: [...this.busNames].map((Name) => ({ Name, Arn: localArn('events', `event-bus/${Name}`) })) });
      return;
    }
    error(400, 'UnknownOperationException', `${target || 'this operation'} is not emulated by the local cloud's EventBridge (PutEvents only)`);
  }
}
