/** A small hand-made template in the shapes CDK synthesizes for the platform stack (tables, queues, bus, API, rules). */
import type { CfnTemplate } from '../../../infra/local/runtime/template.js';

export const fixtureTemplate: CfnTemplate = {
  Resources: {
    Table1: {
      Type: 'AWS::DynamoDB::Table',
      Properties: {
        KeySchema: [
          { AttributeName: 'pk', KeyType: 'HASH' },
          { AttributeName: 'sk', KeyType: 'RANGE' },
        ],
        AttributeDefinitions: [
          { AttributeName: 'pk', AttributeType: 'S' },
          { AttributeName: 'sk', AttributeType: 'S' },
          { AttributeName: 'gsi1pk', AttributeType: 'S' },
          { AttributeName: 'gsi1sk', AttributeType: 'S' },
        ],
        GlobalSecondaryIndexes: [
          {
            IndexName: 'byUserCreatedAt',
            KeySchema: [
              { AttributeName: 'gsi1pk', KeyType: 'HASH' },
              { AttributeName: 'gsi1sk', KeyType: 'RANGE' },
            ],
            Projection: { ProjectionType: 'ALL' },
          },
        ],
        BillingMode: 'PAY_PER_REQUEST',
        TimeToLiveSpecification: { AttributeName: 'expiresAt', Enabled: true },
      },
    },
    Bus1: { Type: 'AWS::Events::EventBus', Properties: { Name: 'VtuPlatform-bus' } },
    Secret1: { Type: 'AWS::SecretsManager::Secret', Properties: {} },
    WorkDlq: { Type: 'AWS::SQS::Queue', Properties: { MessageRetentionPeriod: 1209600 } },
    WorkQueue: {
      Type: 'AWS::SQS::Queue',
      Properties: { VisibilityTimeout: 360, RedrivePolicy: { deadLetterTargetArn: { 'Fn::GetAtt': ['WorkDlq', 'Arn'] }, maxReceiveCount: 5 } },
    },
    MailQueue: { Type: 'AWS::SQS::Queue', Properties: {} },
    ApiFn: {
      Type: 'AWS::Lambda::Function',
      Properties: {
        Timeout: 10,
        MemorySize: 1024,
        Environment: {
          Variables: {
            TABLE_NAME: { Ref: 'Table1' },
            EVENT_BUS_NAME: { Ref: 'Bus1' },
            JWT_SECRET_ARN: { Ref: 'Secret1' },
            WORK_QUEUE_URL: { Ref: 'WorkQueue' },
            NODE_OPTIONS: '--enable-source-maps',
            JOINED: { 'Fn::Join': ['-', ['a', { 'Fn::GetAtt': ['WorkQueue', 'QueueName'] }]] },
          },
        },
      },
      Metadata: { 'vtu:entry': 'functions/handlers/http/api.ts', 'vtu:handler': 'handler' },
    },
    WorkerFn: {
      Type: 'AWS::Lambda::Function',
      Properties: { Timeout: 60, Environment: { Variables: { TABLE_NAME: { Ref: 'Table1' }, WORK_QUEUE_ARN: { 'Fn::GetAtt': ['WorkQueue', 'Arn'] } } } },
      Metadata: { 'vtu:entry': 'functions/handlers/worker.ts', 'vtu:handler': 'handler' },
    },
    CronFn: {
      Type: 'AWS::Lambda::Function',
      Properties: { Timeout: 120 },
      Metadata: { 'vtu:entry': 'functions/handlers/cron.ts', 'vtu:handler': 'main' },
    },
    CdkHelperFn: { Type: 'AWS::Lambda::Function', Properties: { Handler: 'index.handler' } },
    Api: { Type: 'AWS::ApiGatewayV2::Api', Properties: {} },
    ApiIntegration: {
      Type: 'AWS::ApiGatewayV2::Integration',
      Properties: { ApiId: { Ref: 'Api' }, IntegrationType: 'AWS_PROXY', IntegrationUri: { 'Fn::GetAtt': ['ApiFn', 'Arn'] }, PayloadFormatVersion: '2.0' },
    },
    RouteLogin: {
      Type: 'AWS::ApiGatewayV2::Route',
      Properties: { ApiId: { Ref: 'Api' }, RouteKey: 'POST /api/v1/auth/login', Target: { 'Fn::Join': ['', ['integrations/', { Ref: 'ApiIntegration' }]] } },
    },
    RouteUser: {
      Type: 'AWS::ApiGatewayV2::Route',
      Properties: {
        ApiId: { Ref: 'Api' },
        RouteKey: 'GET /api/v1/auth/validateUser/{userName}',
        Target: { 'Fn::Join': ['', ['integrations/', { Ref: 'ApiIntegration' }]] },
      },
    },
    WorkerMapping: {
      Type: 'AWS::Lambda::EventSourceMapping',
      Properties: {
        BatchSize: 10,
        EventSourceArn: { 'Fn::GetAtt': ['WorkQueue', 'Arn'] },
        FunctionName: { Ref: 'WorkerFn' },
        FunctionResponseTypes: ['ReportBatchItemFailures'],
      },
    },
    CronRule: {
      Type: 'AWS::Events::Rule',
      Properties: {
        ScheduleExpression: 'rate(1 minute)',
        State: 'ENABLED',
        Targets: [{ Arn: { 'Fn::GetAtt': ['CronFn', 'Arn'] }, Id: 'Target0', RetryPolicy: { MaximumRetryAttempts: 2 } }],
      },
    },
    MailRule: {
      Type: 'AWS::Events::Rule',
      Properties: {
        EventBusName: { Ref: 'Bus1' },
        EventPattern: { source: ['vtu.platform'], 'detail-type': ['EmailRequested'] },
        State: 'ENABLED',
        Targets: [{ Arn: { 'Fn::GetAtt': ['MailQueue', 'Arn'] }, Id: 'Target0' }],
      },
    },
  },
};
