import { useLocation } from 'react-router';
import { env } from '@/lib/env.js';

const WHATSAPP_PATH =
  'M16 3C8.8 3 3 8.7 3 15.8c0 2.5.7 4.9 2 7L3 29l6.4-2c2 1.1 4.3 1.7 6.6 1.7 7.2 0 13-5.7 13-12.8S23.2 3 16 3zm0 23.4c-2.1 0-4.1-.6-5.8-1.7l-.4-.3-3.8 1.2 1.2-3.7-.3-.4a10.5 10.5 0 0 1-1.8-5.9C5.1 9.9 10 5.2 16 5.2s10.9 4.7 10.9 10.6S22 26.4 16 26.4zm6-7.9c-.3-.2-1.9-1-2.2-1.1-.3-.1-.5-.2-.7.2l-1 1.2c-.2.2-.4.2-.7.1a8.9 8.9 0 0 1-4.4-3.8c-.3-.6.3-.5 1-1.8.1-.2 0-.4 0-.6l-1-2.4c-.3-.6-.5-.5-.7-.5h-.6c-.2 0-.6.1-.9.4-.3.3-1.2 1.1-1.2 2.8s1.2 3.2 1.4 3.5c.2.2 2.4 3.7 5.8 5.1 2.2.9 3 1 4.1.8.7-.1 1.9-.8 2.2-1.5.3-.8.3-1.4.2-1.5-.1-.2-.3-.3-.6-.4z';

/** The WhatsApp mark, sized for where it sits. */
function WhatsAppMark({ size }: { size: number }) {
  return (
    <svg viewBox="0 0 32 32" width={size} height={size} aria-hidden="true">
      <path fill="currentColor" d={WHATSAPP_PATH} />
    </svg>
  );
}

/**
 * The floating support chat link, on the public screens only. Inside the app the top bar carries
 * it (`ChatTopbarLink`), so it never sits over amounts, buttons or the API key; the
 * page leaves room under its content for it (styles: `.has-floating-chat`).
 */
export function ChatLink() {
  const { pathname } = useLocation();
  if (pathname.startsWith('/profile') || pathname.startsWith('/admin')) return null;
  return (
    <a className="chat-link" href={env.chatUrl} target="_blank" rel="noreferrer" aria-label="Chat with support on WhatsApp" data-testid="chat-link">
      <WhatsAppMark size={28} />
    </a>
  );
}

/** The chat link in the signed-in top bar (customers only: never on an admin's screens). */
export function ChatTopbarLink() {
  return (
    <a className="chat-topbar-link" href={env.chatUrl} target="_blank" rel="noreferrer" aria-label="Chat with support on WhatsApp" data-testid="chat-link">
      <WhatsAppMark size={20} />
    </a>
  );
}
