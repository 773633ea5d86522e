/**
 * The edge (issue 20 item 9): CloudFront adds the origin secret to every API request, a WAF web ACL
 * (rate limit + AWS common rules) sits in front, the custom domains pin TLSv1.2_2021 and, with the
 * API's own domain, the execute-api endpoint is disabled; alarms on queue age and table throttles.
 */
import { templateOnlyApp } from '../../infra/stack/synth-app.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { platformTemplate } from '../support/stack-template.js';
import { WAF_RATE_LIMIT_PER_5_MINUTES } from '../../infra/stack/edge-waf.js';
import { LOCAL_METADATA } from '../../infra/stack/functions.js';
import { PlatformStack } from '../../infra/stack/stack.js';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import { ORIGIN_SECRET_HEADER } from '../../shared/constants.js';
import { ENV } from '../../shared/runtime-env.js';

type Resource = { Type: string; Properties: Record<string, any>; Metadata?: Record<string, any> };
const synth = (context: Record<string, unknown> = {}) => {
  const app = templateOnlyApp({ context });
  const stack = new PlatformStack(app, 'VtuPlatform');
  return app.synth().getStackByName(stack.stackName).template.Resources as Record<string, Resource>;
};
const ofType = (resources: Record<string, Resource>, type: string) => Object.entries(resources).filter(([, r]) => r.Type === type);

let plain: Record<string, Resource>;
let withDomains: Record<string, Resource>;
beforeAll(async () => {
  plain = (await platformTemplate()).Resources as Record<string, Resource>;
  withDomains = synth({
    domainName: 'app.example.ng',
    certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/web',
    apiDomainName: 'api.example.ng',
    apiCertificateArn: 'arn:aws:acm:eu-west-1:123456789012:certificate/api',
  });
});

const apiBehaviour = (resources: Record<string, Resource>) => {
  const [[, distribution]] = ofType(resources, 'AWS::CloudFront::Distribution');
  const config = distribution!.Properties.DistributionConfig;
  const behaviour = config.CacheBehaviors.find((b: any) => b.PathPattern === '/api/*');
  const origin = config.Origins.find((o: any) => o.Id === behaviour.TargetOriginId);
  return { config, behaviour, origin };
};

describe('the origin secret', () => {
  it('CloudFront sends it to the API origin, resolved from Secrets Manager at deploy time (never a literal in the template)', () => {
    const { origin } = apiBehaviour(plain);
    const header = origin.OriginCustomHeaders.find((h: any) => h.HeaderName === ORIGIN_SECRET_HEADER);
    expect(JSON.stringify(header.HeaderValue)).toMatch(/resolve:secretsmanager:/);
    expect(JSON.stringify(header.HeaderValue)).toContain('OriginSecret');
  });

  it('every HTTP function knows where it is and may read it; no other function may', () => {
    const [secretId] = ofType(plain, 'AWS::SecretsManager::Secret').find(([id]) => id.startsWith('OriginSecret'))!;
    for (const [, fn] of ofType(plain, 'AWS::Lambda::Function').filter(([, f]) => f.Metadata?.[LOCAL_METADATA.entry])) {
      const http = String(fn.Metadata![LOCAL_METADATA.entry]).startsWith('functions/handlers/http/');
      expect(fn.Properties.Environment.Variables[ENV.originSecretArn], fn.Metadata![LOCAL_METADATA.entry]).toEqual(http ? { Ref: secretId } : undefined);
    }
  });

  it('forwards every viewer header but Host to the API, CloudFront-Viewer-Address among them (AllViewerExceptHostHeader)', () => {
    expect(apiBehaviour(plain).behaviour.OriginRequestPolicyId).toBe('b689b0a8-53d0-40ab-baf2-68738e2966ac');
  });

  it('the API trusts CloudFront-Viewer-Address only behind the origin secret: CloudFront sets both on the API origin, and every function the API invokes requires the secret', () => {
    const { behaviour, origin } = apiBehaviour(plain);
    // CloudFront's own viewer address comes from the behaviour's managed origin request policy (CloudFront's headers included) …
    expect(behaviour.OriginRequestPolicyId).toBe(cloudfront.OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER.originRequestPolicyId);
    // … and the origin secret rides on the same origin, so a request that has it came through CloudFront.
    expect(origin.OriginCustomHeaders.map((h: any) => h.HeaderName)).toContain(ORIGIN_SECRET_HEADER);
    const [secretId] = ofType(plain, 'AWS::SecretsManager::Secret').find(([id]) => id.startsWith('OriginSecret'))!;
    const invoked = new Set(
      ofType(plain, 'AWS::ApiGatewayV2::Integration').map(([, integration]) => integration.Properties.IntegrationUri['Fn::GetAtt'][0] as string),
    );
    expect(invoked.size).toBeGreaterThan(0);
    for (const id of invoked) {
      const variables = plain[id]!.Properties.Environment.Variables;
      // The check is on (functions/middleware/origin-secret.ts): without the secret the API answers 403 and reads no viewer address.
      expect(variables[ENV.originSecretArn], id).toEqual({ Ref: secretId });
      expect(variables[ENV.originSecret], id).toBeUndefined();
    }
  });
});

describe('the WAF web ACL', () => {
  it('is CloudFront-scope, attached to the distribution, with a per-address rate limit and the AWS managed common rules', () => {
    const [[aclId, acl]] = ofType(plain, 'AWS::WAFv2::WebACL');
    expect(acl!.Properties.Scope).toBe('CLOUDFRONT');
    const rules = acl!.Properties.Rules;
    expect(rules.find((r: any) => r.Statement.RateBasedStatement)).toMatchObject({
      Action: { Block: {} },
      Statement: { RateBasedStatement: { Limit: WAF_RATE_LIMIT_PER_5_MINUTES, AggregateKeyType: 'IP' } },
    });
    expect(rules.find((r: any) => r.Statement.ManagedRuleGroupStatement)?.Statement.ManagedRuleGroupStatement).toEqual({
      VendorName: 'AWS',
      Name: 'AWSManagedRulesCommonRuleSet',
    });
    expect(apiBehaviour(plain).config.WebACLId).toEqual({ 'Fn::GetAtt': [aclId, 'Arn'] });
  });

  it('takes a web ACL made in us-east-1 elsewhere (context webAclArn) instead of making one', () => {
    const given = synth({ webAclArn: 'arn:aws:wafv2:us-east-1:123456789012:global/webacl/edge/1' });
    expect(ofType(given, 'AWS::WAFv2::WebACL')).toEqual([]);
    expect(apiBehaviour(given).config.WebACLId).toBe('arn:aws:wafv2:us-east-1:123456789012:global/webacl/edge/1');
  });
});

describe('domains and TLS', () => {
  it('without domains: the default certificate, and the execute-api endpoint stays (CloudFront needs it; the origin secret turns others away)', () => {
    expect(apiBehaviour(plain).config.Aliases).toBeUndefined();
    const [[, api]] = ofType(plain, 'AWS::ApiGatewayV2::Api');
    expect(api!.Properties.DisableExecuteApiEndpoint).toBeFalsy();
  });

  it('with domains: the web domain on CloudFront with TLSv1.2_2021, the API on its own domain, its execute-api endpoint disabled and CloudFront pointed at the domain', () => {
    const { config, origin } = apiBehaviour(withDomains);
    expect(config.Aliases).toEqual(['app.example.ng']);
    expect(config.ViewerCertificate).toMatchObject({
      AcmCertificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/web',
      MinimumProtocolVersion: 'TLSv1.2_2021',
    });
    const [[, api]] = ofType(withDomains, 'AWS::ApiGatewayV2::Api');
    expect(api!.Properties.DisableExecuteApiEndpoint).toBe(true);
    expect(ofType(withDomains, 'AWS::ApiGatewayV2::DomainName')[0]![1].Properties).toMatchObject({ DomainName: 'api.example.ng' });
    expect(origin.DomainName).toBe('api.example.ng');
  });
});

describe('alarms of the edge and the data', () => {
  it('alarms on DynamoDB throttles of the table (reads and writes)', () => {
    const [[, alarm]] = ofType(plain, 'AWS::CloudWatch::Alarm').filter(([id]) => id.includes('TableThrottlesAlarm'));
    const metrics = alarm!.Properties.Metrics.filter((m: any) => m.MetricStat).map((m: any) => m.MetricStat.Metric.MetricName);
    expect(metrics.sort()).toEqual(['ReadThrottleEvents', 'WriteThrottleEvents']);
  });
});
