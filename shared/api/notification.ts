/** The notice to every signed-in user, shown until they press OK. */
import { z } from 'zod';
import { NOTIFICATION_MSG } from '../messages.js';
import { hasMarkup, plainText } from './text.js';

export const NOTIFICATION_MAX_LENGTH = 1000;

/**
 * An empty message clears the notice: nobody sees a modal until the next one. The notice is plain
 * text on several lines (shared/api/text.ts), served as it is to every client: markup is refused.
 */
export const setNotificationRequest = z.object({
  msg: plainText('Notification', { multiline: true, required_error: NOTIFICATION_MSG.enterMessage, invalid_type_error: NOTIFICATION_MSG.enterMessage })
    .pipe(z.string().max(NOTIFICATION_MAX_LENGTH, NOTIFICATION_MSG.tooLong))
    .refine((msg) => !hasMarkup(msg), NOTIFICATION_MSG.plainTextOnly),
});
export type SetNotificationRequest = z.input<typeof setNotificationRequest>;

export interface NotificationResponse {
  msg: string;
  /** Changes with every message set, so a user who acknowledged one sees the next (even with the same text); null: none yet. */
  id: string | null;
  /** The caller pressed OK on this notice (on any device): the spec's "checked" flag. */
  checked: boolean;
}

/** POST /admin/notification/ack {id}: the caller has read the notice with this id. */
export const acknowledgeNotificationRequest = z.object({
  id: z
    .string({ required_error: NOTIFICATION_MSG.notCurrent, invalid_type_error: NOTIFICATION_MSG.notCurrent })
    .trim()
    .min(1, NOTIFICATION_MSG.notCurrent)
    .max(64, NOTIFICATION_MSG.notCurrent),
});
export type AcknowledgeNotificationRequest = z.input<typeof acknowledgeNotificationRequest>;

export interface AcknowledgeNotificationResponse {
  msg: string;
  notification: NotificationResponse;
}

export interface SetNotificationResponse {
  msg: string;
  notification: NotificationResponse;
}
