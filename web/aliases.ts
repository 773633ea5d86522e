import { fileURLToPath } from 'node:url';

/**
 * `@/…` is web/src and `@shared/…` the project's shared/ folder, so an import says which layer it
 * reaches instead of counting `../`. The same table serves the web build (vite.config.ts) and the unit
 * tests (vitest.config.ts, which thus loads none of the build's plugins), and mirrors tsconfig.json's `paths`.
 */
export const webAliases = [
  { find: /^@\//, replacement: fileURLToPath(new URL('./src/', import.meta.url)) },
  { find: /^@shared\//, replacement: fileURLToPath(new URL('../shared/', import.meta.url)) },
];
