import { useState } from 'react';
import type { NotificationResponse } from '@shared/api/notification.js';
import { Button, Modal } from '@/ui/index.js';

/**
 * The acknowledgement lives in this browser's storage, keyed by user and naming the message's id:
 * it only decides whether a notice is shown again, so it needs no server write on every OK (nor a
 * write permission on user items for the admin service); the cost is that another device shows the
 * same notice once more.
 */
const ackKey = (userId: string) => `notificationAcknowledged:${userId}`;

function acknowledgedId(userId: string): string | null {
  try {
    return localStorage.getItem(ackKey(userId));
  } catch {
    return null;
  }
}

/**
 * The admin's notice to users: shown until the user presses OK, then not again for that message; a
 * new message (a new id, even with the same text) shows again. Nothing while there is no text.
 */
export function NotificationModal({ notification, userId }: { notification: NotificationResponse | undefined; userId: string }) {
  const [seen, setSeen] = useState(() => acknowledgedId(userId));
  const text = notification?.msg.trim();
  const id = notification?.id;
  if (!text || !id || seen === id) return null;
  const acknowledge = () => {
    try {
      localStorage.setItem(ackKey(userId), id);
    } catch {
      // not remembered across reloads, still closed now
    }
    setSeen(id);
  };
  return (
    <Modal open title="Notification" footer={<Button onClick={acknowledge}>OK</Button>}>
      <p className="notification-text" data-testid="notification-text">
        {text}
      </p>
    </Modal>
  );
}
