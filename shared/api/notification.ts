/** The notice to every signed-in user (spec §2 "Notification modal", §3 "Notification"). */
import { z } from 'zod';
import { NOTIFICATION_MSG } from '../messages.js';

export const NOTIFICATION_MAX_LENGTH = 1000;

/** An empty message clears the notice: nobody sees a modal until the next one. */
export const setNotificationRequest = z.object({
  msg: z
    .string({ required_error: NOTIFICATION_MSG.enterMessage, invalid_type_error: NOTIFICATION_MSG.enterMessage })
    .trim()
    .max(NOTIFICATION_MAX_LENGTH, NOTIFICATION_MSG.tooLong),
});
export type SetNotificationRequest = z.input<typeof setNotificationRequest>;

export interface NotificationResponse {
  msg: string;
  /** Changes with every message set, so a user who acknowledged one sees the next (even with the same text); null: none yet. */
  id: string | null;
}

export interface SetNotificationResponse {
  msg: string;
  notification: NotificationResponse;
}
