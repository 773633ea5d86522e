/**
 * The HTTP API route table: the one list the CDK stack, the local cloud's gateway,
 * the Lambda routers and the web client all read.
 */
import { API_BASE_PATH } from './constants.js';

/** Lambda functions that serve HTTP routes; each has its own bundle. */
export const HTTP_SERVICES = ['accounts', 'wallet', 'purchases', 'transactions'] as const;
export type HttpService = (typeof HTTP_SERVICES)[number];

/** Who may call a route. Checked on the server for every request. */
export type Access = 'public' | 'user' | 'admin' | 'adminOrAgent';

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

export interface RouteDef {
  /** Unique operation name; the service's router dispatches on it. */
  readonly operation: string;
  readonly method: HttpMethod;
  /** Path under the API base path, in API Gateway syntax (`{param}`). */
  readonly path: string;
  readonly service: HttpService;
  readonly access: Access;
}

export const ROUTES = [
  // Accounts (spec §7 "Auth and account")
  { operation: 'register', method: 'POST', path: '/auth/register', service: 'accounts', access: 'public' },
  { operation: 'login', method: 'POST', path: '/auth/login', service: 'accounts', access: 'public' },
  { operation: 'isTokenValid', method: 'POST', path: '/auth/isTokenValid', service: 'accounts', access: 'public' },
  { operation: 'currentUser', method: 'GET', path: '/auth', service: 'accounts', access: 'user' },
  { operation: 'changePassword', method: 'POST', path: '/auth/changepassword', service: 'accounts', access: 'user' },
  { operation: 'requestPasswordReset', method: 'POST', path: '/auth/requestPasswordReset', service: 'accounts', access: 'public' },
  { operation: 'resetPassword', method: 'POST', path: '/auth/resetpassword', service: 'accounts', access: 'public' },
  { operation: 'validateUser', method: 'GET', path: '/auth/validateUser/{userName}', service: 'accounts', access: 'user' },
  // Wallet funding
  { operation: 'fundWithCoupon', method: 'POST', path: '/fundWallet/coupon', service: 'wallet', access: 'user' },
  { operation: 'generateCoupon', method: 'POST', path: '/admin/generateCoupon', service: 'wallet', access: 'admin' },
  // Purchases
  { operation: 'buyAirtime', method: 'POST', path: '/buy/airtime', service: 'purchases', access: 'user' },
  // Transactions
  { operation: 'listTransactions', method: 'GET', path: '/transaction', service: 'transactions', access: 'user' },
] as const satisfies readonly RouteDef[];

export type Operation = (typeof ROUTES)[number]['operation'];

/** `METHOD /api/v1/path` — the API Gateway HTTP API route key. */
export function routeKey(route: Pick<RouteDef, 'method' | 'path'>): string {
  return `${route.method} ${API_BASE_PATH}${route.path}`;
}

export function routeByOperation(operation: Operation): RouteDef {
  const route = ROUTES.find((r) => r.operation === operation);
  if (!route) throw new Error(`unknown operation ${operation}`);
  return route;
}

export function routesOf(service: HttpService): RouteDef[] {
  return ROUTES.filter((r) => r.service === service);
}

/** Fills `{param}` placeholders: apiPath('validateUser', { userName: 'ada' }) → '/api/v1/auth/validateUser/ada'. */
export function apiPath(operation: Operation, params: Record<string, string> = {}): string {
  const route = routeByOperation(operation);
  return (
    API_BASE_PATH +
    route.path.replace(/\{(\w+)\}/g, (_, name: string) => {
      const value = params[name];
      if (value === undefined) throw new Error(`missing path parameter ${name} for ${operation}`);
      return encodeURIComponent(value);
    })
  );
}
