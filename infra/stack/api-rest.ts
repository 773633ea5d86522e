/**
 * The API as a REST API (API Gateway v1) for LocalStack's community tier, which has no HTTP API (v2).
 * Built from the same route table as the HTTP API: one resource path and method per row, each a
 * Lambda proxy integration with the same per-service function. The functions' edge reads REST API
 * (v1) events as well as HTTP API (v2) ones (functions/middleware/rest-api-event.ts).
 */
import { RemovalPolicy, type Stack } from 'aws-cdk-lib';
import { AccessLogFormat, EndpointType, LambdaIntegration, LogGroupLogDestination, RestApi } from 'aws-cdk-lib/aws-apigateway';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { API_BASE_PATH } from '../../shared/constants.js';
import { ROUTES, type HttpService } from '../../shared/routes.js';
import { ACCESS_LOG_FORMAT, API_THROTTLING } from './api-access-log.js';

/** The HTTP API's access log fields; a REST API has no `$context.routeKey`, so it is spelled out (the dashboard's p99 query groups by it). */
export const REST_ACCESS_LOG_FORMAT = { ...ACCESS_LOG_FORMAT, routeKey: '$context.httpMethod $context.resourcePath' } as const;

export interface RouteTableRestApi {
  readonly api: RestApi;
  readonly accessLogs: LogGroup;
}

export function routeTableRestApi(stack: Stack, functions: Record<HttpService, IFunction>): RouteTableRestApi {
  const accessLogs = new LogGroup(stack, 'RestApiAccessLogs', { retention: RetentionDays.ONE_MONTH, removalPolicy: RemovalPolicy.DESTROY });
  const api = new RestApi(stack, 'RestApi', {
    description: 'VTU platform API (REST API: the LocalStack community variant)',
    endpointConfiguration: { types: [EndpointType.REGIONAL] },
    // Access logs need API Gateway's account-level role to write to CloudWatch Logs.
    cloudWatchRole: true,
    deployOptions: {
      // X-Ray from the stage on, as the functions trace (Serverless-APIGWXrayEnabled).
      tracingEnabled: true,
      throttlingRateLimit: API_THROTTLING.rateLimit,
      throttlingBurstLimit: API_THROTTLING.burstLimit,
      accessLogDestination: new LogGroupLogDestination(accessLogs),
      accessLogFormat: AccessLogFormat.custom(JSON.stringify(REST_ACCESS_LOG_FORMAT)),
    },
  });
  const integrations = new Map<HttpService, LambdaIntegration>();
  for (const route of ROUTES) {
    let integration = integrations.get(route.service);
    if (!integration) {
      // One invoke permission per function for this API, instead of one per method: the same
      // reach (only this API may invoke it) in a tenth of the resources.
      integration = new LambdaIntegration(functions[route.service], { proxy: true, scopePermissionToMethod: false });
      integrations.set(route.service, integration);
    }
    api.root.resourceForPath(`${API_BASE_PATH}${route.path}`).addMethod(route.method, integration);
  }
  return { api, accessLogs };
}
