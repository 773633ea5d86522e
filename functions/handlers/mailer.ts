/**
 * Sends the e-mails requested on the bus. SQS consumer: each message body is the EventBridge
 * event (its `detail` an EmailRequested); each mail goes out once per (mail, recipient) however
 * often it is delivered (domain/mail-delivery.ts). Failed messages are reported one by one
 * (ReportBatchItemFailures) so only they are retried; malformed ones fail too and, in the end,
 * land in the DLQ where somebody can look at them.
 */
import { randomUUID } from 'node:crypto';
import { EVENT_TYPES } from '../../shared/events.js';
import { ENV } from '../../shared/runtime-env.js';
import { ENV_GROUPS, loadEnv } from '../adapters/environment.js';
import { dynamoMailDeliveries } from '../adapters/dynamo/back-office/mail-deliveries.js';
import { platformEventOf } from '../adapters/envelopes.js';
import { domainLog } from '../adapters/log.js';
import { logger } from '../adapters/observability.js';
import { sesMailSender } from '../adapters/ses.js';
import { sendMailOnce, type MailDeps } from '../domain/notifications/mail-delivery.js';
import { backgroundFunction, sqsBatchHandler } from '../middleware/background.js';

export function mailerHandler(deps: MailDeps) {
  return sqsBatchHandler(async (record) => {
    // The event's id is the mail's (the same on every delivery of it), unless the producer named the
    // mail itself because it may publish it again (a mailing's fan-out).
    const { id, detail } = platformEventOf(record, EVENT_TYPES.emailRequested);
    const outcome = await sendMailOnce({ mailId: detail.mailId ?? id, email: detail }, deps);
    logger.info('e-mail', { messageId: record.messageId, outcome, subject: detail.subject });
  });
}

const env = loadEnv([...ENV_GROUPS.table, ENV.mailFrom]);

export const handler = backgroundFunction(
  mailerHandler({ deliveries: dynamoMailDeliveries, sender: sesMailSender(env[ENV.mailFrom]), newClaimId: randomUUID, now: () => new Date(), log: domainLog }),
);
