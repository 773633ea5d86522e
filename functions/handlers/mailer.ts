/**
 * Sends the e-mails requested on the bus. SQS consumer: each message body is the EventBridge
 * event (its `detail` an EmailRequested); failed messages are reported one by one
 * (ReportBatchItemFailures) so only they are retried and, in the end, land in the DLQ.
 */
import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import type { SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { emailRequestedSchema, type EmailRequested } from '../../shared/events.js';
import { ENV } from '../../shared/runtime-env.js';
import { optionalEnv } from '../adapters/config.js';
import { logger } from '../adapters/observability.js';

export const DEFAULT_MAIL_FROM = 'no-reply@localhost';

export class MailMessageError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'MailMessageError';
  }
}

let ses: SESv2Client | undefined;

/** The e-mail a queue record asks for; a record that is not a valid EmailRequested event throws. */
export function emailOfRecord(record: Pick<SQSRecord, 'body'>): EmailRequested {
  let event: unknown;
  try {
    event = JSON.parse(record.body);
  } catch (cause) {
    throw new MailMessageError('message body is not JSON', { cause });
  }
  const detail = (event as { detail?: unknown } | null)?.detail;
  const parsed = emailRequestedSchema.safeParse(detail);
  if (!parsed.success) throw new MailMessageError(`message is not an EmailRequested event: ${parsed.error.issues[0]?.message ?? 'invalid'}`);
  return parsed.data;
}

export function sendEmailCommand(email: EmailRequested, from: string): SendEmailCommand {
  return new SendEmailCommand({
    FromEmailAddress: from,
    Destination: { ToAddresses: [email.to] },
    Content: {
      Simple: {
        Subject: { Data: email.subject, Charset: 'UTF-8' },
        Body: {
          Text: { Data: email.text, Charset: 'UTF-8' },
          ...(email.html ? { Html: { Data: email.html, Charset: 'UTF-8' } } : {}),
        },
      },
    },
  });
}

async function deliver(record: SQSRecord): Promise<void> {
  const email = emailOfRecord(record);
  ses ??= new SESv2Client({ maxAttempts: 3 });
  const result = await ses.send(sendEmailCommand(email, optionalEnv(ENV.mailFrom, DEFAULT_MAIL_FROM)));
  logger.info('e-mail sent', { messageId: record.messageId, sesMessageId: result.MessageId, subject: email.subject });
}

export const handler = async (event: SQSEvent): Promise<SQSBatchResponse> => {
  const outcomes = await Promise.allSettled(event.Records.map((record) => deliver(record)));
  const batchItemFailures: SQSBatchResponse['batchItemFailures'] = [];
  outcomes.forEach((outcome, index) => {
    if (outcome.status === 'fulfilled') return;
    const record = event.Records[index]!;
    // Malformed messages fail too: they then reach the DLQ where somebody can look at them.
    logger.error('e-mail not sent', { messageId: record.messageId, error: outcome.reason as Error });
    batchItemFailures.push({ itemIdentifier: record.messageId });
  });
  return { batchItemFailures };
};
