/**
 * Rule: `-c deployTarget=localstack` synthesizes the same stack for LocalStack's free community tier:
 * only resource types of the documented community list (infra/stack/localstack-community.ts), every route
 * of the shared route table on a REST API (v1) with the same per-service function, the web app as an
 * S3 website, no CloudFront and no HTTP API (v2), and everything else identical to the AWS stack.
 */
import { templateOnlyApp } from '../../infra/stack/synth-app.js';
import { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { HTTP_FUNCTIONS, LOCAL_METADATA } from '../../infra/stack/functions.js';
import { LOCALSTACK_COMMUNITY_RESOURCE_TYPES, LOCALSTACK_PAID_TYPE_PREFIXES } from '../../infra/stack/localstack-community.js';
import { PlatformStack } from '../../infra/stack/stack.js';
import { ENV } from '../../shared/runtime-env.js';
import { ROUTES, routeKey } from '../../shared/routes.js';

type Resource = { Type: string; Properties: Record<string, any>; Metadata?: Record<string, any> };
type Synthesized = { Resources: Record<string, Resource>; Outputs: Record<string, { Value: unknown }> };

function synth(context: Record<string, unknown>): Synthesized {
  const app = templateOnlyApp({ context });
  return Template.fromStack(new PlatformStack(app, 'VtuPlatform')).toJSON() as Synthesized;
}

let variant: Synthesized;
let aws: Synthesized;
const ofType = (template: Synthesized, type: string) => Object.entries(template.Resources).filter(([, r]) => r.Type === type);
const refOf = (value: any): string | undefined => value?.Ref ?? value?.['Fn::GetAtt']?.[0];

beforeAll(() => {
  // With an alarm e-mail, so the optional subscription is checked against the list too.
  variant = synth({ deployTarget: 'localstack', alarmEmail: 'ops@example.com' });
  aws = synth({ alarmEmail: 'ops@example.com' });
});

describe('the LocalStack community variant', () => {
  it('uses only resource types of the documented community list', () => {
    const types = new Set(Object.values(variant.Resources).map((r) => r.Type));
    const outside = [...types].filter((type) => !(LOCALSTACK_COMMUNITY_RESOURCE_TYPES as readonly string[]).includes(type));
    expect(outside).toEqual([]);
    expect(types).toContain('AWS::SNS::Subscription');
  });

  it('has no CloudFront, no HTTP API (v2) and no other paid-tier resource; the AWS stack has them (rejection: the list check would catch them)', () => {
    const paid = (template: Synthesized) =>
      Object.values(template.Resources).filter((r) => LOCALSTACK_PAID_TYPE_PREFIXES.some((prefix) => r.Type.startsWith(prefix)));
    expect(paid(variant)).toEqual([]);
    const awsPaid = new Set(paid(aws).map((r) => r.Type));
    expect(awsPaid).toContain('AWS::ApiGatewayV2::Api');
    expect(awsPaid).toContain('AWS::CloudFront::Distribution');
    for (const type of awsPaid) expect(LOCALSTACK_COMMUNITY_RESOURCE_TYPES as readonly string[]).not.toContain(type);
  });

  it('reaches every route of the shared route table on the REST API, each with a Lambda proxy integration of its service function', () => {
    const [[apiId]] = ofType(variant, 'AWS::ApiGateway::RestApi') as [[string, Resource]];
    const resources = variant.Resources;
    const pathOf = (resourceId: string | undefined): string => {
      if (resourceId === apiId) return '';
      const resource = resources[resourceId!]!;
      expect(resource.Type).toBe('AWS::ApiGateway::Resource');
      return `${pathOf(refOf(resource.Properties.ParentId))}/${resource.Properties.PathPart}`;
    };
    const methods = ofType(variant, 'AWS::ApiGateway::Method').map(([, m]) => ({
      key: `${m.Properties.HttpMethod} ${pathOf(refOf(m.Properties.ResourceId))}`,
      integration: m.Properties.Integration,
    }));
    expect(methods.map((m) => m.key).sort()).toEqual(ROUTES.map(routeKey).sort());
    for (const route of ROUTES) {
      const { integration } = methods.find((m) => m.key === routeKey(route))!;
      expect(integration).toMatchObject({ Type: 'AWS_PROXY', IntegrationHttpMethod: 'POST' });
      const functionId = JSON.stringify(integration.Uri).match(/"Fn::GetAtt":\["([^"]+)","Arn"\]/)![1]!;
      expect(resources[functionId]!.Metadata?.[LOCAL_METADATA.entry], routeKey(route)).toBe(HTTP_FUNCTIONS[route.service].entry);
    }
  });

  it('lets the REST API, and only it, invoke each service function', () => {
    const [[apiId]] = ofType(variant, 'AWS::ApiGateway::RestApi') as [[string, Resource]];
    const invokers = ofType(variant, 'AWS::Lambda::Permission').filter(([, p]) => p.Properties.Principal === 'apigateway.amazonaws.com');
    expect(invokers).toHaveLength(Object.keys(HTTP_FUNCTIONS).length);
    for (const [, permission] of invokers) expect(JSON.stringify(permission.Properties.SourceArn)).toContain(`{"Ref":"${apiId}"}`);
  });

  it('throttles the stage as the HTTP API does and keeps the same JSON access log fields (routeKey spelled out)', () => {
    const [[, stage]] = ofType(variant, 'AWS::ApiGateway::Stage') as [[string, Resource]];
    expect(stage.Properties.MethodSettings).toEqual([
      expect.objectContaining({ HttpMethod: '*', ResourcePath: '/*', ThrottlingRateLimit: 200, ThrottlingBurstLimit: 400 }),
    ]);
    const format = JSON.parse(stage.Properties.AccessLogSetting.Format);
    expect(format).toMatchObject({ routeKey: '$context.httpMethod $context.resourcePath', responseLatency: '$context.responseLatency' });
    const group = variant.Resources[refOf(stage.Properties.AccessLogSetting.DestinationArn)!]!;
    expect(group.Properties.RetentionInDays).toBe(30);
  });

  it('serves the web app from an S3 website, deep links falling back to index.html, and names the API, web and bucket in its outputs', () => {
    const [[bucketId, bucket]] = ofType(variant, 'AWS::S3::Bucket') as [[string, Resource]];
    expect(bucket.Properties.WebsiteConfiguration).toEqual({ IndexDocument: 'index.html', ErrorDocument: 'index.html' });
    const [[, policy]] = ofType(variant, 'AWS::S3::BucketPolicy') as [[string, Resource]];
    expect(policy.Properties.PolicyDocument.Statement).toContainEqual(
      expect.objectContaining({ Effect: 'Allow', Action: 's3:GetObject', Principal: { AWS: '*' } }),
    );
    expect(variant.Outputs.WebUrl!.Value).toEqual({ 'Fn::GetAtt': [bucketId, 'WebsiteURL'] });
    expect(variant.Outputs.WebBucketName!.Value).toEqual({ Ref: bucketId });
    expect(JSON.stringify(variant.Outputs.ApiEndpoint!.Value)).toContain('execute-api');
  });

  it('keeps the alarms (the 5xx one on the REST API) and drops only the dashboard, which community CloudFormation cannot make', () => {
    expect(ofType(variant, 'AWS::CloudWatch::Dashboard')).toEqual([]);
    expect(ofType(aws, 'AWS::CloudWatch::Dashboard')).toHaveLength(1);
    expect(
      ofType(variant, 'AWS::CloudWatch::Alarm')
        .map(([id]) => id)
        .sort(),
    ).toEqual(
      ofType(aws, 'AWS::CloudWatch::Alarm')
        .map(([id]) => id)
        .sort(),
    );
    const [, api5xx] = ofType(variant, 'AWS::CloudWatch::Alarm').find(([id]) => id.includes('Api5xxAlarm'))!;
    expect(api5xx.Properties).toMatchObject({ Namespace: 'AWS/ApiGateway', MetricName: '5XXError', Threshold: 0 });
  });

  it('is otherwise the AWS stack: the same table, queues, functions, grants, rules, topic and alarms, resource for resource', () => {
    const sameTypes = [
      'AWS::DynamoDB::Table',
      'AWS::SQS::Queue',
      'AWS::SQS::QueuePolicy',
      'AWS::Lambda::Function',
      'AWS::Lambda::EventSourceMapping',
      'AWS::Events::EventBus',
      'AWS::Events::Rule',
      'AWS::SecretsManager::Secret',
      'AWS::SNS::Topic',
      'AWS::SNS::Subscription',
      'AWS::IAM::Policy',
      'AWS::CloudWatch::Alarm',
    ];
    // Only the API's own pieces differ (its access log and its 5xx alarm), and the AWS stack's upload of a built
    // web app (CDK's BucketDeployment, present when web/dist exists), which the variant leaves to `awslocal s3 sync`.
    const differs = (id: string) => id.includes('Api5xxAlarm') || id.includes('ApiAccessLogs') || id.startsWith('CustomCDKBucketDeployment');
    // …and the origin secret CloudFront sends (the variant has no CloudFront): the secret, its ARN in the HTTP
    // functions' environment and their grant to read it.
    const withoutOriginSecret = (id: string, resource: any) => {
      const r = JSON.parse(JSON.stringify(resource));
      if (r.Type === 'AWS::Lambda::Function') delete r.Properties.Environment?.Variables?.[ENV.originSecretArn];
      if (r.Type === 'AWS::IAM::Policy') {
        r.Properties.PolicyDocument.Statement = r.Properties.PolicyDocument.Statement.filter(
          (st: any) => !JSON.stringify(st.Resource).includes('"OriginSecret'),
        );
      }
      return [id, r];
    };
    const core = (template: Synthesized) =>
      Object.fromEntries(
        Object.entries(template.Resources)
          .filter(([id, r]) => sameTypes.includes(r.Type) && !differs(id) && !id.startsWith('OriginSecret'))
          .map(([id, r]) => withoutOriginSecret(id, r)),
      );
    const awsCore = core(aws);
    expect(Object.keys(awsCore).length).toBeGreaterThan(100);
    expect(core(variant)).toEqual(awsCore);
    const functionLogs = (template: Synthesized) => ofType(template, 'AWS::Logs::LogGroup').filter(([id]) => !differs(id));
    expect(functionLogs(variant)).toEqual(functionLogs(aws));
  });
});

describe('the deploy target switch', () => {
  it('defaults to the AWS stack: HTTP API and CloudFront, no REST API', () => {
    const types = new Set(Object.values(aws.Resources).map((r) => r.Type));
    expect(types).toContain('AWS::ApiGatewayV2::Route');
    expect(types).toContain('AWS::CloudFront::Distribution');
    expect([...types].filter((type) => type.startsWith('AWS::ApiGateway::'))).toEqual([]);
  });

  it('refuses an unknown target rather than quietly deploying one of the two', () => {
    expect(() => synth({ deployTarget: 'localstak' })).toThrow(/unknown deployTarget "localstak"/);
  });
});
