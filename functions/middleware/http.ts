/**
 * HTTP wiring shared by every API function: middy with header normalisation, a JSON body
 * parser that answers 400 instead of throwing, the route table's access rule checked on the
 * server, and an error handler that always answers `{msg}` and never leaks a 5xx's details.
 */
import middy from '@middy/core';
import httpHeaderNormalizer from '@middy/http-header-normalizer';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { ZodError, type ZodType, type ZodTypeDef } from 'zod';
import { AUTH_HEADER, type UserType } from '../../shared/constants.js';
import { MSG } from '../../shared/messages.js';
import { routesOf, routeKey, type HttpService, type RouteDef } from '../../shared/routes.js';
import { verifyToken } from '../adapters/token.js';
import type { WalletState } from '../domain/ledger.js';
import { logger } from '../adapters/observability.js';
import { BadRequestError, ForbiddenError, HttpError, NotFoundError, UnauthorizedError } from './errors.js';

/** Who is calling, as stored now (roles re-read on every request so revocations take effect at once). */
export interface Principal {
  userId: string;
  userName: string;
  userType: UserType;
  isAdmin: boolean;
  isAgent: boolean;
  isCouponVendor: boolean;
  /** The caller's wallet, read in the same round trip as the roles (consistent); spending still re-checks it atomically. */
  wallet?: WalletState;
}

export interface HttpRequest {
  readonly event: APIGatewayProxyEventV2;
  readonly route: RouteDef;
  readonly headers: Record<string, string | undefined>;
  readonly body: unknown;
  readonly query: Record<string, string | undefined>;
  readonly params: Record<string, string | undefined>;
  readonly sourceIp: string;
  /** Present on every route whose access is not `public`. */
  readonly principal?: Principal;
}

export interface HttpAnswer {
  statusCode?: number;
  body: unknown;
}

export type OperationHandler = (request: HttpRequest) => Promise<HttpAnswer>;

export interface ServiceDeps {
  /** Loads the current principal of a verified token; undefined when the user no longer exists or the token was revoked. */
  loadPrincipal(userId: string, tokenVersion: number): Promise<Principal | undefined>;
}

const MAX_BODY_BYTES = 64 * 1024;

function json(statusCode: number, body: unknown): APIGatewayProxyStructuredResultV2 {
  return {
    statusCode,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' },
    body: JSON.stringify(body),
  };
}

function parseBody(event: APIGatewayProxyEventV2): unknown {
  if (!event.body) return {};
  const raw = event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;
  if (Buffer.byteLength(raw) > MAX_BODY_BYTES) throw new HttpError(413, 'Request is too large');
  if (raw.trim() === '') return {};
  try {
    return JSON.parse(raw);
  } catch (cause) {
    throw new BadRequestError('Request body must be valid JSON', { cause });
  }
}

/** Parses input with a shared zod schema; the first problem becomes the 400 message. */
export function parseInput<Output, Input = Output>(schema: ZodType<Output, ZodTypeDef, Input>, input: unknown): Output {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  throw new BadRequestError(firstIssueMessage(result.error));
}

function firstIssueMessage(error: ZodError): string {
  const issue = error.issues[0];
  if (!issue) return MSG.badRequest;
  // Zod's own wording for missing/mistyped fields is not for people; name the field instead.
  if (issue.code === 'invalid_type' && issue.message.startsWith('Expected')) {
    const field = issue.path.join('.');
    return issue.received === 'undefined' || issue.received === 'null' ? `${field || 'value'} is required` : `${field || 'value'} is invalid`;
  }
  return issue.message;
}

function authorise(route: RouteDef, principal: Principal): void {
  const allowed =
    route.access === 'user' ||
    (route.access === 'admin' && principal.isAdmin) ||
    (route.access === 'adminOrAgent' && (principal.isAdmin || principal.isAgent));
  if (!allowed) throw new ForbiddenError(MSG.forbidden);
}

async function authenticate(event: APIGatewayProxyEventV2, deps: ServiceDeps): Promise<Principal> {
  const check = await verifyToken(event.headers?.[AUTH_HEADER]);
  if (!check.ok) throw new UnauthorizedError(check.reason === 'expired' ? MSG.sessionExpired : MSG.unauthorized);
  const principal = await deps.loadPrincipal(check.claims.userId, check.claims.tokenVersion);
  if (!principal) throw new UnauthorizedError(MSG.sessionExpired);
  return principal;
}

/**
 * Builds the Lambda handler of one HTTP service from its operations. Every route of the
 * service in the shared route table must have an operation, checked at cold start.
 */
export function httpService(service: HttpService, operations: Record<string, OperationHandler>, deps: ServiceDeps) {
  const routes = new Map(routesOf(service).map((route) => [routeKey(route), route]));
  for (const route of routes.values()) {
    if (!operations[route.operation]) throw new Error(`service ${service} has no operation ${route.operation}`);
  }

  const core = async (event: APIGatewayProxyEventV2, _context: Context): Promise<APIGatewayProxyStructuredResultV2> => {
    const route = routes.get(event.routeKey);
    if (!route) throw new NotFoundError(MSG.notFound);
    const principal = route.access === 'public' ? undefined : await authenticate(event, deps);
    if (principal) authorise(route, principal);
    const request: HttpRequest = {
      event,
      route,
      headers: event.headers ?? {},
      body: event.requestContext.http.method === 'GET' ? {} : parseBody(event),
      query: event.queryStringParameters ?? {},
      params: event.pathParameters ?? {},
      sourceIp: event.requestContext.http.sourceIp,
      principal,
    };
    const answer = await operations[route.operation]!(request);
    return json(answer.statusCode ?? 200, answer.body);
  };

  return middy(core)
    .use(httpHeaderNormalizer())
    .use({
      onError: async (request) => {
        const error = request.error;
        if (error instanceof HttpError && error.statusCode < 500) {
          request.response = json(error.statusCode, { msg: error.message });
          return;
        }
        logger.error('unhandled error', { error: error as Error, routeKey: request.event?.routeKey });
        request.response = json(500, { msg: MSG.serverError });
      },
    });
}
