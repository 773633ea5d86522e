import { ToastContainer, toast } from 'react-toastify';
import { TOAST_AUTO_CLOSE_MS } from '@shared/constants.js';

/** Toasts: top-right, auto-close after 5 s (spec §9). Mounted once at the app root. */
export function Toasts() {
  return <ToastContainer position="top-right" autoClose={TOAST_AUTO_CLOSE_MS} newestOnTop closeOnClick pauseOnFocusLoss={false} theme="colored" />;
}

export const notify = {
  success: (message: string) => toast.success(message),
  error: (message: string) => toast.error(message),
  warn: (message: string) => toast.warn(message, { toastId: `warn:${message}` }),
  info: (message: string) => toast.info(message),
};
