/** An admin's mail to one user or to every user (POST /admin/sendMail). */
import { z } from 'zod';
import { MSG, SEND_MAIL_MSG } from '../messages.js';
import { requestId } from './common.js';
import { plainText } from './text.js';

export const MAIL_SUBJECT_MAX_LENGTH = 200;
export const MAIL_MESSAGE_MAX_LENGTH = 5000;
export const MAIL_URL_MAX_LENGTH = 2000;
export const MAIL_LINK_MESSAGE_MAX_LENGTH = 200;

/**
 * The four fields the spec requires; a missing one gets the spec's one message. Each is plain text
 * (shared/api/text.ts); only the message runs over several lines.
 */
const requiredText = (label: string, max: number, tooLong: string, multiline = false) =>
  plainText(label, { multiline, required_error: MSG.allFieldsRequired, invalid_type_error: MSG.allFieldsRequired }).pipe(
    z.string().min(1, MSG.allFieldsRequired).max(max, tooLong),
  );

/** Only web links: a `javascript:` or `data:` URL must never become a link in somebody's mailbox. */
const webLink = requiredText('Link', MAIL_URL_MAX_LENGTH, SEND_MAIL_MSG.invalidUrl).refine((value) => {
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}, SEND_MAIL_MSG.invalidUrl);

export const sendMailRequest = z.object({
  /** A user name; blank (or absent) means every user. No user name is longer than 30 characters. */
  userAccount: z
    .string({ invalid_type_error: MSG.userNotFound })
    .trim()
    .max(30, MSG.userNotFound)
    .optional()
    .nullable()
    .transform((value) => value || undefined),
  subject: requiredText('Subject', MAIL_SUBJECT_MAX_LENGTH, SEND_MAIL_MSG.subjectTooLong),
  message: requiredText('Message', MAIL_MESSAGE_MAX_LENGTH, SEND_MAIL_MSG.messageTooLong, true),
  url: webLink,
  linkMessage: requiredText('Link text', MAIL_LINK_MESSAGE_MAX_LENGTH, SEND_MAIL_MSG.linkMessageTooLong),
  /** Sent again with the same content (a retry after a timeout), the mailing is the same one: nobody gets it twice. */
  request_id: requestId,
});
export type SendMailRequest = z.input<typeof sendMailRequest>;
export type SendMailInput = z.output<typeof sendMailRequest>;

export interface SendMailResponse {
  msg: string;
  /** Mails queued: 1 for one user, the number of users for everyone. */
  queued: number;
  /** The mailing's id (the same for a retried request). */
  mailingId: string;
}
