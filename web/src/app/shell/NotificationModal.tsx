import { useState } from 'react';
import { Button, Modal } from '@/ui/index.js';

const ACK_KEY = 'notificationAcknowledged';

function acknowledged(): string | null {
  try {
    return localStorage.getItem(ACK_KEY);
  } catch {
    return null;
  }
}

/**
 * The admin's notice to users: shown until the user presses OK, then not again for the same text.
 * Renders nothing while there is no notification text.
 */
export function NotificationModal({ message }: { message: string | null | undefined }) {
  const [seen, setSeen] = useState(acknowledged);
  const text = message?.trim();
  if (!text || seen === text) return null;
  const acknowledge = () => {
    try {
      localStorage.setItem(ACK_KEY, text);
    } catch {
      // not remembered across reloads, still closed now
    }
    setSeen(text);
  };
  return (
    <Modal open title="Notification" footer={<Button onClick={acknowledge}>OK</Button>}>
      <p className="notification-text">{text}</p>
    </Modal>
  );
}
