import { useState } from 'react';
import type { NotificationResponse } from '@shared/api/notification.js';
import { useAcknowledgeNotification } from '@/lib/notification-api.js';
import { Button } from '@/ui/Button.js';
import { Modal } from '@/ui/Modal.js';

/**
 * The admin's notice to users: shown until the user presses OK, then not again for that message on
 * any device — the server remembers the acknowledgement per user (`checked`); a new message (a new
 * id, even with the same text) shows again. Nothing while there is no text. OK closes it at once;
 * if the server did not hear it, the next visit shows it again rather than losing it.
 */
export function NotificationModal({ notification }: { notification: NotificationResponse | undefined }) {
  const [closedId, setClosedId] = useState<string | null>(null);
  const acknowledge = useAcknowledgeNotification();
  const text = notification?.msg.trim();
  const id = notification?.id;
  if (!text || !id || notification.checked || closedId === id) return null;
  const onOk = () => {
    setClosedId(id);
    acknowledge.mutate(id);
  };
  return (
    <Modal open title="Notification" footer={<Button onClick={onOk}>OK</Button>}>
      <p className="notification-text" data-testid="notification-text">
        {text}
      </p>
    </Modal>
  );
}
