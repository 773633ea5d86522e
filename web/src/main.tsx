import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/App.js';
import { firstScreensLoading } from '@/app/first-load-settled.js';
import { preloadScreensFor } from '@/app/router.js';
import { keepTokenRenewed } from '@/lib/token-renewal.js';
// Direct import (not the ui barrel): the first download carries only what the first screen needs.
import { Spinner } from '@/ui/Spinner.js';
import '@/styles/index.css';

const screensLoading = preloadScreensFor(window.location.pathname);
if (screensLoading) firstScreensLoading(screensLoading);
keepTokenRenewed();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const root = createRoot(container);
const app = (
  <StrictMode>
    <App />
  </StrictMode>
);
if (screensLoading) {
  // The screen's code is still on its way: the loading spinner is drawn at once, and the app as a
  // transition behind it. React draws a transition in slices of a few milliseconds with the browser
  // free in between, rather than as long tasks (on a phone's slow CPU the longest of a first load),
  // and keeps the spinner until the whole screen is ready: one commit, not the shell and then its page.
  root.render(
    <div className="page-loading">
      <Spinner label="Loading…" size="lg" />
    </div>,
  );
  startTransition(() => root.render(app));
} else {
  // A screen that came with this file (the landing page) is drawn at once, as the page loads.
  root.render(app);
}
