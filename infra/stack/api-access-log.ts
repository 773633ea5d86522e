/**
 * The HTTP API's access log: one JSON line per request, kept a month. Operators trace a request by
 * its id, and the dashboard's per-route p99 is queried from `routeKey` and `responseLatency`.
 */
import { RemovalPolicy } from 'aws-cdk-lib';
import type { CfnStage, HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';

export const ACCESS_LOG_FORMAT = {
  requestId: '$context.requestId',
  requestTime: '$context.requestTime',
  routeKey: '$context.routeKey',
  status: '$context.status',
  responseLatency: '$context.responseLatency',
  integrationLatency: '$context.integrationLatency',
  integrationError: '$context.integrationErrorMessage',
  sourceIp: '$context.identity.sourceIp',
} as const;

/** A ceiling against floods, the same on either API; per-user limits live in the handlers (login attempts). */
export const API_THROTTLING = { rateLimit: 200, burstLimit: 400 } as const;

export function apiAccessLog(scope: Construct, api: HttpApi): LogGroup {
  const logGroup = new LogGroup(scope, 'HttpApiAccessLogs', { retention: RetentionDays.ONE_MONTH, removalPolicy: RemovalPolicy.DESTROY });
  (api.defaultStage!.node.defaultChild as CfnStage).accessLogSettings = {
    destinationArn: logGroup.logGroupArn,
    format: JSON.stringify(ACCESS_LOG_FORMAT),
  };
  return logGroup;
}
