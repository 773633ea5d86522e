/**
 * How browsers may cache the web app, the same in the cloud (S3 object metadata behind CloudFront)
 * and on the local cloud's web server.
 *
 * Vite names every built asset after its content hash, so an /assets/ file never changes: a year,
 * immutable (no revalidation on reload). Everything else (index.html, robots.txt, favicon) names
 * the current build and must be revalidated, or a deploy would not reach returning visitors.
 */
export const HASHED_ASSET_CACHE_CONTROL = 'public, max-age=31536000, immutable';
export const REVALIDATE_CACHE_CONTROL = 'no-cache';

/** The build's folder of content-hashed files (Vite's `build.assetsDir`). */
export const HASHED_ASSETS_DIR = 'assets';

/**
 * The installable app's files at the root of the build (web/pwa.ts): the service worker, which a
 * browser checks for a new version on each visit, and the web manifest. Not hashed, so revalidated
 * like index.html; they must also be served as themselves, never as the SPA's index.html.
 */
export const SERVICE_WORKER_FILE = 'sw.js';
export const WEB_MANIFEST_FILE = 'manifest.webmanifest';
