import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/App.js';
import { preloadScreensFor } from '@/app/router.js';
import { keepTokenRenewed } from '@/lib/token-renewal.js';
import '@/styles/index.css';

preloadScreensFor(window.location.pathname);
keepTokenRenewed();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
