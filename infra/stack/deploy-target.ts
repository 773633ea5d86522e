/**
 * Where the stack is deployed, from CDK context `deployTarget` (`-c deployTarget=localstack`):
 * `aws` (the default) or `localstack`, LocalStack's free community tier, which has neither the HTTP
 * API (v2) nor CloudFront. One stack, one set of constructs: the target only switches the API
 * front door and how the web app is served (README, "LocalStack (community)").
 */
import type { Construct } from 'constructs';

export const DEPLOY_TARGETS = ['aws', 'localstack'] as const;
export type DeployTarget = (typeof DEPLOY_TARGETS)[number];

export function deployTargetOf(scope: Construct): DeployTarget {
  const value = (scope.node.tryGetContext('deployTarget') as string | undefined) ?? 'aws';
  // A typo must not quietly deploy the other variant.
  if (!(DEPLOY_TARGETS as readonly string[]).includes(value)) {
    throw new Error(`unknown deployTarget "${value}": use one of ${DEPLOY_TARGETS.join(', ')}`);
  }
  return value as DeployTarget;
}
