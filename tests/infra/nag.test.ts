import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type App, Stack, Validations } from 'aws-cdk-lib';
import { templateOnlyApp } from '../../infra/stack/synth-app.js';
import { Bucket } from 'aws-cdk-lib/aws-s3';
import { AwsSolutionsChecks, ServerlessChecks } from 'cdk-nag';
import { beforeAll, describe, expect, it } from 'vitest';
import { PlatformStack } from '../../infra/stack/stack.js';
import { CONTENT_SECURITY_POLICY } from '../../infra/stack/web-headers.js';
import { ROUTES, routeKey } from '../../shared/routes.js';

type Resource = { Type: string; Properties: Record<string, any>; Metadata?: Record<string, any>; DeletionPolicy?: string };
type Violation = { ruleName: string; severity: string; violatingConstructs: Array<{ constructPath: string }> };

/** Synthesizes `build(app)` with the AwsSolutions pack; returns the pack's unacknowledged findings (errors and warnings) and the templates. */
function synthWithNag(build: (app: App) => void, context: Record<string, unknown> = {}): { violations: Violation[]; failed: boolean; outdir: string } {
  const outdir = mkdtempSync(join(tmpdir(), 'vtu-nag-'));
  const app = templateOnlyApp({ outdir, context });
  build(app);
  // Both packs: AwsSolutions and the serverless one (DLQs, destinations, runtimes).
  Validations.of(app).addPlugins(
    new AwsSolutionsChecks(app, { writeSuppressionsToCloudFormation: true }),
    new ServerlessChecks(app, { writeSuppressionsToCloudFormation: true }),
  );
  let failed = false;
  try {
    app.synth();
  } catch {
    failed = true;
  }
  const report = JSON.parse(readFileSync(join(outdir, 'validation-report.json'), 'utf8'));
  return { violations: report.pluginReports.flatMap((r: { violations: Violation[] }) => r.violations), failed, outdir };
}

let platform: ReturnType<typeof synthWithNag>;
let resources: Record<string, Resource>;
const ofType = (type: string) => Object.entries(resources).filter(([, r]) => r.Type === type);
/** The acknowledgements cdk-nag wrote into a resource's metadata. */
const acknowledged = (r: Resource): Array<{ id: string; reason: string }> => r.Metadata?.cdk_nag?.rules_to_suppress ?? [];

beforeAll(() => {
  platform = synthWithNag((app) => new PlatformStack(app, 'VtuPlatform'));
  resources = JSON.parse(readFileSync(join(platform.outdir, 'VtuPlatform.template.json'), 'utf8')).Resources;
});

describe('cdk-nag: the AwsSolutions and Serverless packs on the platform stack', () => {
  it('leaves no finding unacknowledged (errors or warnings), so synthesis passes', () => {
    expect(platform.violations.map((v) => `${v.ruleName} ${v.violatingConstructs.map((c) => c.constructPath).join(',')}`)).toEqual([]);
    expect(platform.failed).toBe(false);
  });

  it('rejects what it is there to catch: a bucket that accepts plain HTTP fails synthesis', () => {
    const bare = synthWithNag((app) => new Bucket(new Stack(app, 'Bare'), 'Plain'));
    expect(bare.failed).toBe(true);
    expect(bare.violations.map((v) => v.ruleName)).toContain('AwsSolutions-S10');
  });

  it('acknowledges every route without an authorizer with the reason of its access: webhooks by signature, the rest in the handler or public', () => {
    const routes = ofType('AWS::ApiGatewayV2::Route');
    expect(routes).toHaveLength(ROUTES.length);
    for (const [, route] of routes) {
      const def = ROUTES.find((r) => routeKey(r) === route.Properties.RouteKey)!;
      const [ack] = acknowledged(route).filter((a) => a.id === 'AwsSolutions-APIG4');
      const expected = def.service === 'webhooks' ? /signature/ : def.access === 'public' ? /Public by design/ : /x-auth-token/;
      expect(ack?.reason, route.Properties.RouteKey).toMatch(expected);
    }
  });

  it('leaves no finding unacknowledged on the LocalStack community variant either (REST API, S3 website), each with a written reason', () => {
    const variant = synthWithNag((app) => new PlatformStack(app, 'VtuPlatform'), { deployTarget: 'localstack' });
    expect(variant.violations.map((v) => `${v.ruleName} ${v.violatingConstructs.map((c) => c.constructPath).join(',')}`)).toEqual([]);
    expect(variant.failed).toBe(false);
    const variantResources: Record<string, Resource> = JSON.parse(readFileSync(join(variant.outdir, 'VtuPlatform.template.json'), 'utf8')).Resources;
    const methods = Object.values(variantResources).filter((r) => r.Type === 'AWS::ApiGateway::Method');
    expect(methods).toHaveLength(ROUTES.length);
    for (const method of methods) expect(acknowledged(method).map((a) => a.id)).toEqual(expect.arrayContaining(['AwsSolutions-APIG4', 'AwsSolutions-COG4']));
    for (const ack of Object.values(variantResources).flatMap(acknowledged)) expect(ack.reason.length, ack.id).toBeGreaterThan(40);
  });

  it('keeps each acknowledgement true: the basic role is said to allow every log group, the WAF finding is fixed, not acknowledged, and only the DLQs, stream and event failure queues skip a redrive policy', () => {
    const acks = Object.values(resources).flatMap(acknowledged);
    const reasonOf = (id: string) => acks.filter((a) => a.id === id).map((a) => a.reason);
    for (const reason of reasonOf('AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]')) {
      expect(reason).toMatch(/every log group/);
      expect(reason).not.toMatch(/only lets a function write its own/);
    }
    expect(reasonOf('AwsSolutions-CFR2')).toEqual([]);
    const redriveExempt = Object.entries(resources)
      .filter(([, r]) => acknowledged(r).some((a) => a.id === 'Serverless-SQSRedrivePolicy'))
      .map(([id]) => id);
    for (const id of redriveExempt) expect(id).toMatch(/DeadLetterQueue|Failures/);
  });

  it('gives every acknowledgement a written reason', () => {
    const acks = Object.values(resources).flatMap(acknowledged);
    expect(acks.length).toBeGreaterThan(0);
    for (const ack of acks) expect(ack.reason.length, ack.id).toBeGreaterThan(40);
  });
});

describe('hardening the pack asks for', () => {
  it('retains the table on stack deletion, with point-in-time recovery', () => {
    const [[, table]] = ofType('AWS::DynamoDB::Table') as [[string, Resource]];
    expect(table.DeletionPolicy).toBe('Retain');
    expect(table.Properties.PointInTimeRecoverySpecification).toEqual({ PointInTimeRecoveryEnabled: true });
  });

  it('throttles the HTTP API by default and logs every request to a log group with retention', () => {
    const [[, stage]] = ofType('AWS::ApiGatewayV2::Stage') as [[string, Resource]];
    expect(stage.Properties.DefaultRouteSettings).toMatchObject({ ThrottlingRateLimit: 200, ThrottlingBurstLimit: 400 });
    const destination = stage.Properties.AccessLogSettings.DestinationArn['Fn::GetAtt'][0];
    expect(resources[destination]!.Type).toBe('AWS::Logs::LogGroup');
    expect(JSON.parse(stage.Properties.AccessLogSettings.Format)).toMatchObject({ routeKey: '$context.routeKey', responseLatency: '$context.responseLatency' });
  });

  it('keeps every log group for a bounded time, and every function of ours logs to its own explicit group', () => {
    const groups = ofType('AWS::Logs::LogGroup');
    expect(groups.length).toBeGreaterThan(0);
    for (const [id, group] of groups) expect(group.Properties.RetentionInDays, id).toBe(30);
    for (const [id, fn] of ofType('AWS::Lambda::Function').filter(([, f]) => f.Metadata?.['vtu:entry'])) {
      expect(resources[fn.Properties.LoggingConfig?.LogGroup?.Ref]?.Type, id).toBe('AWS::Logs::LogGroup');
    }
  });

  it('makes buckets, queues and the alarm topic refuse requests without TLS', () => {
    const denyInsecure = (statements: any[]) => statements.some((s) => s.Effect === 'Deny' && s.Condition?.Bool?.['aws:SecureTransport'] === 'false');
    for (const [type, policyType, target] of [
      ['AWS::S3::Bucket', 'AWS::S3::BucketPolicy', 'Bucket'],
      ['AWS::SQS::Queue', 'AWS::SQS::QueuePolicy', 'Queues'],
      ['AWS::SNS::Topic', 'AWS::SNS::TopicPolicy', 'Topics'],
    ] as const) {
      for (const [id] of ofType(type)) {
        const policies = ofType(policyType).filter(([, p]) => JSON.stringify(p.Properties[target]).includes(`"${id}"`));
        expect(
          policies.some(([, p]) => denyInsecure(p.Properties.PolicyDocument.Statement)),
          id,
        ).toBe(true);
      }
    }
  });

  it('adds security headers to the web app and the API: CSP, HSTS, X-Frame-Options DENY, nosniff, a referrer policy', () => {
    const [[policyId, policy]] = ofType('AWS::CloudFront::ResponseHeadersPolicy') as [[string, Resource]];
    const headers = policy.Properties.ResponseHeadersPolicyConfig.SecurityHeadersConfig;
    expect(headers).toMatchObject({
      ContentSecurityPolicy: { ContentSecurityPolicy: CONTENT_SECURITY_POLICY, Override: true },
      StrictTransportSecurity: { AccessControlMaxAgeSec: 31_536_000, IncludeSubdomains: true },
      FrameOptions: { FrameOption: 'DENY' },
      ContentTypeOptions: { Override: true },
      ReferrerPolicy: { ReferrerPolicy: 'strict-origin-when-cross-origin' },
    });
    const [[, distribution]] = ofType('AWS::CloudFront::Distribution') as [[string, Resource]];
    const config = distribution.Properties.DistributionConfig;
    for (const behaviour of [config.DefaultCacheBehavior, ...config.CacheBehaviors]) {
      expect(behaviour.ResponseHeadersPolicyId).toEqual({ Ref: policyId });
    }
  });

  it('keeps the CSP one the built app runs under: scripts only from its own files, no inline script, no eval', () => {
    expect(CONTENT_SECURITY_POLICY).toMatch(/script-src 'self'(;|$)/);
    expect(CONTENT_SECURITY_POLICY).toMatch(/connect-src 'self'/);
    expect(CONTENT_SECURITY_POLICY).toMatch(/frame-ancestors 'none'/);
    expect(CONTENT_SECURITY_POLICY).not.toMatch(/unsafe-eval|\*/);
    const built = join(import.meta.dirname, '..', '..', 'web', 'dist', 'index.html');
    const html = readFileSync(existsSync(built) ? built : join(import.meta.dirname, '..', '..', 'web', 'index.html'), 'utf8');
    const scripts = html.match(/<script\b[^>]*>/g) ?? [];
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toMatch(/\bsrc="\//);
  });
});
