import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { sourceAlias } from './packages/web/vite.config.ts';

/**
 * The files of a worker share the libraries once loaded (Fastify, pg, pg-boss; React, Mantine and jsdom's helpers),
 * instead of loading them again for each file; the project's own modules are still read afresh for each file
 * (vitest.fresh-modules.ts). The unit run took 5.75 min before, 4.3 after (2026-11-29); the console's files alone
 * 133 s before, 54-66 s after.
 */
const sharedWorker = {
  isolate: false,
  freshModules: fileURLToPath(new URL('./vitest.fresh-modules.ts', import.meta.url)),
};

/**
 * How long one test may take before it counts as hung. The limits only catch a test that never ends: a test's own
 * waits (findBy…, waitFor, expect.poll) say what it waits for and for how long. They are generous because a unit
 * run has no retry and this machine is shared: on 2026-11-30, with two other engineers' servers and browsers
 * running (load average 6), the audit log's command-line test (ten command-line processes) took over its 30 s and
 * failed, the users command-line test took 29.8 s, and a console test 17 s against its 20 s; alone they take a third.
 */
const LIMIT_MS = { server: 120_000, web: 60_000 };

// One runner for every package's unit and API tests. API tests share one embedded
// PostgreSQL started by the global setup; each test file gets a database of its own.
export default defineConfig({
  test: {
    // Three test files at a time on this 2-core machine: much of a test's time is spent waiting for PostgreSQL or a
    // child process (a server, a command-line tool), not computing. Vitest's default (all cores but one) ran the
    // files one after another (7.7 min against 5.2 min with two); with the libraries shared (isolate: false below),
    // three took the unit run from 4.3 to 3.5 min against two (2026-11-29, twice).
    maxWorkers: 3,
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
          setupFiles: [sharedWorker.freshModules],
          testTimeout: LIMIT_MS.server,
          hookTimeout: 120_000,
          isolate: sharedWorker.isolate,
        },
      },
      {
        resolve: { alias: sourceAlias },
        test: {
          name: 'web',
          root: 'packages/web',
          include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
          setupFiles: ['./src/test-setup.ts', sharedWorker.freshModules],
          isolate: sharedWorker.isolate,
          testTimeout: LIMIT_MS.web,
        },
      },
    ],
  },
});
