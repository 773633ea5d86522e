/** E-mail through SES v2 (AWS_ENDPOINT_URL_SESV2 points it at the local cloud's mail catcher). */
import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import type { EmailRequested } from '../../shared/events.js';
import type { MailSender } from '../domain/notifications/mail-port.js';
import { withDeadlineGuard } from './aws/deadline-guard.js';
import { withoutSdkLogger } from './aws/sdk-logger.js';

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

export function sesMailSender(from: string): MailSender {
  const client = withDeadlineGuard(withoutSdkLogger(new SESv2Client({ maxAttempts: 3 })));
  return {
    async send(email) {
      const result = await client.send(sendEmailCommand(email, from));
      return { providerMessageId: result.MessageId };
    },
  };
}
