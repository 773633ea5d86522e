import { useRegisterSW } from 'virtual:pwa-register/react';
import '../offline.css';

/**
 * Registers the service worker (mounted once the first screen is done: app/first-load-settled.ts) and, when a new version
 * has been deployed and is waiting, offers to switch to it. The switch reloads the page, so it is the
 * user's choice, never done under a purchase in progress.
 */
export function UpdatePrompt() {
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    updateServiceWorker,
  } = useRegisterSW();
  if (!needRefresh) return null;
  return (
    <div className="update-prompt" role="status" data-testid="update-prompt">
      <p>A new version of the app is ready.</p>
      <button type="button" className="btn btn-primary btn-sm" onClick={() => void updateServiceWorker(true)}>
        Update now
      </button>
      <button type="button" className="btn btn-ghost btn-sm" onClick={() => setNeedRefresh(false)}>
        Later
      </button>
    </div>
  );
}
