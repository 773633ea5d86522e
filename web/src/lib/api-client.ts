/**
 * The one way the app talks to the API: builds the URL from the shared route table, sends the
 * token in x-auth-token, turns `{msg}` error bodies into ApiError, and logs out on a 401. Short
 * session tokens are renewed on the way (./token-renewal.ts): before a request when near their end,
 * and once after a 401 (an expired token, or one a renewal replaced meanwhile), the request then
 * sent again once.
 */
import { AUTH_HEADER } from '@shared/constants.js';
import { apiPath, routeByOperation, type Operation } from '@shared/routes.js';
import { env } from './env.js';
import { getToken, logout } from './session.js';
import { markActivity, needsRenewal, renewToken } from './token-renewal.js';

/** Calls that must not renew on the way: the renewal itself, and the ones that start a session. */
const NO_RENEWAL: ReadonlySet<Operation> = new Set<Operation>(['refreshToken', 'login', 'register']);

export class ApiError extends Error {
  /** HTTP status, or 0 when the request never got an answer. */
  readonly status: number;
  /** The server's own message (`{msg}`), when it sent one. */
  readonly serverMessage: string | undefined;
  /** The whole error body, for screens that show another field (meter validation shows `name`). */
  readonly body: unknown;

  constructor(status: number, serverMessage: string | undefined, options?: { cause?: unknown; body?: unknown }) {
    super(serverMessage ?? (status ? `Request failed with status ${status}` : 'Network error'), options);
    this.name = 'ApiError';
    this.status = status;
    this.serverMessage = serverMessage;
    this.body = options?.body;
  }
}

/**
 * Whether a failed money request was refused for good (a 4xx: decided, nothing done), as opposed to
 * an answer lost on the way or a failure (no answer, 5xx, 503 "try again"), which may hide a purchase
 * the server took. After a refusal the request changes before it is sent again; otherwise the screen
 * keeps its confirmation with the same request_id, so Confirm again is the same purchase, charged once.
 */
export function refusedForGood(error: unknown): boolean {
  return error instanceof ApiError && error.status >= 400 && error.status < 500;
}

/** The message to show for a failed call: the server's msg, else the screen's fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.serverMessage ? error.serverMessage : fallback;
}

export type QueryValue = string | number | undefined | null;

export interface RequestOptions {
  params?: Record<string, string>;
  query?: Record<string, QueryValue>;
  body?: unknown;
  signal?: AbortSignal;
}

export function buildUrl(operation: Operation, params?: Record<string, string>, query?: Record<string, QueryValue>): string {
  let url = env.apiOrigin + apiPath(operation, params);
  if (query) {
    const search = new URLSearchParams();
    for (const [key, value] of Object.entries(query)) {
      if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
    }
    const text = search.toString();
    if (text) url += `?${text}`;
  }
  return url;
}

/** Sends a request; a non-2xx answer becomes an ApiError (and a 401 logs out). Resolves to the body text. */
async function send(operation: Operation, options: RequestOptions, accept: string, retried = false): Promise<{ response: Response; text: string }> {
  const route = routeByOperation(operation);
  const headers: Record<string, string> = { accept };
  const renews = !NO_RENEWAL.has(operation);
  if (renews) {
    markActivity();
    const current = getToken();
    // Near its end (or just expired, e.g. after the phone slept): renewed first. A refusal is left to the answer's 401.
    if (current && needsRenewal(current)) await renewToken();
  }
  const token = getToken();
  if (token) headers[AUTH_HEADER] = token;
  if (options.body !== undefined) headers['content-type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(buildUrl(operation, options.params, options.query), {
      method: route.method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError(0, undefined, { cause });
  }

  const text = await response.text();
  if (!response.ok) {
    // Refusals are always JSON `{msg}`, downloads included.
    const data = parseJson(text);
    // The token expired on the way, or a renewal (this tab's or another's) replaced and so revoked it
    // meanwhile: renewed (or the newer token taken), the request goes once more.
    if (response.status === 401 && renews && !retried && token && (await renewToken(token))) return send(operation, options, accept, true);
    // Still the token this request was refused with: a renewal another request made meanwhile is kept.
    if (response.status === 401 && (!token || getToken() === token)) logout();
    const msg = data && typeof data === 'object' && typeof (data as { msg?: unknown }).msg === 'string' ? (data as { msg: string }).msg : undefined;
    throw new ApiError(response.status, msg, { body: data });
  }
  return { response, text };
}

function parseJson(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export async function api<T>(operation: Operation, options: RequestOptions = {}): Promise<T> {
  const { text } = await send(operation, options, 'application/json');
  return parseJson(text) as T;
}

/** A file the server produces (e.g. a CSV): its text and the name it gives it (content-disposition), if readable. */
export async function apiFile(operation: Operation, options: RequestOptions = {}): Promise<{ text: string; fileName: string | undefined }> {
  const { response, text } = await send(operation, options, '*/*');
  const fileName = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1];
  return { text, fileName };
}
