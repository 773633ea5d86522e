/**
 * Errors that become HTTP answers. Their message is shown to the user (`{msg}`), so it must be
 * written for a person. Anything else thrown is a 500 whose details stay in the logs.
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'HttpError';
  }
}

export class BadRequestError extends HttpError {
  constructor(message: string, options?: { cause?: unknown }) {
    super(400, message, options);
    this.name = 'BadRequestError';
  }
}

export class UnauthorizedError extends HttpError {
  constructor(message: string) {
    super(401, message);
    this.name = 'UnauthorizedError';
  }
}

export class ForbiddenError extends HttpError {
  constructor(message: string) {
    super(403, message);
    this.name = 'ForbiddenError';
  }
}

export class NotFoundError extends HttpError {
  constructor(message: string) {
    super(404, message);
    this.name = 'NotFoundError';
  }
}

export class ConflictError extends HttpError {
  constructor(message: string) {
    super(409, message);
    this.name = 'ConflictError';
  }
}

export class TooManyRequestsError extends HttpError {
  constructor(message: string) {
    super(429, message);
    this.name = 'TooManyRequestsError';
  }
}

/**
 * An outside party (payment provider, bank, identity service) did not do its part. 424 rather
 * than 502: below 500, so the person sees a message saying what to do (the middleware hides 5xx).
 */
export class DependencyFailedError extends HttpError {
  constructor(message: string) {
    super(424, message);
    this.name = 'DependencyFailedError';
  }
}
