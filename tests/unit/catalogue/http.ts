/** Calls a real Lambda HTTP handler with an API Gateway v2 event for one operation of the route table. */
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { API_BASE_PATH } from '../../../shared/constants.js';
import { routeByOperation, type Operation } from '../../../shared/routes.js';
import { issueToken } from '../../../functions/adapters/token.js';
import type { UserProfile } from '../../../functions/domain/accounts/accounts.js';

export type Handler = (event: APIGatewayProxyEventV2, context: Context) => Promise<APIGatewayProxyStructuredResultV2>;

export async function tokenOf(user: UserProfile): Promise<string> {
  return issueToken({ ...user, tokenVersion: user.tokenVersion ?? 0 });
}

export async function call(
  handler: Handler,
  operation: Operation,
  user: UserProfile | undefined,
  input: { body?: unknown; query?: Record<string, string>; params?: Record<string, string> } = {},
): Promise<{ status: number; body: any }> {
  const route = routeByOperation(operation);
  const path = `${API_BASE_PATH}${route.path.replace(/\{(\w+)\}/g, (_, name: string) => input.params?.[name] ?? '')}`;
  const event = {
    version: '2.0',
    routeKey: `${route.method} ${API_BASE_PATH}${route.path}`,
    rawPath: path,
    rawQueryString: new URLSearchParams(input.query ?? {}).toString(),
    headers: { 'content-type': 'application/json', ...(user ? { 'x-auth-token': await tokenOf(user) } : {}) },
    queryStringParameters: input.query,
    pathParameters: input.params,
    requestContext: { http: { method: route.method, path, sourceIp: '127.0.0.1', protocol: 'HTTP/1.1', userAgent: 'test' } },
    body: input.body === undefined ? undefined : JSON.stringify(input.body),
    isBase64Encoded: false,
  } as unknown as APIGatewayProxyEventV2;
  const response = await handler(event, {} as Context);
  return { status: response.statusCode!, body: JSON.parse(response.body as string) };
}
