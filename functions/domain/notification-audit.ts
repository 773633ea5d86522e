/** The audit entry's before/after of the notice to users (set in the same write as the notice). */
import type { NotificationChange } from '../ports/settings.js';
import type { AuditChange } from './audit.js';

/** The notice to users: the message replaced (none the first time) and the new one, with their ids. */
export function notificationAuditChange({ before, after }: NotificationChange): AuditChange {
  return { before: before ? { msg: before.msg, id: before.id } : null, after: { msg: after.msg, id: after.id } };
}
