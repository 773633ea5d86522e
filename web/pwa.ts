/**
 * The installable app (vite-plugin-pwa, Workbox's generateSW): the web manifest and a service
 * worker that keeps the app shell and the built static files, and nothing else. API answers are
 * never cached: a balance or a receipt from a cache would be money shown wrong, so every /api call
 * goes to the network and fails plainly offline (the app then shows its offline page).
 * Decision 120 says why.
 */
import type { VitePWAOptions } from 'vite-plugin-pwa';
import { API_BASE_PATH } from '../shared/constants.js';
import { SERVICE_WORKER_FILE, WEB_MANIFEST_FILE } from '../infra/stack/web-caching.js';

/** The brand green of the header and icons (index.html's theme-color meta says the same). */
export const THEME_COLOUR = '#0b6e4f';

/**
 * The largest file the service worker keeps. The /docs page's Swagger UI chunk (~1.4 MB) stays out:
 * it reads the API's OpenAPI document anyway, so it is of no use offline, and a phone on a weak
 * network should not download it to install the app.
 */
export const PRECACHE_MAX_BYTES = 600 * 1024;

const icon = (file: string, size: number, purpose: 'any' | 'maskable') => ({
  src: `/icons/${file}-${size}.png`,
  sizes: `${size}x${size}`,
  type: 'image/png',
  purpose,
});

export const pwaOptions: Partial<VitePWAOptions> = {
  // A new version waits until the user says so (the update prompt): a page mid-purchase is never swapped under them.
  registerType: 'prompt',
  // The app registers the worker itself (virtual:pwa-register/react, loaded after the first screen).
  injectRegister: null,
  filename: SERVICE_WORKER_FILE,
  manifestFilename: WEB_MANIFEST_FILE,
  includeAssets: ['favicon.svg', 'robots.txt'],
  manifest: {
    id: '/',
    name: 'VTU Wallet — airtime, data and electricity',
    short_name: 'VTU Wallet',
    description: 'Buy airtime, data and electricity tokens instantly from your naira wallet.',
    lang: 'en-NG',
    start_url: '/profile',
    scope: '/',
    display: 'standalone',
    orientation: 'portrait',
    theme_color: THEME_COLOUR,
    background_color: '#ffffff',
    icons: [icon('icon', 192, 'any'), icon('icon', 512, 'any'), icon('maskable', 192, 'maskable'), icon('maskable', 512, 'maskable')],
  },
  workbox: {
    // The manifest's icons are added by the plugin itself.
    globPatterns: ['**/*.{html,js,css,svg,ico,txt,woff2}'],
    // Workbox warns (and the plugin then fails the build) past its own limit; ours drops the larger files quietly.
    maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
    manifestTransforms: [async (entries) => ({ manifest: entries.filter((entry) => entry.size <= PRECACHE_MAX_BYTES), warnings: [] })],
    // Any app route opens the cached shell (the router decides what to show); the API and the local cloud's own pages never do.
    navigateFallback: '/index.html',
    navigateFallbackDenylist: [new RegExp(`^/${API_BASE_PATH.split('/')[1]}/`), /^\/_local\//],
    // No runtime caching: only what the build produced is kept.
    runtimeCaching: [],
    // One file to serve at the root, not sw.js plus a workbox-<hash>.js beside it.
    inlineWorkboxRuntime: true,
    // The first install takes the open page at once, so it works offline without a reload; later versions wait for the prompt.
    clientsClaim: true,
    cleanupOutdatedCaches: true,
    sourcemap: false,
  },
};
