import { OUTSIDE_PARTY_RETRY_AFTER_SECONDS } from '../../shared/constants.js';

/**
 * Errors that become HTTP answers. Their message is shown to the user (`{msg}`), so it must be
 * written for a person. Anything else thrown is a 500 whose details stay in the logs. Every class
 * takes `ErrorOptions` so the underlying `cause` reaches the logs.
 */
export interface HttpErrorOptions extends ErrorOptions {
  /** Sent as Retry-After (seconds): when the same request may be tried again (a 429). */
  retryAfterSeconds?: number;
}

export class HttpError extends Error {
  readonly retryAfterSeconds?: number;

  constructor(
    readonly statusCode: number,
    message: string,
    options?: HttpErrorOptions,
  ) {
    super(message, options);
    this.name = 'HttpError';
    if (options?.retryAfterSeconds !== undefined) this.retryAfterSeconds = options.retryAfterSeconds;
  }
}

/** A client error with a fixed status: one small subclass per status below. */
function clientError(statusCode: number, name: string) {
  return class extends HttpError {
    constructor(message: string, options?: HttpErrorOptions) {
      super(statusCode, message, options);
      this.name = name;
    }
  };
}

export class BadRequestError extends clientError(400, 'BadRequestError') {}
export class UnauthorizedError extends clientError(401, 'UnauthorizedError') {}
export class ForbiddenError extends clientError(403, 'ForbiddenError') {}
export class NotFoundError extends clientError(404, 'NotFoundError') {}
export class ConflictError extends clientError(409, 'ConflictError') {}
export class PayloadTooLargeError extends clientError(413, 'PayloadTooLargeError') {}
export class TooManyRequestsError extends clientError(429, 'TooManyRequestsError') {}
/**
 * An outside party (supplier, payment provider, bank, identity service) did not answer in time or
 * could not do its part: 503 with Retry-After and a message saying to try again. The one 5xx whose
 * message is shown: it is written for the person, and nothing was changed.
 */
export class DependencyFailedError extends HttpError {
  constructor(message: string, options?: ErrorOptions) {
    super(503, message, { ...options, retryAfterSeconds: OUTSIDE_PARTY_RETRY_AFTER_SECONDS });
    this.name = 'DependencyFailedError';
  }
}
