/**
 * Fans admins' mailings out (SQS consumer of the mailing queue): each message is one page of one
 * mailing — one EmailRequested per user on the bus, named by (mailing, user), then the next page's
 * message. A failed message is retried alone (ReportBatchItemFailures); its mails, asked for again,
 * are sent once by the mailer.
 */
import { EVENT_TYPES, mailingMessageSchema } from '../../shared/events.js';
import { ENV } from '../../shared/runtime-env.js';
import { ENV_GROUPS, loadEnv } from '../adapters/environment.js';
import { recipientsPage } from '../adapters/dynamo/back-office/mailing-recipients.js';
import { messageOf } from '../adapters/envelopes.js';
import { publishEvents } from '../adapters/events.js';
import { logger } from '../adapters/observability.js';
import { sqsMailingQueue } from '../adapters/queues.js';
import { fanOutMailing, type MailingFanOutDeps } from '../domain/notifications/mailings.js';
import { backgroundFunction, sqsBatchHandler } from '../middleware/background.js';

export function mailingsHandler(deps: MailingFanOutDeps) {
  return sqsBatchHandler(async (record) => {
    const job = messageOf(record, mailingMessageSchema);
    const outcome = await fanOutMailing(job, deps);
    logger.info('mailing page', {
      messageId: record.messageId,
      mailingId: job.mailingId,
      audience: job.audience.kind,
      requested: outcome.requested,
      skipped: outcome.skipped ?? 0,
      continued: Boolean(outcome.continuedAt),
    });
  });
}

loadEnv([...ENV_GROUPS.table, ...ENV_GROUPS.bus, ENV.mailingQueueUrl]);

export const handler = backgroundFunction(
  mailingsHandler({ recipientsPage, requestEmails: (emails) => publishEvents(EVENT_TYPES.emailRequested, emails), ...sqsMailingQueue() }),
);
