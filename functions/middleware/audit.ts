/**
 * The audit hook of the HTTP layer: an operator action (shared/routes.ts `isOperatorAction`) is
 * written to the audit log once its outcome is known — answered, refused (4xx) or failed (5xx) —
 * by whoever the edge authenticated and authorised. Requests refused before that (401, 403) are
 * nobody's operator action and stay in the access log.
 *
 * A route marked `auditedInWrite` (a refund, an admin's credit, a coupon) puts the entry of its
 * success in the action's own write, with what it changed before and after; here only its
 * refusals and failures are recorded, where nothing changed.
 *
 * Any other entry is written after the action, not inside its write: a failed audit write is
 * logged and the caller still gets the action's own answer, because the action has already
 * happened and a 5xx would invite a retry of a completed action.
 */
import type { AuditTrail } from '../domain/back-office/audit-port.js';
import { auditEntry, type AuditedRequest } from '../domain/back-office/audit.js';
import { logger } from '../adapters/observability.js';
import { HttpError } from './errors.js';

export interface AuditDeps {
  audit: Pick<AuditTrail, 'append'>;
  now(): Date;
  newId(): string;
}

const statusOfError = (error: unknown): number => (error instanceof HttpError ? error.statusCode : 500);

/** What the hook reads of a request (http.ts's UserRequest has it all; declared here so http.ts may import this module). */
export type AuditableRequest = Omit<AuditedRequest, 'requestId'> & { event: { requestContext: { requestId?: string } } };

/** Stands for the request id when an event carries none (a hand-made event in a test). */
export const NO_REQUEST_ID = '-';

/** On a user route marked `auditOperators`, only an admin's or agent's call is an operator action. */
export const isOperatorCall = (request: AuditableRequest): boolean => !request.route.auditOperators || request.principal.isAdmin || request.principal.isAgent;

/** What an entry keeps of a request: also what a use case that writes its own entry is given. */
export function auditedRequestOf(request: AuditableRequest): AuditedRequest {
  const { route, principal, params, query, body } = request;
  return { route, principal, params, query, body, requestId: request.event.requestContext?.requestId ?? NO_REQUEST_ID };
}

/** Whether this call's entry is the hook's to write: an in-write action's success is in its own write already. */
export const isRecordedHere = (request: AuditableRequest, status: number): boolean =>
  isOperatorCall(request) && !(request.route.auditedInWrite && status < 400);

async function record(request: AuditableRequest, status: number, deps: AuditDeps): Promise<void> {
  if (!isRecordedHere(request, status)) return;
  try {
    const entry = auditEntry(auditedRequestOf(request), status, deps.now(), deps.newId());
    await deps.audit.append(entry);
  } catch (error) {
    logger.error('audit entry not written', { error: error as Error, operation: request.route.operation, actor: request.principal.userId, status });
  }
}

/** The operation, with its outcome written to the audit log. */
export function audited<Request extends AuditableRequest, Answer extends { statusCode?: number }>(
  operation: (request: Request) => Promise<Answer>,
  deps: AuditDeps,
): (request: Request) => Promise<Answer> {
  return async (request) => {
    let answer: Answer;
    try {
      answer = await operation(request);
    } catch (error) {
      await record(request, statusOfError(error), deps);
      throw error;
    }
    await record(request, answer.statusCode ?? 200, deps);
    return answer;
  };
}
