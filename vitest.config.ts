import { defineConfig } from 'vitest/config';
import { sourceAlias } from './packages/web/vite.config.ts';

// One runner for every package's unit and API tests. API tests share one embedded
// PostgreSQL started by the global setup; each test file gets a database of its own.
export default defineConfig({
  test: {
    // One test file a core: Vitest's default (all cores but one) ran the files one after another on this 2-core
    // machine, though most of an API test's time is spent waiting for PostgreSQL (7.7 min against 5.2 min).
    maxWorkers: '100%',
    projects: [
      {
        test: {
          name: 'contracts',
          root: 'packages/contracts',
          include: ['src/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'server',
          root: 'packages/server',
          include: ['src/**/*.test.ts'],
          globalSetup: ['./test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
      {
        resolve: { alias: sourceAlias },
        test: {
          name: 'web',
          root: 'packages/web',
          include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
          setupFiles: ['./src/test-setup.ts'],
          testTimeout: 20_000,
        },
      },
    ],
  },
});
