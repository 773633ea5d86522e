/**
 * Toasts, said from anywhere. react-toastify (~10 KB gzipped, ./toast.tsx) is not part of a screen's
 * own download: the app root fetches it after the first screen (or at the first toast, if sooner) and
 * mounts its container at the first toast; every toast goes through it once it is here. A screen that imported it directly would put it back on the path to its first paint
 * (the signed-in dashboard's copy buttons did).
 * Calls keep their order (they all wait on the one import); if the download fails, that toast is
 * not shown (the screens say every outcome in the page as well) and the next one tries again.
 */
type ToastModule = typeof import('./toast.js');
type Toaster = ToastModule['toastNow'];

let loading: Promise<ToastModule> | undefined;

/**
 * Whether a toast has been asked for on this page: the app root mounts the toasts' container from
 * the first toast on (react-toastify keeps a toast raised before its container mounts and shows it
 * then).
 */
let asked = false;
const askedListeners = new Set<() => void>();

export function toastsAsked(): boolean {
  return asked;
}

/** Called once, at the first toast; returns the unsubscribe. */
export function onToastsAsked(listener: () => void): () => void {
  askedListeners.add(listener);
  return () => askedListeners.delete(listener);
}

function withToaster(show: (toaster: Toaster) => void): void {
  if (!asked) {
    asked = true;
    for (const listener of askedListeners) listener();
  }
  loading ??= import('./toast.js');
  loading.then(
    (module) => show(module.toastNow),
    () => {
      loading = undefined;
    },
  );
}

/** The toast saying a purchase was taken, by the purchase's id: its receipt removes it once final. */
export const purchaseToastId = (purchaseId: string) => `purchase:${purchaseId}`;

export const notify = {
  success: (message: string) => withToaster((t) => t.success(message)),
  /** Says a purchase was taken; `dismiss(purchaseToastId(id))` takes it away. */
  purchaseTaken: (message: string, purchaseId: string) => withToaster((t) => t.purchaseTaken(message, purchaseToastId(purchaseId))),
  dismiss: (toastId: string) => withToaster((t) => t.dismiss(toastId)),
  error: (message: string) => withToaster((t) => t.error(message)),
  warn: (message: string) => withToaster((t) => t.warn(message)),
  info: (message: string) => withToaster((t) => t.info(message)),
};
