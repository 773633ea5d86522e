import { Stack } from 'aws-cdk-lib';
import { templateOnlyApp } from '../../infra/stack/synth-app.js';
import { HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import { Template } from 'aws-cdk-lib/assertions';
import { Code, Function as LambdaFunction, Runtime } from 'aws-cdk-lib/aws-lambda';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import { Queue } from 'aws-cdk-lib/aws-sqs';
import { beforeAll, describe, expect, it } from 'vitest';
import { platformTemplate } from '../support/stack-template.js';
import { ALL_FUNCTIONS } from '../../infra/stack/functions.js';
import { Observability, STREAM_ITERATOR_AGE_ALARM_MS, SUPPLIER_FAILURE_RATE_PERCENT } from '../../infra/stack/observability.js';
import { METRIC_NAMES, METRIC_SHAPES, METRICS_NAMESPACE, METRICS_SERVICE, PURCHASE_OPEN_TOO_LONG_MINUTES, type MetricKey } from '../../shared/metrics.js';

type Resource = { Type: string; Properties: Record<string, any> };

let resources: Record<string, Resource>;
let topicId: string;
const ofType = (type: string) => Object.entries(resources).filter(([, r]) => r.Type === type);
const alarms = (): Array<Record<string, any>> => ofType('AWS::CloudWatch::Alarm').map(([id, r]) => ({ id, ...r.Properties }));
const alarmsOn = (namespace: string, metricName: string) => alarms().filter((a) => a.Namespace === namespace && a.MetricName === metricName);

beforeAll(async () => {
  resources = (await platformTemplate()).Resources as Record<string, Resource>;
  [topicId] = ofType('AWS::SNS::Topic')[0]!;
});

/** The Observability construct alone, on one function, one queue pair and an API (fast; for context-dependent wiring). */
function observabilityTemplate(context: Record<string, unknown>): Template {
  const stack = new Stack(templateOnlyApp({ context }), 'Ops');
  const fn = new LambdaFunction(stack, 'Fn', { runtime: Runtime.NODEJS_22_X, handler: 'index.handler', code: Code.fromInline('exports.handler=async()=>{}') });
  new Observability(stack, 'Operations', {
    functions: [fn],
    queues: [{ name: 'Work', queue: new Queue(stack, 'Work'), deadLetterQueue: new Queue(stack, 'WorkDlq') }],
    api: new HttpApi(stack, 'Api'),
    apiAccessLogs: new LogGroup(stack, 'AccessLogs'),
    suppliers: ['ALARO'],
  });
  return Template.fromStack(stack);
}

describe('alarms', () => {
  it('notify one SNS topic that refuses plain HTTP; every alarm notifies it on alarm and on recovery', () => {
    expect(ofType('AWS::SNS::Topic')).toHaveLength(1);
    expect(alarms().length).toBeGreaterThan(0);
    for (const alarm of alarms()) {
      expect(alarm.AlarmActions, alarm.id).toEqual([{ Ref: topicId }]);
      expect(alarm.OKActions, alarm.id).toEqual([{ Ref: topicId }]);
      expect(alarm.TreatMissingData, alarm.id).toBe('notBreaching');
    }
  });

  it('subscribe the operator e-mail given as context `alarmEmail`', () => {
    observabilityTemplate({ alarmEmail: 'ops@example.com' }).hasResourceProperties('AWS::SNS::Subscription', {
      Protocol: 'email',
      Endpoint: 'ops@example.com',
    });
  });

  it('subscribe nobody without `alarmEmail`', () => {
    observabilityTemplate({}).resourceCountIs('AWS::SNS::Subscription', 0);
  });

  it('fire on any message in a dead-letter queue (and in the stream consumers’ and EventBridge’s failure queues)', () => {
    // 10 work queues' dead letters (reconciliation pages the latest), the 2 stream consumers' failure queues and EventBridge's.
    const dlqAlarms = alarmsOn('AWS/SQS', 'ApproximateNumberOfMessagesVisible');
    expect(dlqAlarms).toHaveLength(13);
    for (const alarm of dlqAlarms) expect(alarm).toMatchObject({ Threshold: 0, ComparisonOperator: 'GreaterThanThreshold', EvaluationPeriods: 1 });
  });

  it('fire when the transaction outbox or the platform counters fall a minute behind the table’s writes', () => {
    const behind = alarmsOn('AWS/Lambda', 'IteratorAge');
    expect(behind).toHaveLength(2);
    for (const alarm of behind) expect(alarm).toMatchObject({ Threshold: STREAM_ITERATOR_AGE_ALARM_MS, Statistic: 'Maximum', EvaluationPeriods: 3 });
  });

  it('fire on errors of every function, and on any function throttled in the region (one alarm)', () => {
    const watched = alarmsOn('AWS/Lambda', 'Errors').map((a) => a.Dimensions[0].Value.Ref);
    expect(watched).toHaveLength(ALL_FUNCTIONS.length);
    expect(new Set(watched).size).toBe(ALL_FUNCTIONS.length);
    for (const id of watched) expect(resources[id]!.Type).toBe('AWS::Lambda::Function');
    const [throttles, ...others] = alarmsOn('AWS/Lambda', 'Throttles');
    expect(others).toEqual([]);
    expect(throttles).toMatchObject({ Statistic: 'Sum', Threshold: 0 });
    expect(throttles.Dimensions ?? []).toEqual([]);
  });

  it("leaves the stack headroom under CloudFormation's 500 resources", () => {
    // Measured 434 with the money desk, e-PINs and configured services: a new feature's few resources fit,
    // a per-route or per-function resource multiplied again does not.
    expect(Object.keys(resources).length).toBeLessThanOrEqual(470);
  });

  it('fire on any 5xx answer of the HTTP API', () => {
    const [api5xx, ...others] = alarmsOn('AWS/ApiGateway', '5xx');
    expect(others).toEqual([]);
    expect(api5xx).toMatchObject({ Statistic: 'Sum', Threshold: 0, Dimensions: [{ Name: 'ApiId', Value: { Ref: expect.stringMatching(/^HttpApi/) } }] });
  });

  it(`fire when a supplier fails more than ${SUPPLIER_FAILURE_RATE_PERCENT}% of its calls, one alarm per configured supplier`, () => {
    const rates = alarms().filter((a) => JSON.stringify(a.Metrics ?? []).includes(METRIC_NAMES.supplierCallFailed));
    const suppliers = rates.map(
      (a) => a.Metrics.find((m: any) => m.Id === 'failed').MetricStat.Metric.Dimensions.find((d: any) => d.Name === 'Supplier').Value,
    );
    expect(suppliers.sort()).toEqual(['ALARO', 'EPINPANEL', 'GLAD', 'VTPASS']);
    for (const alarm of rates) {
      expect(alarm).toMatchObject({ Threshold: SUPPLIER_FAILURE_RATE_PERCENT, ComparisonOperator: 'GreaterThanThreshold' });
      expect(alarm.Metrics.find((m: any) => m.Expression).Expression).toMatch(/100 \* FILL\(failed, 0\) \/ calls/);
      expect(alarm.Metrics.find((m: any) => m.Id === 'calls').MetricStat.Metric).toMatchObject({
        Namespace: METRICS_NAMESPACE,
        MetricName: METRIC_NAMES.supplierCall,
      });
    }
  });

  it('fire when payouts fail and when purchases stay open too long', () => {
    expect(alarmsOn(METRICS_NAMESPACE, METRIC_NAMES.payoutFailed)).toEqual([expect.objectContaining({ Statistic: 'Sum', Threshold: 0 })]);
    expect(alarmsOn(METRICS_NAMESPACE, METRIC_NAMES.purchasesOpenTooLong)).toEqual([
      expect.objectContaining({ Statistic: 'Maximum', Threshold: 0, EvaluationPeriods: 2 }),
    ]);
  });
});

describe('the operations dashboard', () => {
  let body: string;
  beforeAll(() => {
    const dashboards = ofType('AWS::CloudWatch::Dashboard');
    expect(dashboards).toHaveLength(1);
    body = JSON.stringify(dashboards[0]![1].Properties.DashboardBody);
  });

  it('shows purchases per minute and the refund rate per supplier', () => {
    expect(body).toContain('Purchases per minute');
    expect(body).toContain(METRIC_NAMES.purchaseAccepted);
    expect(body).toContain('Refund rate per supplier');
    for (const supplier of ['ALARO', 'EPINPANEL', 'GLAD', 'VTPASS']) expect(body).toContain(`\\"label\\":\\"${supplier}\\"`);
    expect(body).toContain(METRIC_NAMES.purchaseRefunded);
  });

  it('shows the p99 of every route, queried from the API access log', () => {
    expect(body).toContain('Request p99 per route');
    expect(body).toContain('pct(responseLatency, 99)');
    expect(body).toContain('by routeKey');
    const [accessLogId] = ofType('AWS::Logs::LogGroup').find(([id]) => id.startsWith('HttpApiAccessLogs'))!;
    expect(body).toContain(accessLogId);
  });

  it('shows queue and dead-letter queue depths, Lambda errors and throttles, and purchases open too long', () => {
    for (const title of [
      'Queue depths',
      'Dead-letter queue depths',
      'Lambda errors',
      'Lambda throttles',
      `Purchases open longer than ${PURCHASE_OPEN_TOO_LONG_MINUTES} minutes`,
    ]) {
      expect(body).toContain(title);
    }
    expect(body).toContain(METRIC_NAMES.purchasesOpenTooLong);
    expect(body.match(/ApproximateNumberOfMessagesVisible/g)!.length).toBeGreaterThanOrEqual(12);
  });
});

/** The dashboard's widgets, its body resolved with every CloudFormation token (region, log group names) as TOKEN. */
function dashboardWidgets(): Array<{ properties: { title?: string; metrics?: unknown[][] } }> {
  const body = ofType('AWS::CloudWatch::Dashboard')[0]![1].Properties.DashboardBody;
  const text = typeof body === 'string' ? body : (body['Fn::Join'][1] as unknown[]).map((part) => (typeof part === 'string' ? part : 'TOKEN')).join('');
  return JSON.parse(text).widgets;
}

/** Every custom metric the alarms and the dashboard read: its name and dimension names. */
function customMetricsRead(): Array<{ reader: string; name: string; dimensions: string[] }> {
  const read: Array<{ reader: string; name: string; dimensions: string[] }> = [];
  for (const alarm of alarms()) {
    const stats = [alarm, ...(alarm.Metrics ?? []).map((m: any) => m.MetricStat?.Metric).filter(Boolean)];
    for (const stat of stats) {
      if (stat.Namespace !== METRICS_NAMESPACE) continue;
      read.push({ reader: alarm.id, name: stat.MetricName, dimensions: stat.Dimensions.map((d: { Name: string }) => d.Name) });
    }
  }
  for (const widget of dashboardWidgets()) {
    for (const line of widget.properties.metrics ?? []) {
      if (line[0] !== METRICS_NAMESPACE) continue;
      const pairs = line.slice(2).filter((part): part is string => typeof part === 'string');
      read.push({ reader: widget.properties.title ?? 'widget', name: line[1] as string, dimensions: pairs.filter((_, i) => i % 2 === 0) });
    }
  }
  return read;
}

describe('custom metrics read by the alarms and the dashboard', () => {
  it('are each published by the functions: a name of shared/metrics.ts, under one of its declared dimension sets', () => {
    const read = customMetricsRead();
    expect(new Set(read.map((metric) => metric.name)).size).toBeGreaterThanOrEqual(9);
    const declared = (name: string) => (Object.keys(METRIC_NAMES) as MetricKey[]).find((key) => METRIC_NAMES[key] === name);
    for (const { reader, name, dimensions } of read) {
      const key = declared(name);
      expect(key, `${reader} reads ${name}`).toBeDefined();
      const sets = METRIC_SHAPES[key!].dimensionSets.map((set) => ['service', ...set].sort().join(','));
      expect(sets, `${reader} reads ${name} by ${dimensions}`).toContain([...dimensions].sort().join(','));
    }
  });

  it('are published by every function under the namespace and service they are read with', () => {
    const functions = ofType('AWS::Lambda::Function').filter(([id]) => !id.startsWith('Custom'));
    for (const [id, fn] of functions) {
      expect({ id, ...fn.Properties.Environment.Variables }).toMatchObject({
        id,
        POWERTOOLS_METRICS_NAMESPACE: METRICS_NAMESPACE,
        POWERTOOLS_SERVICE_NAME: METRICS_SERVICE,
      });
    }
  });
});

describe('the dashboard, for the metrics the functions add', () => {
  const widget = (title: string) => dashboardWidgets().find((w) => w.properties.title === title)!;

  it("shows the p99 latency of each supplier's calls", () => {
    const lines = widget('Supplier call latency p99 (ms)').properties.metrics!;
    const dimensionsOf = (line: unknown[]) => Object.fromEntries(line.slice(2, -1).flatMap((part, i, parts) => (i % 2 === 0 ? [[part, parts[i + 1]]] : [])));
    expect(lines.map((line) => line[1])).toEqual(Array(4).fill(METRIC_NAMES.supplierCallLatency));
    expect(lines.map(dimensionsOf).sort((a, b) => String(a.Supplier).localeCompare(String(b.Supplier)))).toEqual(
      ['ALARO', 'EPINPANEL', 'GLAD', 'VTPASS'].map((supplier) => ({ service: METRICS_SERVICE, Supplier: supplier })),
    );
    expect(lines.map((line) => line.at(-1))).toEqual(Array(4).fill(expect.objectContaining({ stat: 'p99' })));
  });

  it('shows payouts succeeded and failed', () => {
    const names = widget('Payouts').properties.metrics!.map((line) => line[1]);
    expect(names).toEqual([METRIC_NAMES.payoutSucceeded, METRIC_NAMES.payoutFailed]);
  });

  it('shows provider webhooks accepted and rejected, and deliveries to API users by status (searched)', () => {
    const lines = widget('Webhooks: from providers, and to API users by status').properties.metrics!;
    expect(lines.map((line) => line[1]).slice(0, 2)).toEqual([METRIC_NAMES.providerWebhookAccepted, METRIC_NAMES.providerWebhookRejected]);
    expect(JSON.stringify(lines)).toContain(`MetricName=\\"${METRIC_NAMES.webhookDelivery}\\"`);
  });
});

describe('tracing', () => {
  it('every function of the stack is traced by X-Ray (active tracing)', () => {
    // CDK's own helper functions (bucket deployment, auto-delete) are not ours to trace.
    const functions = ofType('AWS::Lambda::Function').filter(([id]) => !id.startsWith('Custom'));
    expect(functions.length).toBeGreaterThan(10);
    for (const [id, fn] of functions) expect({ id, tracing: fn.Properties.TracingConfig }).toEqual({ id, tracing: { Mode: 'Active' } });
  });
});
