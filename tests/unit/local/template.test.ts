import { describe, expect, it } from 'vitest';
import { EventPatternError } from '../../../infra/local/runtime/event-pattern.js';
import {
  TemplateError,
  parseTopology,
  resolveEnvironment,
  scheduleIntervalMs,
  type CfnTemplate,
  type LocalResolvers,
} from '../../../infra/local/runtime/template.js';
import { fixtureTemplate } from './fixture-template.js';

const resolvers: LocalResolvers = {
  tableName: (id) => `table-${id}`,
  queueUrl: (id) => `http://127.0.0.1:9324/123456789012/${id}`,
  queueArn: (id) => `arn:aws:sqs:us-east-1:123456789012:${id}`,
  queueName: (id) => id,
};

const withResources = (extra: CfnTemplate['Resources']): CfnTemplate => ({ Resources: { ...fixtureTemplate.Resources, ...extra } });

describe('parseTopology', () => {
  const topology = parseTopology(fixtureTemplate);

  it('reads the table with its keys, indexes and TTL', () => {
    expect(topology.tables).toHaveLength(1);
    expect(topology.tables[0]).toMatchObject({
      logicalId: 'Table1',
      name: 'Table1',
      keySchema: [
        { AttributeName: 'pk', KeyType: 'HASH' },
        { AttributeName: 'sk', KeyType: 'RANGE' },
      ],
      ttlAttribute: 'expiresAt',
    });
    expect(topology.tables[0]!.globalSecondaryIndexes.map((i) => i.IndexName)).toEqual(['byUserCreatedAt']);
  });

  it('reads queues with their dead-letter queue, receive count and visibility timeout', () => {
    const work = topology.queues.find((q) => q.logicalId === 'WorkQueue')!;
    expect(work).toMatchObject({ name: 'WorkQueue', visibilityTimeoutSeconds: 360, redrive: { deadLetterQueueLogicalId: 'WorkDlq', maxReceiveCount: 5 } });
    expect(topology.queues.find((q) => q.logicalId === 'MailQueue')).toMatchObject({ visibilityTimeoutSeconds: 30, redrive: undefined });
  });

  it('keeps only functions with an entry (not CDK helper functions)', () => {
    expect(topology.functions.map((f) => f.logicalId).sort()).toEqual(['ApiFn', 'CronFn', 'WorkerFn']);
    expect(topology.functions.find((f) => f.logicalId === 'CronFn')).toMatchObject({
      entry: 'functions/handlers/cron.ts',
      handlerExport: 'main',
      timeoutSeconds: 120,
    });
  });

  it('follows route → integration → function', () => {
    expect(topology.routes.map((r) => [r.method, r.path, r.functionLogicalId])).toEqual([
      ['POST', '/api/v1/auth/login', 'ApiFn'],
      ['GET', '/api/v1/auth/validateUser/{userName}', 'ApiFn'],
    ]);
  });

  it('maps the queue to its consumer with partial batch responses', () => {
    expect(topology.eventSourceMappings).toEqual([
      { logicalId: 'WorkerMapping', queueLogicalId: 'WorkQueue', functionLogicalId: 'WorkerFn', batchSize: 10, reportBatchItemFailures: true, enabled: true },
    ]);
  });

  it('maps a table stream to its consumer with the stream mapping’s settings and compiled filters; a stream of a table without one is refused', () => {
    const table = fixtureTemplate.Resources.Table1!;
    const streamed = withResources({
      Table1: { ...table, Properties: { ...table.Properties, StreamSpecification: { StreamViewType: 'NEW_AND_OLD_IMAGES' } } },
      StreamMapping: {
        Type: 'AWS::Lambda::EventSourceMapping',
        Properties: {
          EventSourceArn: { 'Fn::GetAtt': ['Table1', 'StreamArn'] },
          FunctionName: { Ref: 'WorkerFn' },
          StartingPosition: 'TRIM_HORIZON',
          BatchSize: 100,
          BisectBatchOnFunctionError: true,
          MaximumRetryAttempts: 10,
          FunctionResponseTypes: ['ReportBatchItemFailures'],
          DestinationConfig: { OnFailure: { Destination: { 'Fn::GetAtt': ['MailQueue', 'Arn'] } } },
          FilterCriteria: { Filters: [{ Pattern: JSON.stringify({ dynamodb: { Keys: { pk: { S: [{ prefix: 'TXN#' }] } } } }) }] },
        },
      },
    });
    const parsed = parseTopology(streamed);
    expect(parsed.tables[0]!.streamViewType).toBe('NEW_AND_OLD_IMAGES');
    expect(parsed.eventSourceMappings.map((m) => m.logicalId)).toEqual(['WorkerMapping']);
    const [mapping] = parsed.streamMappings;
    expect(mapping).toMatchObject({
      tableLogicalId: 'Table1',
      functionLogicalId: 'WorkerFn',
      startingPosition: 'TRIM_HORIZON',
      batchSize: 100,
      bisectBatchOnFunctionError: true,
      maximumRetryAttempts: 10,
      reportBatchItemFailures: true,
      onFailureQueueLogicalId: 'MailQueue',
    });
    expect(mapping!.filters[0]!({ dynamodb: { Keys: { pk: { S: 'TXN#1' } } } })).toBe(true);
    expect(mapping!.filters[0]!({ dynamodb: { Keys: { pk: { S: 'USER#1' } } } })).toBe(false);
    const unstreamed = withResources({ StreamMapping: streamed.Resources.StreamMapping! });
    expect(() => parseTopology(unstreamed)).toThrow(/has no stream/);
  });

  it('splits rules into schedules and bus rules with compiled patterns', () => {
    expect(topology.schedules).toMatchObject([
      { logicalId: 'CronRule', intervalMs: 60_000, targets: [{ kind: 'function', functionLogicalId: 'CronFn', retryAttempts: 2 }] },
    ]);
    const [rule] = topology.rules;
    expect(rule).toMatchObject({ logicalId: 'MailRule', busName: 'VtuPlatform-bus', targets: [{ kind: 'queue', queueLogicalId: 'MailQueue' }] });
    expect(rule!.matches({ source: 'vtu.platform', 'detail-type': 'EmailRequested', detail: {} })).toBe(true);
    expect(rule!.matches({ source: 'vtu.platform', 'detail-type': 'TransactionSettled', detail: {} })).toBe(false);
  });

  it('rejects a rule with an unknown pattern operator when loading', () => {
    const template = withResources({
      BadRule: {
        Type: 'AWS::Events::Rule',
        Properties: {
          EventBusName: { Ref: 'Bus1' },
          EventPattern: { source: [{ wildcard: 'vtu.*' }] },
          Targets: [{ Arn: { 'Fn::GetAtt': ['MailQueue', 'Arn'] }, Id: 'T' }],
        },
      },
    });
    expect(() => parseTopology(template)).toThrow(EventPatternError);
    expect(() => parseTopology(template)).toThrow(/BadRule.*wildcard/);
  });

  it('rejects targets and schedules it cannot run', () => {
    expect(() =>
      parseTopology(
        withResources({
          T: { Type: 'AWS::Events::Rule', Properties: { ScheduleExpression: 'rate(1 minute)', Targets: [{ Arn: { 'Fn::GetAtt': ['Api', 'Arn'] }, Id: 'X' }] } },
        }),
      ),
    ).toThrow(TemplateError);
    expect(() =>
      parseTopology(withResources({ C: { Type: 'AWS::Events::Rule', Properties: { ScheduleExpression: 'cron(0 12 * * ? *)', Targets: [] } } })),
    ).toThrow(/unsupported schedule expression/);
  });
});

describe('operations resources', () => {
  it('are not run locally: an alarm topic, alarms on it and a dashboard leave the topology as it was', () => {
    const withOperations = withResources({
      AlarmTopic: { Type: 'AWS::SNS::Topic', Properties: { DisplayName: 'alarms' } },
      AlarmEmail: { Type: 'AWS::SNS::Subscription', Properties: { TopicArn: { Ref: 'AlarmTopic' }, Protocol: 'email', Endpoint: 'ops@example.com' } },
      QueueAlarm: { Type: 'AWS::CloudWatch::Alarm', Properties: { AlarmActions: [{ Ref: 'AlarmTopic' }], MetricName: 'ApproximateNumberOfMessagesVisible' } },
      Dashboard: { Type: 'AWS::CloudWatch::Dashboard', Properties: { DashboardBody: { 'Fn::Join': ['', ['{"widgets":[]}']] } } },
    });
    // Compared as JSON: compiled event patterns are fresh closures on every parse.
    const runnable = (template: CfnTemplate) => JSON.stringify({ ...parseTopology(template), resources: undefined });
    expect(runnable(withOperations)).toBe(runnable(fixtureTemplate));
  });
});

describe('resolveEnvironment', () => {
  it('resolves references to local names, URLs and fake ARNs, and drops runtime-only variables', () => {
    const { env, conflicts } = resolveEnvironment(parseTopology(fixtureTemplate), resolvers);
    expect(conflicts).toEqual([]);
    expect(env).toEqual({
      TABLE_NAME: 'table-Table1',
      EVENT_BUS_NAME: 'VtuPlatform-bus',
      JWT_SECRET_ARN: expect.stringMatching(/^arn:aws:secretsmanager:us-east-1:123456789012:secret:Secret1/),
      WORK_QUEUE_URL: 'http://127.0.0.1:9324/123456789012/WorkQueue',
      WORK_QUEUE_ARN: 'arn:aws:sqs:us-east-1:123456789012:WorkQueue',
      JOINED: 'a-WorkQueue',
    });
  });

  it('reports a variable two functions set differently', () => {
    const template = structuredClone(fixtureTemplate);
    template.Resources.WorkerFn!.Properties!.Environment.Variables.TABLE_NAME = 'other';
    expect(resolveEnvironment(parseTopology(template), resolvers).conflicts).toEqual([expect.stringContaining('TABLE_NAME')]);
  });
});

describe('scheduleIntervalMs', () => {
  it.each([
    ['rate(1 minute)', 60_000],
    ['rate(5 minutes)', 300_000],
    ['rate(1 hour)', 3_600_000],
    ['rate(2 days)', 172_800_000],
  ])('%s → %d ms', (expression, ms) => expect(scheduleIntervalMs(expression)).toBe(ms));

  it.each(['rate(1 minutes)', 'rate(2 minute)', 'rate(0 minutes)', 'cron(* * * * ? *)'])('rejects %s', (expression) =>
    expect(() => scheduleIntervalMs(expression)).toThrow(TemplateError),
  );
});
