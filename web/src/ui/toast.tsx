import { ToastContainer, toast, type ToastOptions } from 'react-toastify';
import { TOAST_AUTO_CLOSE_MS } from '@shared/constants.js';

/**
 * Toasts: top-right under the top bar (never over the menu button or Logout), auto-close after 5 s.
 * Mounted once at the app root. One message at a time: a new outcome
 * replaces whatever was showing, so a stale error never sits beside a later success.
 */
export function Toasts() {
  return <ToastContainer position="top-right" autoClose={TOAST_AUTO_CLOSE_MS} newestOnTop closeOnClick pauseOnFocusLoss={false} theme="colored" />;
}

/** Replaces the message on screen with this one. */
function replace(show: (message: string, options?: ToastOptions) => unknown, message: string, options?: ToastOptions) {
  toast.dismiss();
  show(message, options);
}

/** What ./notify.ts calls once this module is here; screens call `notify` from there, never this. */
export const toastNow = {
  success: (message: string) => replace(toast.success, message),
  /** Says a purchase was taken; `dismiss(purchaseToastId(id))` takes it away. */
  purchaseTaken: (message: string, toastId: string) => replace(toast.success, message, { toastId }),
  dismiss: (toastId: string) => toast.dismiss(toastId),
  error: (message: string) => replace(toast.error, message),
  warn: (message: string) => replace(toast.warn, message, { toastId: `warn:${message}` }),
  info: (message: string) => replace(toast.info, message),
};
