import { defineConfig } from 'vitest/config';
import { webAliases } from './web/vite.config.js';

/**
 * One test command for everything. Projects run in this order of cost:
 * unit (pure + property), infra (CDK template), integration (local cloud), browser (Chromium).
 */
export default defineConfig({
  test: {
    projects: [
      {
        // The web's unit tests import through its aliases (@/…, @shared/…).
        resolve: { alias: webAliases },
        test: {
          name: 'unit',
          include: ['shared/**/*.test.ts', 'functions/**/*.test.ts', 'tests/unit/**/*.test.ts', 'tests/property/**/*.test.ts', 'web/src/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['tests/support/function-env.ts'],
        },
      },
      {
        test: {
          name: 'infra',
          include: ['tests/infra/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'browser',
          include: ['tests/browser/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
