import { App, Stack } from 'aws-cdk-lib';
import { HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import { Template } from 'aws-cdk-lib/assertions';
import { Code, Function as LambdaFunction, Runtime } from 'aws-cdk-lib/aws-lambda';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import { Queue } from 'aws-cdk-lib/aws-sqs';
import { beforeAll, describe, expect, it } from 'vitest';
import { ALL_FUNCTIONS } from '../../infra/functions.js';
import { Observability, SUPPLIER_FAILURE_RATE_PERCENT } from '../../infra/observability.js';
import { PlatformStack } from '../../infra/stack.js';
import { METRIC_NAMES, METRICS_NAMESPACE, PURCHASE_OPEN_TOO_LONG_MINUTES } from '../../shared/metrics.js';

type Resource = { Type: string; Properties: Record<string, any> };

let resources: Record<string, Resource>;
let topicId: string;
const ofType = (type: string) => Object.entries(resources).filter(([, r]) => r.Type === type);
const alarms = (): Array<Record<string, any>> => ofType('AWS::CloudWatch::Alarm').map(([id, r]) => ({ id, ...r.Properties }));
const alarmsOn = (namespace: string, metricName: string) => alarms().filter((a) => a.Namespace === namespace && a.MetricName === metricName);

beforeAll(() => {
  const app = new App({ context: { 'aws:cdk:bundling-stacks': [] } });
  resources = Template.fromStack(new PlatformStack(app, 'VtuPlatform')).toJSON().Resources;
  [topicId] = ofType('AWS::SNS::Topic')[0]!;
});

/** The Observability construct alone, on one function, one queue pair and an API (fast; for context-dependent wiring). */
function observabilityTemplate(context: Record<string, unknown>): Template {
  const stack = new Stack(new App({ context }), 'Ops');
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
    observabilityTemplate({ alarmEmail: 'ops@example.com' }).hasResourceProperties('AWS::SNS::Subscription', { Protocol: 'email', Endpoint: 'ops@example.com' });
  });

  it('subscribe nobody without `alarmEmail`', () => {
    observabilityTemplate({}).resourceCountIs('AWS::SNS::Subscription', 0);
  });

  it('fire on any message in a dead-letter queue', () => {
    const dlqAlarms = alarmsOn('AWS/SQS', 'ApproximateNumberOfMessagesVisible');
    expect(dlqAlarms).toHaveLength(7);
    for (const alarm of dlqAlarms) expect(alarm).toMatchObject({ Threshold: 0, ComparisonOperator: 'GreaterThanThreshold', EvaluationPeriods: 1 });
  });

  it('fire on errors and on throttles of every function', () => {
    for (const metric of ['Errors', 'Throttles']) {
      const watched = alarmsOn('AWS/Lambda', metric).map((a) => a.Dimensions[0].Value.Ref);
      expect(watched).toHaveLength(ALL_FUNCTIONS.length);
      expect(new Set(watched).size).toBe(ALL_FUNCTIONS.length);
      for (const id of watched) expect(resources[id]!.Type).toBe('AWS::Lambda::Function');
    }
  });

  it('fire on any 5xx answer of the HTTP API', () => {
    const [api5xx, ...others] = alarmsOn('AWS/ApiGateway', '5xx');
    expect(others).toEqual([]);
    expect(api5xx).toMatchObject({ Statistic: 'Sum', Threshold: 0, Dimensions: [{ Name: 'ApiId', Value: { Ref: expect.stringMatching(/^HttpApi/) } }] });
  });

  it(`fire when a supplier fails more than ${SUPPLIER_FAILURE_RATE_PERCENT}% of its calls, one alarm per configured supplier`, () => {
    const rates = alarms().filter((a) => JSON.stringify(a.Metrics ?? []).includes(METRIC_NAMES.supplierCallFailed));
    const suppliers = rates.map((a) => a.Metrics.find((m: any) => m.Id === 'failed').MetricStat.Metric.Dimensions.find((d: any) => d.Name === 'Supplier').Value);
    expect(suppliers.sort()).toEqual(['ALARO', 'GLAD', 'VTPASS']);
    for (const alarm of rates) {
      expect(alarm).toMatchObject({ Threshold: SUPPLIER_FAILURE_RATE_PERCENT, ComparisonOperator: 'GreaterThanThreshold' });
      expect(alarm.Metrics.find((m: any) => m.Expression).Expression).toMatch(/100 \* FILL\(failed, 0\) \/ calls/);
      expect(alarm.Metrics.find((m: any) => m.Id === 'calls').MetricStat.Metric).toMatchObject({ Namespace: METRICS_NAMESPACE, MetricName: METRIC_NAMES.supplierCall });
    }
  });

  it('fire when payouts fail and when purchases stay open too long', () => {
    expect(alarmsOn(METRICS_NAMESPACE, METRIC_NAMES.payoutFailed)).toEqual([expect.objectContaining({ Statistic: 'Sum', Threshold: 0 })]);
    expect(alarmsOn(METRICS_NAMESPACE, METRIC_NAMES.purchasesOpenTooLong)).toEqual([expect.objectContaining({ Statistic: 'Maximum', Threshold: 0, EvaluationPeriods: 2 })]);
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
    for (const supplier of ['ALARO', 'GLAD', 'VTPASS']) expect(body).toContain(`\\"label\\":\\"${supplier}\\"`);
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
    for (const title of ['Queue depths', 'Dead-letter queue depths', 'Lambda errors', 'Lambda throttles', `Purchases open longer than ${PURCHASE_OPEN_TOO_LONG_MINUTES} minutes`]) {
      expect(body).toContain(title);
    }
    expect(body).toContain(METRIC_NAMES.purchasesOpenTooLong);
    expect(body.match(/ApproximateNumberOfMessagesVisible/g)!.length).toBeGreaterThanOrEqual(12);
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
