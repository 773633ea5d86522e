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
 * An outside party (payment provider, bank, identity service) did not do its part. 424 rather
 * than 502: below 500, so the person sees a message saying what to do (the middleware hides 5xx).
 */
export class DependencyFailedError extends clientError(424, 'DependencyFailedError') {}
