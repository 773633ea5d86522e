/**
 * The web ACL in front of CloudFront: AWS's managed common rule set and a rate limit per client
 * address. A CloudFront-scope web ACL must live in us-east-1, whatever region the platform is in:
 * - the platform deployed in us-east-1 makes it itself;
 * - elsewhere, infra/stack/app.ts deploys `EdgeWafStack` in us-east-1 and hands its ARN over with CDK's
 *   cross-region references (the `webAclArn` stack prop);
 * - or an operator gives an existing web ACL's ARN as context `webAclArn`.
 */
import { Stack, type StackProps } from 'aws-cdk-lib';
import { CfnWebACL } from 'aws-cdk-lib/aws-wafv2';
import type { Construct } from 'constructs';

/** Requests per client address per 5 minutes before WAF blocks it (the API also throttles per route). */
export const WAF_RATE_LIMIT_PER_5_MINUTES = 2000;
/** The region a CloudFront-scope web ACL must be created in. */
export const CLOUDFRONT_WAF_REGION = 'us-east-1';

const visibility = (metricName: string): CfnWebACL.VisibilityConfigProperty => ({ cloudWatchMetricsEnabled: true, metricName, sampledRequestsEnabled: true });

export function edgeWebAcl(scope: Construct, id: string): CfnWebACL {
  return new CfnWebACL(scope, id, {
    scope: 'CLOUDFRONT',
    defaultAction: { allow: {} },
    visibilityConfig: visibility('VtuEdge'),
    rules: [
      {
        name: 'RateLimitPerClient',
        priority: 0,
        action: { block: {} },
        statement: { rateBasedStatement: { limit: WAF_RATE_LIMIT_PER_5_MINUTES, aggregateKeyType: 'IP' } },
        visibilityConfig: visibility('VtuEdgeRateLimit'),
      },
      {
        name: 'AWSManagedRulesCommonRuleSet',
        priority: 1,
        overrideAction: { none: {} },
        statement: { managedRuleGroupStatement: { vendorName: 'AWS', name: 'AWSManagedRulesCommonRuleSet' } },
        visibilityConfig: visibility('VtuEdgeCommonRules'),
      },
    ],
  });
}

/** The web ACL alone, in us-east-1, for a platform deployed in another region (infra/stack/app.ts). */
export class EdgeWafStack extends Stack {
  readonly webAclArn: string;
  constructor(scope: Construct, id: string, props: StackProps) {
    super(scope, id, props);
    this.webAclArn = edgeWebAcl(this, 'WebAcl').attrArn;
  }
}
