import { existsSync } from 'node:fs';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { platformTemplate } from '../support/stack-template.js';
import { LOCAL_METADATA, PLATFORM_COUNTERS_BATCH_SIZE, PLATFORM_COUNTERS_BATCHING_WINDOW_SECONDS } from '../../infra/stack/functions.js';
import { WEBHOOK_MAX_ATTEMPTS } from '../../shared/api/webhooks.js';
import { EVENT_SOURCE, EVENT_TYPES } from '../../shared/events.js';
import { isOperatorAction, ROUTES, routeKey } from '../../shared/routes.js';
import {
  CONFIG_PARTITIONS,
  OPERATOR_REFUND_WRITES,
  PARTITION_PREFIXES,
  RETIRED_INDEXES,
  TABLE_INDEX_NAMES,
  TABLE_KEYS,
  TRANSACTION_LISTING_ATTRIBUTES,
} from '../../shared/table.js';

type Resource = { Type: string; Properties: Record<string, any>; Metadata?: Record<string, any> };

let template: Template;
let resources: Record<string, Resource>;

const ofType = (type: string) => Object.entries(resources).filter(([, r]) => r.Type === type);
const WRITE_ACTIONS = ['dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem', 'dynamodb:BatchWriteItem'];
/** The API-key rate counter every authenticating edge may update (and nothing else under it). */
const RATE_COUNTER_CONDITION = { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [`${PARTITION_PREFIXES.apiKeyRate}*`] } };
const isRateCounterGrant = (statement: any) => JSON.stringify(statement.Condition) === JSON.stringify(RATE_COUNTER_CONDITION);
/** The audit log's append (PutItem on AUDIT# items) every function serving operator actions has. */
const AUDIT_CONDITION = { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [`${PARTITION_PREFIXES.audit}*`] } };
const isAuditGrant = (statement: any) => JSON.stringify(statement.Condition) === JSON.stringify(AUDIT_CONDITION);
/** A function's DynamoDB write statements other than the edge's (rate counter, audit log). */
const writesBeyondRateCounter = (entry: string) =>
  statementsOf(entry).filter((st: any) => !isRateCounterGrant(st) && !isAuditGrant(st) && [st.Action].flat().some((a: string) => WRITE_ACTIONS.includes(a)));

/** IAM policy statements granted to the role of the function whose entry file is `entry`. */
function statementsOf(entry: string): any[] {
  const [, fn] = ofType('AWS::Lambda::Function').find(([, r]) => r.Metadata?.[LOCAL_METADATA.entry] === entry)!;
  const roleId = fn.Properties.Role['Fn::GetAtt'][0];
  return ofType('AWS::IAM::Policy')
    .filter(([, p]) => p.Properties.Roles.some((role: any) => role.Ref === roleId))
    .flatMap(([, p]) => p.Properties.PolicyDocument.Statement);
}

/** The event source mapping (logical id, resource) of the function whose entry file is `entry`. */
function mappingOf(entry: string): [string, any] {
  const [fnId] = ofType('AWS::Lambda::Function').find(([, r]) => r.Metadata?.[LOCAL_METADATA.entry] === entry)!;
  return ofType('AWS::Lambda::EventSourceMapping').find(([, m]) => m.Properties.FunctionName?.Ref === fnId)!;
}

/** IAM actions granted to the role of the function whose entry file is `entry`. */
function actionsOf(entry: string): string[] {
  return statementsOf(entry).flatMap((s: any) => [s.Action].flat());
}

beforeAll(async () => {
  template = Template.fromJSON(await platformTemplate());
  resources = template.toJSON().Resources;
});

describe('the platform stack', () => {
  it('has one on-demand table with point-in-time recovery, TTL and indexes named after their access patterns', () => {
    template.resourceCountIs('AWS::DynamoDB::Table', 1);
    template.hasResourceProperties('AWS::DynamoDB::Table', {
      BillingMode: 'PAY_PER_REQUEST',
      PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
      TimeToLiveSpecification: { AttributeName: TABLE_KEYS.ttlAttribute, Enabled: true },
      GlobalSecondaryIndexes: TABLE_INDEX_NAMES.map((name) => Match.objectLike({ IndexName: name })),
    });
  });

  it('projects into the listing indexes only what their queries read (a fulfilment claim rewrites no entry); rejection: no index of every attribute is left', () => {
    const table = Object.values(template.findResources('AWS::DynamoDB::Table'))[0]!;
    const indexes = table.Properties.GlobalSecondaryIndexes as { IndexName: string; Projection: { ProjectionType: string; NonKeyAttributes?: string[] } }[];
    const byName = new Map(indexes.map((index) => [index.IndexName, index.Projection]));
    expect(byName.get('byUserListing')).toEqual({ ProjectionType: 'INCLUDE', NonKeyAttributes: [...TRANSACTION_LISTING_ATTRIBUTES] });
    expect(byName.get('byKindListing')?.ProjectionType).toBe('INCLUDE');
    expect(byName.get('byKindListing')?.NonKeyAttributes).toEqual(
      expect.arrayContaining([...TRANSACTION_LISTING_ATTRIBUTES, 'email', 'lastLogin', 'actorName', 'summary']),
    );
    // Never the claim's or the supplier's bookkeeping.
    for (const projection of byName.values()) expect(projection.NonKeyAttributes ?? []).not.toEqual(expect.arrayContaining(['submittedAt']));
    expect(indexes.map((index) => index.Projection.ProjectionType)).not.toContain('ALL');
    // DynamoDB allows 100 projected attributes over all of a table's indexes.
    expect(indexes.reduce((sum, index) => sum + (index.Projection.NonKeyAttributes?.length ?? 0), 0)).toBeLessThanOrEqual(100);
  });

  it('indexes transactions by the number served, newest first, keys only, for the phone-number listing (no backfill: both keys are attributes records have)', () => {
    const index = TABLE_KEYS.indexes.byPhoneNumber;
    expect(index).toEqual({ partitionKey: 'phone_number', sortKey: TABLE_KEYS.indexes.byUserCreatedAt.sortKey, projection: 'KEYS_ONLY' });
    template.hasResourceProperties('AWS::DynamoDB::Table', {
      AttributeDefinitions: Match.arrayWith([{ AttributeName: index.partitionKey, AttributeType: 'S' }]),
      GlobalSecondaryIndexes: Match.arrayWith([
        {
          IndexName: 'byPhoneNumber',
          KeySchema: [
            { AttributeName: index.partitionKey, KeyType: 'HASH' },
            { AttributeName: index.sortKey, KeyType: 'RANGE' },
          ],
          Projection: { ProjectionType: 'KEYS_ONLY' },
        },
      ]),
    });
  });

  it('keeps the open index to keys only, and declares no retired index unless asked (-c keepRetiredIndexes=true)', () => {
    const tableIndexes = ofType('AWS::DynamoDB::Table').flatMap(
      ([, r]) => (r.Properties.GlobalSecondaryIndexes ?? []) as Array<{ IndexName: string; Projection: unknown }>,
    );
    expect(tableIndexes.find((index) => index.IndexName === 'byOpenSinceKeys')?.Projection).toEqual({ ProjectionType: 'KEYS_ONLY' });
    expect(tableIndexes.map((index) => index.IndexName)).not.toContain(Object.keys(RETIRED_INDEXES)[0]);
  });

  it('routes every row of the shared route table under /api/v1', () => {
    const keys = ofType('AWS::ApiGatewayV2::Route').map(([, r]) => r.Properties.RouteKey);
    expect(keys.sort()).toEqual(ROUTES.map(routeKey).sort());
    for (const key of keys) expect(key).toMatch(/^[A-Z]+ \/api\/v1\//);
  });

  it('runs every function on nodejs22.x with an entry file that exists', () => {
    const functions = ofType('AWS::Lambda::Function').filter(([, r]) => r.Metadata?.[LOCAL_METADATA.entry]);
    expect(functions.length).toBeGreaterThanOrEqual(8);
    for (const [, fn] of functions) {
      expect(fn.Properties.Runtime).toBe('nodejs22.x');
      expect(existsSync(fn.Metadata![LOCAL_METADATA.entry])).toBe(true);
    }
  });

  it('gives every work queue a dead-letter queue, and every dead-letter queue and the stream consumers’ failure queues an alarm', () => {
    const queues = ofType('AWS::SQS::Queue');
    const workQueues = queues.filter(([, q]) => q.Properties.RedrivePolicy);
    const deadLetterIds = workQueues.map(([, q]) => q.Properties.RedrivePolicy.deadLetterTargetArn['Fn::GetAtt'][0]);
    const streamFailures = ofType('AWS::Lambda::EventSourceMapping')
      .map(([, m]) => m.Properties.DestinationConfig?.OnFailure?.Destination?.['Fn::GetAtt']?.[0])
      .filter(Boolean);
    // fulfilment, email, webhook; provider events, payouts, referral rewards, reserved accounts; admins' mailings; password reset
    // requests; reconciliation pages
    expect(workQueues.length).toBe(10);
    // The outbox's and the platform counters'.
    expect(streamFailures).toHaveLength(2);
    // EventBridge's one dead-letter queue, for events no rule target accepted (every rule's targets name it).
    const eventFailures = [
      ...new Set(ofType('AWS::Events::Rule').flatMap(([, r]) => r.Properties.Targets.map((t: any) => t.DeadLetterConfig?.Arn?.['Fn::GetAtt']?.[0]))),
    ];
    expect(eventFailures).toHaveLength(1);
    expect(eventFailures[0]).toBeDefined();
    expect(workQueues.length + deadLetterIds.length + streamFailures.length + eventFailures.length).toBe(queues.length);
    const queueAlarms = ofType('AWS::CloudWatch::Alarm').filter(([, a]) => a.Properties.Namespace === 'AWS/SQS');
    const alarmed = (metric: string) =>
      queueAlarms.filter(([, a]) => a.Properties.MetricName === metric).map(([, a]) => a.Properties.Dimensions[0].Value['Fn::GetAtt'][0]);
    expect(alarmed('ApproximateNumberOfMessagesVisible').sort()).toEqual([...deadLetterIds, ...streamFailures, ...eventFailures].sort());
    // …and every work queue one on the age of its oldest message (a consumer down or too slow).
    expect(alarmed('ApproximateAgeOfOldestMessage').sort()).toEqual(workQueues.map(([id]) => id).sort());
    // Each notifies the alarm topic.
    const [topicId] = ofType('AWS::SNS::Topic')[0]!;
    for (const [, alarm] of queueAlarms) expect(alarm.Properties.AlarmActions).toEqual([{ Ref: topicId }]);
  });

  it('consumes queues and the table stream with partial batch responses, except the platform counters (a batch again from its first record)', () => {
    const mappings = ofType('AWS::Lambda::EventSourceMapping');
    expect(mappings.length).toBe(12);
    const counters = mappingOf('functions/handlers/transaction-counters.ts');
    for (const [id, m] of mappings) if (id !== counters[0]) expect(m.Properties.FunctionResponseTypes).toEqual(['ReportBatchItemFailures']);
    expect(counters[1].Properties.FunctionResponseTypes).toBeUndefined();
  });

  it('routes bus events by detail type and runs the sweeper on a schedule', () => {
    for (const detailType of [EVENT_TYPES.emailRequested, EVENT_TYPES.transactionSettled]) {
      template.hasResourceProperties('AWS::Events::Rule', {
        EventPattern: { source: [EVENT_SOURCE], 'detail-type': [detailType] },
      });
    }
    template.hasResourceProperties('AWS::Events::Rule', { ScheduleExpression: 'rate(1 minute)' });
  });

  it('the transaction outbox is the table stream: new and old images, read from the start, transaction records only, retried then described on a failure queue', () => {
    const [tableId, table] = ofType('AWS::DynamoDB::Table')[0]!;
    expect(table.Properties.StreamSpecification).toEqual({ StreamViewType: 'NEW_AND_OLD_IMAGES' });
    const streamMappings = ofType('AWS::Lambda::EventSourceMapping').filter(([, m]) => m.Properties.EventSourceArn?.['Fn::GetAtt']?.[1] === 'StreamArn');
    // The outbox and the platform counters.
    expect(streamMappings).toHaveLength(2);
    const [, mapping] = mappingOf('functions/handlers/transaction-stream.ts');
    expect(mapping.Properties).toMatchObject({
      EventSourceArn: { 'Fn::GetAtt': [tableId, 'StreamArn'] },
      StartingPosition: 'TRIM_HORIZON',
      BisectBatchOnFunctionError: true,
      MaximumRetryAttempts: 10,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
    });
    expect(JSON.parse(mapping.Properties.FilterCriteria.Filters[0].Pattern)).toEqual({
      eventName: ['INSERT', 'MODIFY'],
      dynamodb: { Keys: { pk: { S: [{ prefix: PARTITION_PREFIXES.transaction }] }, sk: { S: ['TXN'] } } },
    });
    const consumer = 'functions/handlers/transaction-stream.ts';
    expect(actionsOf(consumer)).toEqual(expect.arrayContaining(['dynamodb:GetRecords', 'sqs:SendMessage', 'events:PutEvents']));
    // Its one table write: refreshing the buyer's contacts (USER# items).
    const writes = statementsOf(consumer).filter((st: any) => [st.Action].flat().some((a: string) => WRITE_ACTIONS.includes(a)));
    expect(writes).toEqual([
      expect.objectContaining({
        Action: 'dynamodb:UpdateItem',
        // …and only a contact's attributes there, never the wallet's or the profile's (infra/stack/access.ts).
        Condition: {
          'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [`${PARTITION_PREFIXES.user}*`] },
          'ForAllValues:StringEquals': { 'dynamodb:Attributes': expect.not.arrayContaining(['balanceKobo']) },
        },
      }),
    ]);
  });

  it("the platform counters are summed from the same stream: records only, one batch per shard at a time, retried whole from its first record, writing only counters, their marks and the money desk's books of supplier calls", () => {
    const [tableId] = ofType('AWS::DynamoDB::Table')[0]!;
    const [, mapping] = mappingOf('functions/handlers/transaction-counters.ts');
    expect(mapping.Properties).toMatchObject({
      EventSourceArn: { 'Fn::GetAtt': [tableId, 'StreamArn'] },
      StartingPosition: 'TRIM_HORIZON',
      BisectBatchOnFunctionError: false,
      ParallelizationFactor: 1,
      MaximumRetryAttempts: 10,
      MaximumBatchingWindowInSeconds: PLATFORM_COUNTERS_BATCHING_WINDOW_SECONDS,
      BatchSize: PLATFORM_COUNTERS_BATCH_SIZE,
    });
    expect(mapping.Properties.DestinationConfig.OnFailure.Destination).toBeDefined();
    expect(JSON.parse(mapping.Properties.FilterCriteria.Filters[0].Pattern)).toEqual({
      eventName: ['INSERT', 'MODIFY'],
      dynamodb: { Keys: { pk: { S: [{ prefix: PARTITION_PREFIXES.transaction }] }, sk: { S: ['TXN'] } } },
    });
    const consumer = 'functions/handlers/transaction-counters.ts';
    // It announces nothing (its one queue is its own on-failure destination).
    expect(actionsOf(consumer)).not.toContain('events:PutEvents');
    const writes = statementsOf(consumer).filter((st: any) => [st.Action].flat().some((a: string) => WRITE_ACTIONS.includes(a)));
    const grants = writes.map((st: any) => [st.Action, st.Condition['ForAllValues:StringLike']['dynamodb:LeadingKeys']]);
    expect(grants).toEqual([
      // A user's own listing counters, in the user's partition (their attribute names only: tests/infra/access.test.ts).
      ['dynamodb:UpdateItem', [`${PARTITION_PREFIXES.user}*`]],
      ['dynamodb:UpdateItem', [`${PARTITION_PREFIXES.transaction}*`]],
      ['dynamodb:UpdateItem', [`${PARTITION_PREFIXES.stats}*`]],
      ['dynamodb:PutItem', [`${PARTITION_PREFIXES.countedBatch}*`]],
      // The money desk's submissions, put a batch at a time beside the once-only writes (decision 137), and its
      // observed floats in them (decision 135); their attribute names only.
      ['dynamodb:BatchWriteItem', [`${PARTITION_PREFIXES.reconciliation}*`]],
      ['dynamodb:UpdateItem', [`${PARTITION_PREFIXES.float}*`]],
    ]);
  });

  it('grants least privilege: the listing function cannot write, only the transaction stream and the sweeper enqueue fulfilment, and nothing that settles money publishes', () => {
    const listing = actionsOf('functions/handlers/http/transactions.ts');
    expect(listing).toContain('dynamodb:Query');
    expect(writesBeyondRateCounter('functions/handlers/http/transactions.ts')).toEqual([]);
    // Its one write: the API-key rate counter, UpdateItem only, APIKEYRATE# items only.
    expect(statementsOf('functions/handlers/http/transactions.ts').filter(isRateCounterGrant)).toEqual([
      expect.objectContaining({ Action: 'dynamodb:UpdateItem' }),
    ]);
    expect(actionsOf('functions/handlers/transaction-stream.ts')).toContain('sqs:SendMessage');
    expect(actionsOf('functions/handlers/sweeper.ts')).toContain('sqs:SendMessage');
    for (const entry of ['functions/handlers/http/purchases.ts', 'functions/handlers/http/refunds.ts'])
      expect(actionsOf(entry)).not.toContain('sqs:SendMessage');
    for (const entry of ['fulfilment', 'payouts', 'payout-sweeper', 'provider-events', 'http/withdrawals'].map((name) => `functions/handlers/${name}.ts`)) {
      expect(actionsOf(entry)).not.toContain('events:PutEvents');
    }
    expect(actionsOf('functions/handlers/http/accounts.ts')).not.toContain('sqs:SendMessage');
    expect(actionsOf('functions/handlers/mailer.ts')).not.toContain('dynamodb:Query');
    // The mailer writes only its log of mails sent (MAIL#), with the one UpdateItem that claims or marks a mail.
    const mailerTable = statementsOf('functions/handlers/mailer.ts').filter((st: any) => [st.Action].flat().some((a: string) => a.startsWith('dynamodb:')));
    expect(mailerTable).toEqual([
      expect.objectContaining({
        Action: 'dynamodb:UpdateItem',
        Condition: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [`${PARTITION_PREFIXES.mailDelivery}*`] } },
      }),
    ]);
  });

  it('lets the catalogue and admin-settings services write only their own partition and contacts only USER# items; purchases write the table; none of them publish or enqueue', () => {
    for (const [entry, partition] of [
      ['functions/handlers/http/catalogue.ts', CONFIG_PARTITIONS.catalogue],
      ['functions/handlers/http/admin.ts', CONFIG_PARTITIONS.settings],
    ] as const) {
      const statements = statementsOf(entry);
      expect(actionsOf(entry)).toContain('dynamodb:Query');
      const writing = writesBeyondRateCounter(entry);
      expect(writing.length).toBeGreaterThan(0);
      expect(statements.filter(isRateCounterGrant)).toHaveLength(1);
      // Admin settings also put users' acknowledgements of the notice: PutItem under NOTICEACK# only (issue 21).
      const noticeAcks = (statement: any) =>
        JSON.stringify(statement.Condition) === JSON.stringify({ 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [`${PARTITION_PREFIXES.noticeAck}*`] } });
      expect(writing.filter(noticeAcks).map((statement: any) => [statement.Action].flat())).toEqual(entry.endsWith('admin.ts') ? [['dynamodb:PutItem']] : []);
      for (const statement of writing.filter((st: any) => !noticeAcks(st))) {
        expect(statement.Condition).toEqual({ 'ForAllValues:StringEquals': { 'dynamodb:LeadingKeys': [partition] } });
      }
      expect(actionsOf(entry)).not.toContain('sqs:SendMessage');
      expect(actionsOf(entry)).not.toContain('events:PutEvents');
    }
    // Rejection: an unconditioned write grant (what grantReadWriteData gives) is not there.
    const unconditioned = statementsOf('functions/handlers/http/catalogue.ts').filter(
      (st: any) => !st.Condition && [st.Action].flat().some((a: string) => WRITE_ACTIONS.includes(a)),
    );
    expect(unconditioned).toEqual([]);
    expect(actionsOf('functions/handlers/http/contacts.ts')).toEqual(expect.arrayContaining(['dynamodb:Query', 'dynamodb:PutItem', 'dynamodb:DeleteItem']));
    expect(actionsOf('functions/handlers/http/contacts.ts')).not.toContain('sqs:SendMessage');
    // Contacts write only USER# items (their owner's partition), never the catalogue, transactions or coupons.
    const contactWrites = writesBeyondRateCounter('functions/handlers/http/contacts.ts');
    expect(contactWrites.length).toBeGreaterThan(0);
    for (const statement of contactWrites) {
      expect(statement.Condition['ForAllValues:StringLike']).toEqual({ 'dynamodb:LeadingKeys': [`${PARTITION_PREFIXES.user}*`] });
      // …and only a contact's attributes (and the profile's set of contact numbers): never the wallet's balance or the admin flag.
      expect(statement.Condition['ForAllValues:StringEquals']['dynamodb:Attributes']).toEqual(expect.arrayContaining(['contactName', 'contactNumbers']));
      expect(statement.Condition['ForAllValues:StringEquals']['dynamodb:Attributes']).toEqual(
        expect.not.arrayContaining(['balanceKobo', 'isAdmin', 'passwordHash']),
      );
    }
    expect(actionsOf('functions/handlers/http/purchases.ts')).toEqual(expect.arrayContaining(['dynamodb:BatchGetItem', 'dynamodb:UpdateItem']));
    // The reserved-accounts consumer (issue 21): reads, and updates only USER# items, and there only the profile's accounts.
    const reservedWrites = writesBeyondRateCounter('functions/handlers/reserved-accounts.ts');
    expect(reservedWrites.map((statement: any) => [statement.Action].flat())).toEqual([['dynamodb:UpdateItem']]);
    expect(reservedWrites[0].Condition).toEqual({
      'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [`${PARTITION_PREFIXES.user}*`] },
      'ForAllValues:StringEquals': { 'dynamodb:Attributes': ['pk', 'sk', 'accountNumbers', 'accountsReservedAt'] },
    });
  });

  it("an operator's refund writes only what its write touches (OPERATOR_REFUND_WRITES: USER#, TXN#; not the running figures under STATS, which the stream sums), and neither enqueues nor publishes (the stream announces it)", () => {
    const entry = 'functions/handlers/http/refunds.ts';
    // Besides the edge's API-key rate counter (checked for every function above) and the audit grant.
    const writing = statementsOf(entry)
      .filter((st: any) => [st.Action].flat().some((a: string) => WRITE_ACTIONS.includes(a)))
      .filter((st: any) => !isRateCounterGrant(st) && !isAuditGrant(st));
    expect(writing.map((st: any) => ({ condition: st.Condition, actions: [st.Action].flat().sort() }))).toEqual(
      OPERATOR_REFUND_WRITES.map(({ prefix, actions }) => ({
        condition: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [`${prefix}*`] } },
        actions: [...actions].sort(),
      })),
    );
    expect(OPERATOR_REFUND_WRITES.map(({ prefix }) => prefix)).not.toContain(PARTITION_PREFIXES.stats);
    const actions = actionsOf(entry);
    expect(actions).toEqual(expect.arrayContaining(['dynamodb:GetItem']));
    for (const forbidden of ['dynamodb:DeleteItem', 'dynamodb:BatchWriteItem', 'events:PutEvents', 'sqs:SendMessage']) expect(actions).not.toContain(forbidden);
  });

  it("an admin's mailing: the request reads and queues one job, never mails or publishes; the consumer reads users, publishes mails and queues pages, never writes the table", () => {
    const request = 'functions/handlers/http/mailings.ts';
    expect(writesBeyondRateCounter(request)).toEqual([]);
    expect(actionsOf(request)).toEqual(expect.arrayContaining(['dynamodb:GetItem', 'dynamodb:Query', 'sqs:SendMessage']));
    for (const forbidden of ['events:PutEvents', 'ses:SendEmail']) expect(actionsOf(request)).not.toContain(forbidden);
    const consumer = 'functions/handlers/mailings.ts';
    expect(statementsOf(consumer).filter((st: any) => [st.Action].flat().some((a: string) => WRITE_ACTIONS.includes(a)))).toEqual([]);
    expect(actionsOf(consumer)).toEqual(expect.arrayContaining(['dynamodb:Query', 'events:PutEvents', 'sqs:SendMessage', 'sqs:ReceiveMessage']));
    expect(actionsOf(consumer)).not.toContain('ses:SendEmail');
  });

  it('lets exactly the functions serving operator actions append to the audit log: PutItem on AUDIT# items, never an update or delete', () => {
    const entryOf = (service: string) => `functions/handlers/http/${service}.ts`;
    const auditing = new Set(ROUTES.filter(isOperatorAction).map((route) => route.service));
    expect([...auditing]).toEqual(expect.arrayContaining(['admin', 'catalogue', 'refunds', 'profile', 'accounts']));
    for (const service of new Set(ROUTES.map((route) => route.service))) {
      const grants = statementsOf(entryOf(service)).filter(isAuditGrant);
      if (auditing.has(service)) expect(grants).toEqual([expect.objectContaining({ Action: 'dynamodb:PutItem' })]);
      // Rejection: a function with no operator action (the listing, purchases, contacts …) may not write the log.
      else expect(grants).toEqual([]);
    }
  });

  it('keeps secrets out of the template: the signing key is a generated secret, supplier tokens live in SSM', () => {
    template.hasResourceProperties('AWS::SecretsManager::Secret', { GenerateSecretString: Match.anyValue() });
    const env = JSON.stringify(ofType('AWS::Lambda::Function').map(([, f]) => f.Properties.Environment ?? {}));
    expect(env).not.toMatch(/JWT_SECRET"/);
    expect(env).not.toMatch(/SUPPLIER_TOKENS/);
    expect(actionsOf('functions/handlers/fulfilment.ts')).toContain('ssm:GetParameter');
  });

  it('serves the web app from a private bucket through CloudFront, with deep links and /api/* on the same origin', () => {
    template.hasResourceProperties('AWS::S3::Bucket', {
      PublicAccessBlockConfiguration: { BlockPublicAcls: true, BlockPublicPolicy: true, IgnorePublicAcls: true, RestrictPublicBuckets: true },
    });
    template.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        DefaultRootObject: 'index.html',
        CacheBehaviors: [Match.objectLike({ PathPattern: '/api/*', AllowedMethods: Match.arrayWith(['PATCH', 'POST', 'DELETE']) })],
        DefaultCacheBehavior: Match.objectLike({ FunctionAssociations: [Match.objectLike({ EventType: 'viewer-request' })] }),
      }),
    });
    const [, fn] = ofType('AWS::CloudFront::Function')[0]!;
    expect(fn.Properties.FunctionCode).toContain('/index.html');
  });

  it('compresses the web app and caches hashed assets for a year (immutable) and everything else with revalidation, like the local web server', () => {
    template.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({ DefaultCacheBehavior: Match.objectLike({ Compress: true }) }),
    });
    const deployments = ofType('Custom::CDKBucketDeployment').map(([, r]) => r.Properties);
    // The deployments exist only once web/dist is built (the stack warns otherwise).
    if (!existsSync('web/dist/index.html')) return expect(deployments).toEqual([]);
    const assets = deployments.find((d) => JSON.stringify(d.Include) === '["assets/*"]');
    const entryFiles = deployments.find((d) => JSON.stringify(d.Exclude) === '["assets/*"]');
    expect(assets?.SystemMetadata).toEqual({ 'cache-control': 'public, max-age=31536000, immutable' });
    expect(entryFiles?.SystemMetadata).toEqual({ 'cache-control': 'no-cache' });
    // Only the files that name the build need invalidating; a hashed asset's URL is new with its content.
    expect(assets?.DistributionId).toBeUndefined();
    expect(entryFiles?.DistributionId).toBeDefined();
  });

  it('the CloudFront viewer-request function sends every path to index.html except built assets and the top-level files of the build', () => {
    const [, fn] = ofType('AWS::CloudFront::Function')[0]!;
    // Evaluate the function code as CloudFront would: a global `handler(event)` returning the request.
    const handler = new Function(`${fn.Properties.FunctionCode}; return handler;`)() as (event: { request: { uri: string } }) => { uri: string };
    const rewritten = (uri: string) => handler({ request: { uri } }).uri;
    for (const route of ['/', '/login', '/profile/buyAirtime', '/register/ada.lovelace', '/register/a.b.c', '/profile/x.json', '/robots.txt.bak']) {
      expect(rewritten(route), route).toBe('/index.html');
    }
    for (const file of ['/index.html', '/favicon.svg', '/assets/index-B4x9_kQ2.js', '/assets/index-Cx1.css']) {
      expect(rewritten(file), file).toBe(file);
    }
  });
});

describe('webhooks to API users', () => {
  it('the delivery function writes only USER# items (its delivery log), may delay its own messages (backoff on), and gets WEBHOOK_MAX_ATTEMPTS deliveries before the DLQ', () => {
    const entry = 'functions/handlers/webhook-delivery.ts';
    expect(writesBeyondRateCounter(entry)).toEqual([
      expect.objectContaining({
        Action: ['dynamodb:PutItem', 'dynamodb:UpdateItem'],
        // …and only the log's attributes there, never the wallet's or the profile's (infra/stack/access.ts).
        Condition: {
          'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [`${PARTITION_PREFIXES.user}*`] },
          'ForAllValues:StringEquals': { 'dynamodb:Attributes': expect.arrayContaining(['webhookId']) },
        },
      }),
    ]);
    expect(actionsOf(entry)).toContain('sqs:ChangeMessageVisibility');
    const [, fn] = ofType('AWS::Lambda::Function').find(([, r]) => r.Metadata?.[LOCAL_METADATA.entry] === entry)!;
    expect(fn.Properties.Environment.Variables.WEBHOOK_RETRY_BACKOFF).toBe('true');
    const [, mapping] = ofType('AWS::Lambda::EventSourceMapping').find(
      ([, m]) => m.Properties.FunctionName.Ref === ofType('AWS::Lambda::Function').find(([, r]) => r === fn)![0],
    )!;
    const [, queue] = ofType('AWS::SQS::Queue').find(([id]) => id === mapping.Properties.EventSourceArn['Fn::GetAtt'][0])!;
    expect(queue.Properties.RedrivePolicy.maxReceiveCount).toBe(WEBHOOK_MAX_ATTEMPTS);
  });
});

describe('money in and out', () => {
  const ssmParameters = (entry: string) =>
    statementsOf(entry)
      .filter((s: any) => [s.Action].flat().includes('ssm:GetParameter'))
      .flatMap((s: any) => [s.Resource].flat())
      .map((r: any) => JSON.stringify(r));

  it('the public webhook receiver may only write WEBHOOK# items and queue them: no reads, no other writes, no bus', () => {
    const entry = 'functions/handlers/http/webhooks.ts';
    const statements = statementsOf(entry);
    const dynamo = statements.filter((s: any) => [s.Action].flat().some((a: string) => a.startsWith('dynamodb:')));
    expect(dynamo).toHaveLength(1);
    expect([dynamo[0].Action].flat()).toEqual(['dynamodb:UpdateItem']);
    expect(dynamo[0].Condition).toEqual({ 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['WEBHOOK#*'] } });
    const actions = actionsOf(entry);
    expect(actions).toContain('sqs:SendMessage');
    for (const forbidden of ['dynamodb:GetItem', 'dynamodb:Query', 'dynamodb:PutItem', 'events:PutEvents']) expect(actions).not.toContain(forbidden);
  });

  it('each function reads only the provider secrets it uses, from SSM; none are in the template', () => {
    const webhooks = ssmParameters('functions/handlers/http/webhooks.ts').join(' ');
    expect(webhooks).toMatch(/squad\/secretKey/);
    expect(webhooks).toMatch(/monnify\/secretKey/);
    expect(webhooks).toMatch(/paystack\/secretKey/);
    expect(webhooks).not.toMatch(/identity|monnify\/apiKey/);
    expect(ssmParameters('functions/handlers/http/profile.ts').join(' ')).toMatch(/identity\/apiKey/);
    expect(ssmParameters('functions/handlers/http/profile.ts').join(' ')).not.toMatch(/squad|paystack|monnify/);
    expect(ssmParameters('functions/handlers/http/withdrawals.ts').join(' ')).not.toMatch(/squad|monnify|identity/);
    expect(ssmParameters('functions/handlers/http/transfers.ts')).toEqual([]);
    expect(ssmParameters('functions/handlers/http/earnings.ts')).toEqual([]);
    expect(ssmParameters('functions/handlers/payouts.ts').join(' ')).not.toMatch(/squad|monnify|identity/);
    const env = JSON.stringify(ofType('AWS::Lambda::Function').map(([, f]) => f.Properties.Environment ?? {}));
    expect(env).not.toMatch(/PROVIDER_SECRETS/);
    expect(env).not.toMatch(/ALLOW_LOOPBACK_WEBHOOKS/);
    expect(env).toMatch(/PROVIDERS_CONFIG/);
  });

  it('hands work off: withdrawals to the payout queue (through the table stream), webhooks to the provider-events queue, UserUpgraded to the referral-rewards queue; a schedule re-queries open withdrawals', () => {
    expect(actionsOf('functions/handlers/http/withdrawals.ts')).not.toContain('sqs:SendMessage');
    const streamEnv = ofType('AWS::Lambda::Function').find(([, f]) => f.Metadata?.['vtu:entry'] === 'functions/handlers/transaction-stream.ts')![1].Properties
      .Environment.Variables;
    expect(Object.keys(streamEnv)).toEqual(expect.arrayContaining(['FULFILMENT_QUEUE_URL', 'PAYOUT_QUEUE_URL']));
    expect(actionsOf('functions/handlers/http/profile.ts')).toContain('events:PutEvents');
    for (const entry of ['functions/handlers/http/transfers.ts', 'functions/handlers/http/earnings.ts', 'functions/handlers/http/funding.ts']) {
      expect(actionsOf(entry)).not.toContain('sqs:SendMessage');
      expect(actionsOf(entry)).not.toContain('events:PutEvents');
    }
    template.hasResourceProperties('AWS::Events::Rule', { EventPattern: { source: [EVENT_SOURCE], 'detail-type': [EVENT_TYPES.userUpgraded] } });
    const consumers = ofType('AWS::Lambda::EventSourceMapping').map(([, m]) => m.Properties.FunctionName.Ref as string);
    template.hasResourceProperties('AWS::Events::Rule', { ScheduleExpression: 'rate(5 minutes)' });
    expect(ssmParameters('functions/handlers/payout-sweeper.ts').join(' ')).toMatch(/paystack\/secretKey/);
    expect(ssmParameters('functions/handlers/payout-sweeper.ts').join(' ')).not.toMatch(/squad|monnify|identity/);
    for (const entry of ['functions/handlers/provider-events.ts', 'functions/handlers/payouts.ts', 'functions/handlers/referral-rewards.ts']) {
      const [id] = ofType('AWS::Lambda::Function').find(([, r]) => r.Metadata?.[LOCAL_METADATA.entry] === entry)!;
      expect(consumers).toContain(id);
    }
  });
});
