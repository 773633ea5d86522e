/**
 * The shared SDK clients (DynamoDB, SQS, EventBridge, SES) refuse to send once the running
 * invocation's deadline has passed (../invocation.ts). On AWS a timed-out invocation is frozen and
 * sends nothing more; the local cloud runs every function in one process, where a timed-out
 * handler would otherwise keep writing after its caller was told it failed. Checked before every
 * attempt the SDK makes, its own retries included; outside an invocation nothing is refused. The
 * supplier, provider and webhook calls (plain fetch) check the same before they send. Each attempt's
 * time is noted, so retry loops keep back enough time for the requests still to come (answerMarginMs).
 */
import { noteSendTook, refuseAfterDeadline } from '../invocation.js';

interface WithMiddlewareStack {
  middlewareStack: {
    addRelativeTo(middleware: unknown, options: { relation: 'before' | 'after'; toMiddleware: string; name: string; override?: boolean }): void;
  };
}

export function withDeadlineGuard<Client extends WithMiddlewareStack>(client: Client): Client {
  client.middlewareStack.addRelativeTo(
    (next: (args: unknown) => Promise<unknown>, context: { commandName?: string }) => async (args: unknown) => {
      refuseAfterDeadline(String(context.commandName ?? 'request'));
      const sent = Date.now();
      try {
        return await next(args);
      } finally {
        noteSendTook(Date.now() - sent);
      }
    },
    // After the SDK's retry middleware: each of its attempts is checked, not only the first.
    { relation: 'after', toMiddleware: 'retryMiddleware', name: 'refuseAfterDeadline', override: true },
  );
  return client;
}
