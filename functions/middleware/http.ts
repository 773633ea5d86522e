/**
 * HTTP wiring shared by every API function, and the one shape of an HTTP operation:
 *
 *   const operation = (deps) => async (request) => answer
 *
 * `httpService` builds a Lambda handler from a service's operations: middy with the Lambda
 * context on every log line, header normalisation, a JSON body parser that answers 400 instead of
 * throwing, path and query parameters length-checked at the edge, the route table's access rule
 * checked on the server, every operator action written to the audit log (./audit.ts), and an error handler that always answers `{msg}` and never leaks a 5xx's
 * details. Operations return answers; named results map to answers through one exhaustive table
 * per area (`answerWith`).
 */
import middy from '@middy/core';
import httpHeaderNormalizer from '@middy/http-header-normalizer';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import { logMetrics } from '@aws-lambda-powertools/metrics/middleware';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import type { ZodType, ZodTypeDef } from 'zod';
import { firstIssueMessage } from '../../shared/api/common.js';
import { API_KEY_MSG, MSG } from '../../shared/messages.js';
import { OUTSIDE_PARTY_RETRY_AFTER_SECONDS } from '../../shared/constants.js';
import { isOperatorAction, keyMayCall, type ROUTES, routesOf, routeKey, type HttpService, type RouteDef } from '../../shared/routes.js';
import { RetryLaterError, withInvocationDeadline } from '../adapters/invocation.js';
import { metrics } from '../adapters/metrics.js';
import { logger } from '../adapters/observability.js';
import { credentialOf, type ApiKeyAuthResult } from '../domain/accounts/api-keys.js';
import { asKeyHolder } from '../domain/accounts/credentials.js';
import type { LocksToRead, Principal, PrincipalLoader } from '../domain/accounts/users-port.js';
import { audited, type AuditDeps } from './audit.js';
import {
  BadRequestError,
  DependencyFailedError,
  ForbiddenError,
  HttpError,
  NotFoundError,
  PayloadTooLargeError,
  TooManyRequestsError,
  UnauthorizedError,
} from './errors.js';
import { asHttpApiEvent, type ApiGatewayEvent } from './rest-api-event.js';
import { clientAddress } from './client-address.js';
import { originSecretCheck, passedOriginSecret } from './origin-secret.js';
import { expectedOriginSecret } from '../adapters/origin-secret.js';

export type { Principal } from '../domain/accounts/users-port.js';

/** A request on a public route: nobody is authenticated. */
export interface PublicRequest {
  readonly event: APIGatewayProxyEventV2;
  readonly route: RouteDef;
  readonly headers: Record<string, string | undefined>;
  readonly body: unknown;
  readonly query: Record<string, string | undefined>;
  readonly params: Record<string, string | undefined>;
  /** The client's address: CloudFront's viewer address when the origin secret proved the request came through it, else the gateway's source address. */
  readonly sourceIp: string;
}

/** A request on a route whose access is not `public`: the caller is authenticated and authorised. */
export interface UserRequest extends PublicRequest {
  readonly principal: Principal;
}

export interface HttpAnswer {
  statusCode?: number;
  body: unknown;
  /** Only for a download (`attachment`): the body is then sent as is, not as JSON. */
  headers?: Record<string, string>;
  /** Sent as Retry-After: the same request may be sent again after that many seconds (`unavailable`). */
  retryAfterSeconds?: number;
}

/** The one shape of an HTTP operation, once its dependencies are given. */
export type Operation<Request extends PublicRequest = PublicRequest> = (request: Request) => Promise<HttpAnswer>;
export type PublicOperation = Operation<PublicRequest>;
export type UserOperation = Operation<UserRequest>;

type RouteOf<S extends HttpService> = Extract<(typeof ROUTES)[number], { service: S }>;

/** Exactly the operations of a service's routes, each typed by its route's access. */
export type ServiceOperations<S extends HttpService> = {
  [R in RouteOf<S> as R['operation']]: R['access'] extends 'public' ? PublicOperation : UserOperation;
};

/** How a session token or an API key becomes a caller; injected so the edge does not reach into adapters. */
export interface EdgeDeps extends PrincipalLoader {
  verifyToken(
    token: string | undefined,
  ): Promise<{ ok: true; claims: { userId: string; tokenVersion: number; sessionId?: string; tokenId?: string } } | { ok: false; reason: string }>;
  authenticateApiKey(key: string): Promise<ApiKeyAuthResult>;
  /** Where operator actions are written: wired once for every service, like the callers' look-up. */
  audit: AuditDeps;
}

const MAX_BODY_BYTES = 64 * 1024;
/** Longer path or query values are refused before they reach a key (DynamoDB refuses oversized keys with a 500). */
export const MAX_PARAMETER_LENGTH = 256;

// -----------------------------------------------------------------------------------------------
// Answers

export function ok(body: unknown, statusCode = 200): HttpAnswer {
  return { statusCode, body };
}

/** A file to download (e.g. a CSV), sent as is; refusals and errors stay JSON. */
export function attachment(text: string, contentType: string, fileName: string): HttpAnswer {
  return { statusCode: 200, body: text, headers: { 'content-type': contentType, 'content-disposition': `attachment; filename="${fileName}"` } };
}

/** A refusal the person reads: a 4xx with `{msg}`. */
export function refusal(statusCode: number, msg: string): HttpAnswer {
  return { statusCode, body: { msg } };
}

/**
 * An outside party did not answer in time or could not do its part, and nothing was changed: 503 with
 * Retry-After and the message (`body` for routes whose answers carry more than `{msg}`).
 */
export function unavailable(msg: string, body: object = { msg }): HttpAnswer {
  return { statusCode: 503, body, retryAfterSeconds: OUTSIDE_PARTY_RETRY_AFTER_SECONDS };
}

/** A table entry for a refusal whose message does not depend on the result. */
export function refuse(statusCode: number, msg: string): () => HttpAnswer {
  return () => refusal(statusCode, msg);
}

type Named = { kind: string };

/** One answer per named result: the compiler checks that every result has its row. */
export type AnswerTable<Result extends Named> = {
  [Kind in Result['kind']]: (result: Extract<Result, { kind: Kind }>) => HttpAnswer;
};

/** Maps a named result to its answer through an exhaustive table. */
export function answerWith<Result extends Named>(table: AnswerTable<Result>): (result: Result) => HttpAnswer {
  return (result) => (table[result.kind as Result['kind']] as (result: Result) => HttpAnswer)(result);
}

// -----------------------------------------------------------------------------------------------
// Input

function json(statusCode: number, body: unknown): APIGatewayProxyStructuredResultV2 {
  return {
    statusCode,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' },
    body: JSON.stringify(body),
  };
}

/** `{msg}` with the status, and Retry-After when the same request may be sent again after that many seconds. */
function message(statusCode: number, msg: string, retryAfterSeconds?: number): APIGatewayProxyStructuredResultV2 {
  const answer = json(statusCode, { msg });
  return retryAfterSeconds === undefined ? answer : { ...answer, headers: { ...answer.headers, 'retry-after': String(retryAfterSeconds) } };
}

function parseBody(event: APIGatewayProxyEventV2): unknown {
  if (!event.body) return {};
  const raw = event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;
  if (Buffer.byteLength(raw) > MAX_BODY_BYTES) throw new PayloadTooLargeError('Request is too large');
  if (raw.trim() === '') return {};
  try {
    return JSON.parse(raw);
  } catch (cause) {
    throw new BadRequestError('Request body must be valid JSON', { cause });
  }
}

/** Path and query values are bounded at the edge, named in the refusal. */
function boundedParameters(values: Record<string, string | undefined> | undefined): Record<string, string | undefined> {
  for (const [name, value] of Object.entries(values ?? {})) {
    if (value !== undefined && value.length > MAX_PARAMETER_LENGTH) throw new BadRequestError(`${name} is invalid`);
  }
  return values ?? {};
}

/** Parses input with a shared zod schema; the first problem becomes the 400 message. */
export function parseInput<Output, Input = Output>(schema: ZodType<Output, ZodTypeDef, Input>, input: unknown): Output {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  throw new BadRequestError(firstIssueMessage(result.error));
}

// -----------------------------------------------------------------------------------------------
// Access

function authorise(route: RouteDef, principal: Principal): void {
  // A key reaches only the reseller routes, whoever owns it; there it acts as a customer (keyHolder).
  if (principal.viaApiKey && !keyMayCall(route)) throw new ForbiddenError(API_KEY_MSG.notForApiKeys);
  const allowed =
    route.access === 'user' ||
    (route.access === 'admin' && principal.isAdmin) ||
    (route.access === 'adminOrAgent' && (principal.isAdmin || principal.isAgent)) ||
    (route.access === 'adminOrCouponVendor' && (principal.isAdmin || principal.isCouponVendor));
  if (!allowed) throw new ForbiddenError(MSG.forbidden);
}

/** A session token (x-auth-token, or a JWT as Bearer) or an API key (x-auth-apikey, Bearer/Token vtu_…). */
async function authenticate(event: APIGatewayProxyEventV2, deps: EdgeDeps, alsoLocks?: LocksToRead): Promise<Principal> {
  const credential = credentialOf(event.headers ?? {});
  if (credential.kind === 'apiKey') return keyHolder(await deps.authenticateApiKey(credential.key));
  const check = await deps.verifyToken(credential.kind === 'session' ? credential.token : undefined);
  if (!check.ok) throw new UnauthorizedError(check.reason === 'expired' ? MSG.sessionExpired : MSG.unauthorized);
  const principal = await deps.loadPrincipal(check.claims.userId, check.claims.tokenVersion, check.claims.sessionId, check.claims.tokenId, alsoLocks);
  if (!principal) throw new UnauthorizedError(MSG.sessionExpired);
  return principal;
}

function keyHolder(result: ApiKeyAuthResult): Principal {
  if (result.kind === 'invalid_key') throw new UnauthorizedError(API_KEY_MSG.invalidApiKey);
  if (result.kind === 'rate_limited') throw new TooManyRequestsError(API_KEY_MSG.rateLimited, { retryAfterSeconds: result.retryAfterSeconds });
  // A key acts as a customer everywhere: its principal carries no operator role (domain/credentials.ts).
  return asKeyHolder(result.principal);
}

// -----------------------------------------------------------------------------------------------
// The service

/**
 * Builds the Lambda handler of one HTTP service from its operations. The type demands exactly one
 * operation per route of the service in the shared route table; cold start checks it again.
 */
export function httpService<S extends HttpService>(
  service: S,
  operations: ServiceOperations<S>,
  deps: EdgeDeps,
  options: {
    /**
     * The service locks a request's body names (a purchase's), read with its caller in one request:
     * its debit then reads none of its own (undefined: none, or not knowable before parsing).
     */
    locksToReadWith?(route: RouteDef, body: unknown): LocksToRead | undefined;
  } = {},
) {
  const routes = new Map(routesOf(service).map((route) => [routeKey(route), route]));
  const byName = new Map(Object.entries(operations as Record<string, PublicOperation | UserOperation>));
  for (const route of routes.values()) {
    const operation = byName.get(route.operation);
    if (!operation) throw new Error(`service ${service} has no operation ${route.operation}`);
    // The route table decides what is audited: every operator action, whichever service serves it.
    if (isOperatorAction(route)) byName.set(route.operation, audited(operation as UserOperation, deps.audit));
  }

  // HTTP API (v2) events, or REST API (v1) ones from the LocalStack community variant.
  const core = async (input: ApiGatewayEvent, _context: Context): Promise<APIGatewayProxyStructuredResultV2> => {
    const event = asHttpApiEvent(input);
    const route = routes.get(event.routeKey);
    if (!route) throw new NotFoundError(MSG.notFound);
    const request: PublicRequest = {
      event,
      route,
      headers: event.headers ?? {},
      params: boundedParameters(event.pathParameters),
      query: boundedParameters(event.queryStringParameters),
      body: event.requestContext.http.method === 'GET' ? {} : parseBody(event),
      // The viewer's address when the origin secret proved CloudFront set it, else the source address the gateway saw.
      sourceIp: clientAddress(event.headers ?? {}, event.requestContext.http.sourceIp, passedOriginSecret(input)),
    };
    const operation = byName.get(route.operation)!;
    let answer: HttpAnswer;
    if (route.access === 'public') {
      answer = await (operation as PublicOperation)(request);
    } else {
      const principal = await authenticate(event, deps, options.locksToReadWith?.(route, request.body));
      authorise(route, principal);
      answer = await operation({ ...request, principal });
    }
    if (answer.headers) return { statusCode: answer.statusCode ?? 200, headers: { 'cache-control': 'no-store', ...answer.headers }, body: String(answer.body) };
    const answered = json(answer.statusCode ?? 200, answer.body);
    return answer.retryAfterSeconds === undefined
      ? answered
      : { ...answered, headers: { ...answered.headers, 'retry-after': String(answer.retryAfterSeconds) } };
  };

  // The invocation's deadline rides in the async context: retry loops below stop before it (503), sends after it are refused.
  return (
    middy(withInvocationDeadline(core))
      .use(injectLambdaContext(logger))
      .use(logMetrics(metrics, { throwOnEmptyMetrics: false }))
      .use(httpHeaderNormalizer())
      // Only requests CloudFront forwarded (it adds the origin secret): never the API's own endpoint directly.
      .use(originSecretCheck(expectedOriginSecret))
      .use({
        onError: async (request) => {
          const error = request.error;
          if (error instanceof HttpError && (error.statusCode < 500 || error instanceof DependencyFailedError)) {
            request.response = message(error.statusCode, error.message, error.retryAfterSeconds);
            return;
          }
          if (error instanceof RetryLaterError) {
            // Nothing was written: the same request (same request_id) may be sent again after Retry-After.
            const remainingMs = typeof request.context?.getRemainingTimeInMillis === 'function' ? request.context.getRemainingTimeInMillis() : undefined;
            logger.warn('answered retry-later', { error, remainingMs, routeKey: request.event && asHttpApiEvent(request.event).routeKey });
            request.response = message(503, error.walletBusy ? MSG.walletBusy : MSG.tryAgainShortly, error.retryAfterSeconds);
            return;
          }
          logger.error('unhandled error', { error: error as Error, routeKey: request.event && asHttpApiEvent(request.event).routeKey });
          request.response = json(500, { msg: MSG.serverError });
        },
      })
  );
}
