/**
 * Reads the synthesized CloudFormation template of the platform stack into what the local cloud
 * runs: tables, queues, buses, rules, schedules, functions, routes and queue → function mappings.
 * Nothing here is a second list of resources: add one to the stack and it shows up here.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { compileEventPattern, type EventMatcher } from './event-pattern.js';

export const LOCAL_ACCOUNT = '123456789012';
export const LOCAL_REGION = 'us-east-1';
export const STACK_NAME = 'VtuPlatform';

/** Metadata keys stamped on each function by the stack (see infra/stack/functions.ts LOCAL_METADATA). */
const META_ENTRY = 'vtu:entry';
const META_HANDLER = 'vtu:handler';

export interface CfnResource {
  Type: string;
  Properties?: Record<string, any>;
  Metadata?: Record<string, any>;
}
export interface CfnTemplate {
  Resources: Record<string, CfnResource>;
}

export interface TableDef {
  logicalId: string;
  /** Name in DynamoDB Local (the logical id). */
  name: string;
  keySchema: Array<{ AttributeName: string; KeyType: 'HASH' | 'RANGE' }>;
  attributeDefinitions: Array<{ AttributeName: string; AttributeType: 'S' | 'N' | 'B' }>;
  globalSecondaryIndexes: Array<{
    IndexName: string;
    KeySchema: Array<{ AttributeName: string; KeyType: 'HASH' | 'RANGE' }>;
    Projection: { ProjectionType?: string; NonKeyAttributes?: string[] };
  }>;
  ttlAttribute?: string;
  /** The table's stream (StreamSpecification.StreamViewType), if it has one. */
  streamViewType?: 'NEW_IMAGE' | 'OLD_IMAGE' | 'NEW_AND_OLD_IMAGES' | 'KEYS_ONLY';
}

export interface QueueDef {
  logicalId: string;
  name: string;
  visibilityTimeoutSeconds: number;
  messageRetentionSeconds?: number;
  fifo: boolean;
  redrive?: { deadLetterQueueLogicalId: string; maxReceiveCount: number };
}

export interface BusDef {
  logicalId: string;
  name: string;
}

export interface FunctionDef {
  logicalId: string;
  /** Entry file relative to the repository root (`vtu:entry`). */
  entry: string;
  /** Exported handler name (`vtu:handler`). */
  handlerExport: string;
  timeoutSeconds: number;
  memoryMb: number;
  /** Environment variables as written in the template (may hold intrinsic functions). */
  rawEnvironment: Record<string, unknown>;
}

export interface RouteDef {
  logicalId: string;
  /** "POST /api/v1/buy/airtime", "ANY /x/{proxy+}" or "$default". */
  routeKey: string;
  method: string;
  path: string;
  functionLogicalId: string;
}

export interface EventSourceMappingDef {
  logicalId: string;
  queueLogicalId: string;
  functionLogicalId: string;
  batchSize: number;
  reportBatchItemFailures: boolean;
  enabled: boolean;
}

/** Lambda's event source mapping on a table's DynamoDB stream (GetAtt Table.StreamArn). */
export interface StreamMappingDef {
  logicalId: string;
  tableLogicalId: string;
  functionLogicalId: string;
  batchSize: number;
  /** MaximumBatchingWindowInSeconds, in ms: how long a short batch waits for more records (0: none). */
  batchingWindowMs: number;
  startingPosition: 'TRIM_HORIZON' | 'LATEST';
  reportBatchItemFailures: boolean;
  bisectBatchOnFunctionError: boolean;
  /** -1: until the record leaves the stream (Lambda's default). */
  maximumRetryAttempts: number;
  /** Where a batch that exhausted its retries is described (DestinationConfig.OnFailure), a queue of this stack. */
  onFailureQueueLogicalId?: string;
  /** FilterCriteria, compiled: a record is handed over when any pattern matches (none: every record). */
  filters: EventMatcher[];
  enabled: boolean;
}

export type RuleTarget =
  | { id: string; kind: 'queue'; queueLogicalId: string; input?: string }
  | { id: string; kind: 'function'; functionLogicalId: string; input?: string; retryAttempts: number };

export interface PatternRuleDef {
  logicalId: string;
  busLogicalId?: string;
  /** Bus name; 'default' when the rule names no bus. */
  busName: string;
  pattern: unknown;
  matches: EventMatcher;
  targets: RuleTarget[];
  enabled: boolean;
}

export interface ScheduleDef {
  logicalId: string;
  expression: string;
  intervalMs: number;
  targets: RuleTarget[];
  enabled: boolean;
}

export interface LocalTopology {
  tables: TableDef[];
  queues: QueueDef[];
  buses: BusDef[];
  functions: FunctionDef[];
  routes: RouteDef[];
  eventSourceMappings: EventSourceMappingDef[];
  streamMappings: StreamMappingDef[];
  rules: PatternRuleDef[];
  schedules: ScheduleDef[];
  /** Secrets Manager secrets (the functions read JWT_SECRET directly locally). */
  secrets: string[];
  /** Everything else of the template, keyed by logical id, for Ref resolution of odd cases. */
  resources: Record<string, CfnResource>;
}

export class TemplateError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TemplateError';
  }
}

/**
 * Synthesizes the platform stack in-process (infra/stack/synth-app.ts: no bundling, no CloudFormation validation).
 * The cloud assembly goes to a temporary folder that is removed again: it holds staged assets
 * (the web build among them), tens of MB per start otherwise left behind in /tmp.
 */
export async function synthTemplate(): Promise<CfnTemplate> {
  const { templateOnlyApp } = await import('../../stack/synth-app.js');
  const { PlatformStack } = await import('../../stack/stack.js');
  const outdir = mkdtempSync(join(tmpdir(), 'vtu-local-synth-'));
  try {
    const app = templateOnlyApp({ outdir });
    new PlatformStack(app, STACK_NAME);
    return app.synth().getStackByName(STACK_NAME).template as CfnTemplate;
  } finally {
    rmSync(outdir, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------------------------------------

/** Logical id named by `{Ref: X}` or `{Fn::GetAtt: [X, attr]}`, else undefined. */
export function referencedLogicalId(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const v = value as Record<string, unknown>;
  if (typeof v.Ref === 'string') return v.Ref;
  const getAtt = v['Fn::GetAtt'];
  if (Array.isArray(getAtt) && typeof getAtt[0] === 'string') return getAtt[0];
  if (typeof getAtt === 'string') return getAtt.split('.')[0];
  return undefined;
}

export function parseTopology(template: CfnTemplate): LocalTopology {
  const resources = template.Resources ?? {};
  const ofType = (type: string) => Object.entries(resources).filter(([, r]) => r.Type === type);
  const typeOf = (id: string | undefined) => (id ? resources[id]?.Type : undefined);

  const tables: TableDef[] = ofType('AWS::DynamoDB::Table').map(([logicalId, r]) => {
    const p = r.Properties ?? {};
    return {
      logicalId,
      name: logicalId,
      keySchema: p.KeySchema,
      attributeDefinitions: p.AttributeDefinitions,
      globalSecondaryIndexes: (p.GlobalSecondaryIndexes ?? []).map((index: any) => ({
        IndexName: index.IndexName,
        KeySchema: index.KeySchema,
        Projection: index.Projection ?? { ProjectionType: 'ALL' },
      })),
      ttlAttribute: p.TimeToLiveSpecification?.Enabled ? p.TimeToLiveSpecification.AttributeName : undefined,
      ...(p.StreamSpecification?.StreamViewType ? { streamViewType: p.StreamSpecification.StreamViewType } : {}),
    };
  });

  const queues: QueueDef[] = ofType('AWS::SQS::Queue').map(([logicalId, r]) => {
    const p = r.Properties ?? {};
    const fifo = p.FifoQueue === true || p.FifoQueue === 'true';
    let redrive: QueueDef['redrive'];
    if (p.RedrivePolicy) {
      const policy = typeof p.RedrivePolicy === 'string' ? JSON.parse(p.RedrivePolicy) : p.RedrivePolicy;
      const dlq = referencedLogicalId(policy.deadLetterTargetArn);
      if (!dlq || typeOf(dlq) !== 'AWS::SQS::Queue') {
        throw new TemplateError(`queue ${logicalId}: RedrivePolicy.deadLetterTargetArn must reference a queue of this stack`);
      }
      redrive = { deadLetterQueueLogicalId: dlq, maxReceiveCount: Number(policy.maxReceiveCount) };
    }
    return {
      logicalId,
      // FIFO queue names must end in .fifo.
      name: fifo ? `${logicalId}.fifo` : logicalId,
      visibilityTimeoutSeconds: p.VisibilityTimeout === undefined ? 30 : Number(p.VisibilityTimeout),
      messageRetentionSeconds: p.MessageRetentionPeriod === undefined ? undefined : Number(p.MessageRetentionPeriod),
      fifo,
      redrive,
    };
  });

  const buses: BusDef[] = ofType('AWS::Events::EventBus').map(([logicalId, r]) => ({
    logicalId,
    name: String(r.Properties?.Name ?? logicalId),
  }));

  const functions: FunctionDef[] = ofType('AWS::Lambda::Function')
    // CDK's own helper functions (custom resources) carry no entry: they have no local meaning.
    .filter(([, r]) => typeof r.Metadata?.[META_ENTRY] === 'string')
    .map(([logicalId, r]) => ({
      logicalId,
      entry: r.Metadata![META_ENTRY],
      handlerExport: typeof r.Metadata![META_HANDLER] === 'string' ? r.Metadata![META_HANDLER] : 'handler',
      timeoutSeconds: Number(r.Properties?.Timeout ?? 3),
      memoryMb: Number(r.Properties?.MemorySize ?? 128),
      rawEnvironment: r.Properties?.Environment?.Variables ?? {},
    }));
  const functionIds = new Set(functions.map((f) => f.logicalId));
  const requireFunction = (id: string | undefined, where: string): string => {
    if (!id || !functionIds.has(id)) {
      throw new TemplateError(`${where}: refers to ${id ?? 'nothing'}, which is not a function with "${META_ENTRY}" metadata`);
    }
    return id;
  };

  const integrationFunction = new Map<string, string>();
  for (const [logicalId, r] of ofType('AWS::ApiGatewayV2::Integration')) {
    const fn = referencedLogicalId(r.Properties?.IntegrationUri);
    if (fn) integrationFunction.set(logicalId, requireFunction(fn, `integration ${logicalId}`));
  }
  const routes: RouteDef[] = ofType('AWS::ApiGatewayV2::Route').map(([logicalId, r]) => {
    const routeKey = String(r.Properties?.RouteKey);
    const integrationId = integrationOfTarget(r.Properties?.Target);
    const functionLogicalId = integrationId ? integrationFunction.get(integrationId) : undefined;
    if (!functionLogicalId) throw new TemplateError(`route ${routeKey} (${logicalId}): cannot find its Lambda integration`);
    const [method, path] = routeKey === '$default' ? ['ANY', '$default'] : routeKey.split(' ', 2);
    return { logicalId, routeKey, method: method!.toUpperCase(), path: path!, functionLogicalId };
  });

  const queueIds = new Set(queues.map((q) => q.logicalId));
  const streamedTables = new Map(tables.filter((t) => t.streamViewType).map((t) => [t.logicalId, t]));
  const mappings = ofType('AWS::Lambda::EventSourceMapping');
  const isStreamMapping = ([, r]: [string, CfnResource]) => streamTableOf(r.Properties?.EventSourceArn) !== undefined;
  const streamMappings: StreamMappingDef[] = mappings.filter(isStreamMapping).map(([logicalId, r]) => {
    const p = r.Properties ?? {};
    const tableLogicalId = streamTableOf(p.EventSourceArn)!;
    if (!streamedTables.has(tableLogicalId))
      throw new TemplateError(`event source mapping ${logicalId}: table ${tableLogicalId} has no stream (StreamSpecification)`);
    const onFailure = p.DestinationConfig?.OnFailure?.Destination;
    const onFailureQueueLogicalId = onFailure === undefined ? undefined : referencedLogicalId(onFailure);
    if (onFailure !== undefined && (!onFailureQueueLogicalId || !queueIds.has(onFailureQueueLogicalId))) {
      throw new TemplateError(`event source mapping ${logicalId}: only a queue of this stack is supported as the on-failure destination`);
    }
    const filters = (p.FilterCriteria?.Filters ?? []).map((filter: { Pattern: string }, i: number) =>
      compileEventPattern(JSON.parse(filter.Pattern), `event source mapping ${logicalId} filter ${i}`),
    );
    return {
      logicalId,
      tableLogicalId,
      functionLogicalId: requireFunction(referencedLogicalId(p.FunctionName), `event source mapping ${logicalId}`),
      batchSize: Number(p.BatchSize ?? 100),
      batchingWindowMs: Number(p.MaximumBatchingWindowInSeconds ?? 0) * 1000,
      startingPosition: p.StartingPosition === 'LATEST' ? 'LATEST' : 'TRIM_HORIZON',
      reportBatchItemFailures: Array.isArray(p.FunctionResponseTypes) && p.FunctionResponseTypes.includes('ReportBatchItemFailures'),
      bisectBatchOnFunctionError: p.BisectBatchOnFunctionError === true,
      maximumRetryAttempts: p.MaximumRetryAttempts === undefined ? -1 : Number(p.MaximumRetryAttempts),
      ...(onFailureQueueLogicalId ? { onFailureQueueLogicalId } : {}),
      filters,
      enabled: p.Enabled !== false,
    };
  });
  const eventSourceMappings: EventSourceMappingDef[] = mappings
    .filter((entry) => !isStreamMapping(entry))
    .map(([logicalId, r]) => {
      const p = r.Properties ?? {};
      const queueLogicalId = referencedLogicalId(p.EventSourceArn);
      if (!queueLogicalId || !queueIds.has(queueLogicalId)) {
        throw new TemplateError(`event source mapping ${logicalId}: only SQS queues and table streams of this stack are supported as sources`);
      }
      return {
        logicalId,
        queueLogicalId,
        functionLogicalId: requireFunction(referencedLogicalId(p.FunctionName), `event source mapping ${logicalId}`),
        batchSize: Number(p.BatchSize ?? 10),
        reportBatchItemFailures: Array.isArray(p.FunctionResponseTypes) && p.FunctionResponseTypes.includes('ReportBatchItemFailures'),
        enabled: p.Enabled !== false,
      };
    });

  const rules: PatternRuleDef[] = [];
  const schedules: ScheduleDef[] = [];
  const busByLogicalId = new Map(buses.map((b) => [b.logicalId, b]));
  for (const [logicalId, r] of ofType('AWS::Events::Rule')) {
    const p = r.Properties ?? {};
    const targets = (p.Targets ?? []).map((t: any) => parseTarget(t, logicalId, resources, requireFunction));
    const enabled = p.State === undefined || p.State === 'ENABLED';
    if (p.ScheduleExpression) {
      schedules.push({ logicalId, expression: p.ScheduleExpression, intervalMs: scheduleIntervalMs(p.ScheduleExpression, logicalId), targets, enabled });
    }
    if (p.EventPattern) {
      const pattern = typeof p.EventPattern === 'string' ? JSON.parse(p.EventPattern) : p.EventPattern;
      let busLogicalId: string | undefined;
      let busName = 'default';
      if (p.EventBusName !== undefined) {
        busLogicalId = referencedLogicalId(p.EventBusName);
        if (busLogicalId) {
          const bus = busByLogicalId.get(busLogicalId);
          if (!bus) throw new TemplateError(`rule ${logicalId}: EventBusName refers to ${busLogicalId}, which is not an event bus`);
          busName = bus.name;
        } else if (typeof p.EventBusName === 'string') busName = p.EventBusName;
        else throw new TemplateError(`rule ${logicalId}: cannot resolve EventBusName ${JSON.stringify(p.EventBusName)}`);
      }
      rules.push({ logicalId, busLogicalId, busName, pattern, matches: compileEventPattern(pattern, `rule ${logicalId} EventPattern`), targets, enabled });
    }
  }

  const secrets = ofType('AWS::SecretsManager::Secret').map(([id]) => id);
  return { tables, queues, buses, functions, routes, eventSourceMappings, streamMappings, rules, schedules, secrets, resources };
}

/** The table whose stream an EventSourceArn names ({"Fn::GetAtt": [table, "StreamArn"]}), if it names one. */
function streamTableOf(arn: unknown): string | undefined {
  const getAtt = (arn as { 'Fn::GetAtt'?: unknown } | undefined)?.['Fn::GetAtt'];
  return Array.isArray(getAtt) && getAtt[1] === 'StreamArn' && typeof getAtt[0] === 'string' ? getAtt[0] : undefined;
}

function integrationOfTarget(target: unknown): string | undefined {
  // Target is "integrations/<id>" as {Fn::Join: ['', ['integrations/', {Ref: id}]]} or a plain string.
  if (typeof target === 'string') return target.replace(/^integrations\//, '');
  const join = (target as any)?.['Fn::Join'];
  if (Array.isArray(join) && Array.isArray(join[1])) {
    for (const part of join[1]) {
      const id = referencedLogicalId(part);
      if (id) return id;
    }
  }
  return undefined;
}

function parseTarget(
  target: any,
  ruleId: string,
  resources: Record<string, CfnResource>,
  requireFunction: (id: string | undefined, where: string) => string,
): RuleTarget {
  const where = `rule ${ruleId} target ${target.Id}`;
  for (const unsupported of ['InputPath', 'InputTransformer', 'SqsParameters', 'HttpParameters']) {
    if (target[unsupported] !== undefined) throw new TemplateError(`${where}: ${unsupported} is not supported by the local cloud`);
  }
  const id = referencedLogicalId(target.Arn);
  const type = id ? resources[id]?.Type : undefined;
  const input = typeof target.Input === 'string' ? target.Input : target.Input === undefined ? undefined : JSON.stringify(target.Input);
  if (type === 'AWS::SQS::Queue') return { id: target.Id, kind: 'queue', queueLogicalId: id!, input };
  if (type === 'AWS::Lambda::Function') {
    return {
      id: target.Id,
      kind: 'function',
      functionLogicalId: requireFunction(id, where),
      input,
      retryAttempts: Number(target.RetryPolicy?.MaximumRetryAttempts ?? 2),
    };
  }
  throw new TemplateError(`${where}: only SQS queue and Lambda function targets are supported (got ${type ?? JSON.stringify(target.Arn)})`);
}

const RATE_UNITS: Record<string, number> = { minute: 60_000, minutes: 60_000, hour: 3_600_000, hours: 3_600_000, day: 86_400_000, days: 86_400_000 };

/** `rate(5 minutes)` → 300000. Cron expressions are rejected: nothing uses them yet. */
export function scheduleIntervalMs(expression: string, where = 'schedule'): number {
  const match = /^rate\((\d+)\s+(minutes?|hours?|days?)\)$/.exec(expression.trim());
  if (!match) throw new TemplateError(`${where}: unsupported schedule expression "${expression}" (the local cloud runs rate(...) only)`);
  const count = Number(match[1]);
  const unit = match[2]!;
  if (count < 1 || (count === 1) !== !unit.endsWith('s')) {
    throw new TemplateError(`${where}: invalid schedule expression "${expression}"`);
  }
  return count * RATE_UNITS[unit]!;
}

// ---------------------------------------------------------------------------------------------

/** What intrinsic references resolve to locally. */
export interface LocalResolvers {
  tableName(logicalId: string): string;
  queueUrl(logicalId: string): string;
  queueArn(logicalId: string): string;
  queueName(logicalId: string): string;
}

export function localArn(service: string, resource: string): string {
  return `arn:aws:${service}:${LOCAL_REGION}:${LOCAL_ACCOUNT}:${resource}`;
}

/** Resolves one environment value of the template to a string. */
export function resolveValue(value: unknown, topology: LocalTopology, resolvers: LocalResolvers, where: string): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  const v = value as Record<string, any>;
  if (v && typeof v.Ref === 'string') {
    const id = v.Ref;
    if (id === 'AWS::Region') return LOCAL_REGION;
    if (id === 'AWS::AccountId') return LOCAL_ACCOUNT;
    if (id === 'AWS::StackName') return STACK_NAME;
    if (id === 'AWS::Partition') return 'aws';
    if (id === 'AWS::URLSuffix') return 'amazonaws.com';
    const type = topology.resources[id]?.Type;
    switch (type) {
      case 'AWS::DynamoDB::Table':
        return resolvers.tableName(id);
      case 'AWS::SQS::Queue':
        return resolvers.queueUrl(id);
      case 'AWS::Events::EventBus':
        return topology.buses.find((b) => b.logicalId === id)!.name;
      case 'AWS::SecretsManager::Secret':
        return localArn('secretsmanager', `secret:${id}-local`);
      case 'AWS::Lambda::Function':
        return `${STACK_NAME}-${id}`;
      default:
        throw new TemplateError(`${where}: cannot resolve Ref to ${id} (${type ?? 'unknown'}) locally`);
    }
  }
  if (v && v['Fn::GetAtt'] !== undefined) {
    const [id, attribute] = Array.isArray(v['Fn::GetAtt']) ? v['Fn::GetAtt'] : String(v['Fn::GetAtt']).split('.');
    const type = topology.resources[id]?.Type;
    if (type === 'AWS::SQS::Queue') {
      if (attribute === 'Arn') return resolvers.queueArn(id);
      if (attribute === 'QueueUrl') return resolvers.queueUrl(id);
      if (attribute === 'QueueName') return resolvers.queueName(id);
    }
    if (type === 'AWS::DynamoDB::Table' && attribute === 'Arn') return localArn('dynamodb', `table/${resolvers.tableName(id)}`);
    if (type === 'AWS::Events::EventBus' && (attribute === 'Arn' || attribute === 'Name')) {
      const name = topology.buses.find((b) => b.logicalId === id)!.name;
      return attribute === 'Name' ? name : localArn('events', `event-bus/${name}`);
    }
    if (type === 'AWS::Lambda::Function' && attribute === 'Arn') return localArn('lambda', `function:${STACK_NAME}-${id}`);
    throw new TemplateError(`${where}: cannot resolve Fn::GetAtt ${id}.${attribute} (${type ?? 'unknown'}) locally`);
  }
  if (v && Array.isArray(v['Fn::Join'])) {
    const [separator, parts] = v['Fn::Join'];
    return (parts as unknown[]).map((part) => resolveValue(part, topology, resolvers, where)).join(separator);
  }
  if (v && v['Fn::Sub'] !== undefined && typeof v['Fn::Sub'] === 'string') {
    return v['Fn::Sub'].replace(/\$\{([^}]+)\}/g, (_: string, name: string) => {
      const [id, attribute] = name.split('.');
      return resolveValue(attribute ? { 'Fn::GetAtt': [id, attribute] } : { Ref: id }, topology, resolvers, where);
    });
  }
  throw new TemplateError(`${where}: cannot resolve ${JSON.stringify(value)} locally`);
}

/** Variables that configure the Lambda runtime itself, meaningless (or harmful) in our shared process. */
const RUNTIME_ONLY_VARIABLES = new Set(['NODE_OPTIONS', 'AWS_NODEJS_CONNECTION_REUSE_ENABLED']);

/**
 * The union of every function's resolved environment. All handlers share one process locally, so
 * a variable two functions set differently is reported (the stack should not do that).
 */
export function resolveEnvironment(topology: LocalTopology, resolvers: LocalResolvers): { env: Record<string, string>; conflicts: string[] } {
  const env: Record<string, string> = {};
  const origin: Record<string, string> = {};
  const conflicts: string[] = [];
  for (const fn of topology.functions) {
    for (const [name, raw] of Object.entries(fn.rawEnvironment)) {
      if (RUNTIME_ONLY_VARIABLES.has(name)) continue;
      const value = resolveValue(raw, topology, resolvers, `function ${fn.logicalId} variable ${name}`);
      if (name in env && env[name] !== value) {
        conflicts.push(`${name}: ${origin[name]} sets ${JSON.stringify(env[name])}, ${fn.logicalId} sets ${JSON.stringify(value)}`);
        continue;
      }
      env[name] = value;
      origin[name] = fn.logicalId;
    }
  }
  return { env, conflicts };
}
