import { defineConfig } from 'vitest/config';

// One runner for every package's unit and API tests. API tests share one embedded
// PostgreSQL started by the global setup; each test file gets a database of its own.
export default defineConfig({
  test: {
    // Vitest's default (all cores but one: one file at a time on this 2-core machine). One file a core took the
    // unit tests from 7.7 to 5 min, but a console keyboard test (admin-layout's More menu) then failed in 2 runs of
    // 5: kept one at a time until that test is made safe under load.
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
