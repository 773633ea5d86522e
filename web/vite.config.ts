import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { webAliases } from './aliases.js';
import { pwaOptions } from './pwa.js';

const webRoot = fileURLToPath(new URL('.', import.meta.url));
const repoRoot = fileURLToPath(new URL('..', import.meta.url));

/**
 * A build that writes nothing (tests/infra/web-bundle.test.ts builds in memory) makes no service
 * worker: the plugin would otherwise write one into web/dist from whatever build is there.
 */
function noServiceWorkerUnlessWritten(options: typeof pwaOptions): Plugin {
  return {
    name: 'pwa-only-when-written',
    config(config) {
      if (config.build?.write === false) options.disable = true;
    },
  };
}

const pwa = { ...pwaOptions };

/** The web app: built into web/dist and served as static files (S3 + CloudFront, or the local cloud). */
export default defineConfig({
  root: webRoot,
  envDir: webRoot,
  plugins: [react(), noServiceWorkerUnlessWritten(pwa), VitePWA(pwa)],
  resolve: { alias: webAliases },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    // Only the /docs page's lazy chunk (Swagger UI, ~1.4 MB) passes the default 500 kB; the first download is
    // measured by tests/infra/web-bundle.test.ts and the bundle bench, not by this warning.
    chunkSizeWarningLimit: 1600,
  },
  server: {
    port: 5173,
    // The app imports the project's shared/ folder, which sits outside the Vite root.
    fs: { allow: [repoRoot] },
    proxy: { '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false } },
  },
  preview: {
    proxy: { '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false } },
  },
});
