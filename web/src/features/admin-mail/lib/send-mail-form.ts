/**
 * The admin's mail: subject, message, link and link text required; the
 * user name optional (blank: every user). The form's rules are the API's (shared/api/send-mail.ts).
 */
import type { z } from 'zod';
import { sendMailRequest, type SendMailRequest } from '@shared/api/send-mail.js';

export const sendMailForm = sendMailRequest.omit({ request_id: true });
export type SendMailFormValues = z.input<typeof sendMailForm>;
export type SendMailFormOutput = z.output<typeof sendMailForm>;

export const SEND_MAIL_FIELDS = ['userAccount', 'subject', 'message', 'url', 'linkMessage'] as const satisfies ReadonlyArray<keyof SendMailFormValues>;

export const EMPTY_SEND_MAIL_FORM: SendMailFormValues = { userAccount: '', subject: '', message: '', url: '', linkMessage: '' };

/** POST /admin/sendMail's body; the request_id (one per confirmation) makes a retried send the same mailing. */
export type SendMailBody = SendMailRequest & { request_id: string };

export function sendMailBody(values: SendMailFormOutput, requestId: string): SendMailBody {
  return {
    userAccount: values.userAccount ?? '',
    subject: values.subject,
    message: values.message,
    url: values.url,
    linkMessage: values.linkMessage,
    request_id: requestId,
  };
}

/** Who the confirmation says the mail goes to. */
export function audienceOf(body: Pick<SendMailBody, 'userAccount'>): string {
  return body.userAccount ? body.userAccount : 'Every user';
}
