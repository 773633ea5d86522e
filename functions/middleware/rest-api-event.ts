/**
 * The edge reads HTTP API (v2) events. The LocalStack community variant fronts the same functions
 * with a REST API (v1: LocalStack's free tier has no HTTP API), whose Lambda proxy events have
 * another shape; they are translated once, at the edge, into the v2 shape the rest of the code
 * reads. The route key is the REST resource path (`{param}` syntax, the same route table), and
 * repeated headers and query parameters are joined with commas, as an HTTP API joins them.
 */
import type { APIGatewayProxyEvent, APIGatewayProxyEventV2 } from 'aws-lambda';

/** Either payload a Lambda proxy integration of API Gateway sends. */
export type ApiGatewayEvent = APIGatewayProxyEventV2 | APIGatewayProxyEvent;

export function asHttpApiEvent(event: ApiGatewayEvent): APIGatewayProxyEventV2 {
  if (!('httpMethod' in event)) return event;
  const method = event.httpMethod.toUpperCase();
  const routeKey = `${method} ${event.resource}`;
  const query = joined(event.multiValueQueryStringParameters, event.queryStringParameters);
  const context = event.requestContext;
  return {
    version: '2.0',
    routeKey,
    rawPath: event.path,
    rawQueryString: rawQuery(event.multiValueQueryStringParameters, event.queryStringParameters),
    headers: joined(event.multiValueHeaders, event.headers) ?? {},
    queryStringParameters: query,
    pathParameters: event.pathParameters ?? undefined,
    stageVariables: event.stageVariables ?? undefined,
    body: event.body ?? undefined,
    isBase64Encoded: event.isBase64Encoded,
    requestContext: {
      accountId: context.accountId,
      apiId: context.apiId,
      domainName: context.domainName ?? '',
      domainPrefix: context.domainPrefix ?? '',
      http: { method, path: event.path, protocol: context.protocol, sourceIp: context.identity.sourceIp, userAgent: context.identity.userAgent ?? '' },
      requestId: context.requestId,
      routeKey,
      stage: context.stage,
      time: context.requestTime ?? '',
      timeEpoch: context.requestTimeEpoch,
    },
  };
}

type Single = Record<string, string | undefined> | null | undefined;
type Multi = Record<string, string[] | undefined> | null | undefined;

/** v1 keeps the last of repeated values in the single map and all of them in the multi map; v2 joins them with commas. */
function joined(multi: Multi, single: Single): Record<string, string | undefined> | undefined {
  if (!multi && !single) return undefined;
  const result: Record<string, string | undefined> = { ...single };
  for (const [name, values] of Object.entries(multi ?? {})) {
    if (values?.length) result[name] = values.join(',');
  }
  return result;
}

function rawQuery(multi: Multi, single: Single): string {
  const pairs: Array<[string, string]> = multi
    ? Object.entries(multi).flatMap(([name, values]) => (values ?? []).map((value): [string, string] => [name, value]))
    : Object.entries(single ?? {}).flatMap(([name, value]) => (value === undefined ? [] : [[name, value] as [string, string]]));
  return new URLSearchParams(pairs).toString();
}
