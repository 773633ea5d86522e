/**
 * The mailings HTTP service: POST /admin/sendMail. It checks the input and the named user, then
 * queues one mailing job and answers how many mails it holds; the mailings consumer
 * (handlers/mailings.ts) fans it out, so a mail to every user never runs inside the request.
 */
import { ulid } from 'ulid';
import { sendMailRequest, type SendMailResponse } from '../../../shared/api/send-mail.js';
import { MSG, SEND_MAIL_MSG, mailsQueuedMessage } from '../../../shared/messages.js';
import { ENV } from '../../../shared/runtime-env.js';
import { ENV_GROUPS, loadEnv } from '../../adapters/environment.js';
import { findRecipient } from '../../adapters/dynamo/back-office/mailing-recipients.js';
import { countUsers } from '../../adapters/dynamo/transactions/sales-stats.js';
import { logger } from '../../adapters/observability.js';
import { sqsMailingQueue } from '../../adapters/queues.js';
import { queueMailing, type QueueMailingDeps, type QueueMailingResult } from '../../domain/notifications/mailings.js';
import { answerWith, httpService, ok, parseInput, refuse, type UserOperation } from '../../middleware/http.js';
import { edge } from './edge.js';

const mailingAnswer = answerWith<QueueMailingResult>({
  mailing_queued: ({ mailingId, queued }) => ok({ msg: mailsQueuedMessage(queued), queued, mailingId } satisfies SendMailResponse),
  user_not_found: refuse(404, MSG.userNotFound),
  no_mail_address: refuse(422, SEND_MAIL_MSG.noMailAddress),
});

export const sendMailOperation =
  (deps: QueueMailingDeps): UserOperation =>
  async ({ body, principal }) => {
    const result = await queueMailing(parseInput(sendMailRequest, body), principal.userId, deps);
    if (result.kind === 'mailing_queued') logger.info('mailing queued', { mailingId: result.mailingId, queued: result.queued, by: principal.userName });
    return mailingAnswer(result);
  };

// Cold start: the variables this function is given, parsed once; a missing one stops it here, named.
loadEnv([...ENV_GROUPS.table, ...ENV_GROUPS.session, ENV.mailingQueueUrl]);

const deps: QueueMailingDeps = {
  findRecipient,
  countUsers,
  ...sqsMailingQueue(),
  newMailingId: () => ulid(),
};

export const handler = httpService('mailings', { sendMail: sendMailOperation(deps) }, edge);
