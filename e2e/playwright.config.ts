import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

// Each checkout gets its own port (and data folder), so runs in several worktrees never collide.
const checkoutOffset = [...process.cwd()].reduce((h, c) => (h * 31 + c.charCodeAt(0)) % 400, 7);
const port = Number(process.env.E2E_PORT ?? 8100 + checkoutOffset);
export const E2E_DATA_DIR = process.env.E2E_DATA_DIR ?? path.join(os.tmpdir(), `psps-e2e-${port}`);

/**
 * Browser tests: Debian's Chromium driven headless against the real server, started here with a fresh
 * embedded PostgreSQL and the demo data (never a downloaded browser).
 */
export default defineConfig({
  testDir: './tests',
  fullyParallel: false,
  workers: 1,
  // One retry: this machine is shared and noisy, and a timing race in a test must not turn the whole run red.
  // A test that passes only on its retry is listed as flaky in the report, to be looked into.
  retries: 1,
  // A test counts as hung after 2 minutes: the longest take about 20 s alone and three times that with other work on
  // the machine's 2 cores, which a 1-minute limit turned into a failure and a retry. Each wait inside a test keeps
  // its own limit (expect: 10 s).
  timeout: 120_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  outputDir: './test-results',
  globalSetup: './global-setup.ts',
  use: {
    baseURL: `http://localhost:${port}`,
    viewport: { width: 1280, height: 800 },
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
        '--disable-sync',
        '--disable-dev-shm-usage',
      ],
    },
  },
  webServer: {
    // A fresh data folder each run: a new embedded PostgreSQL with the demo data.
    command: `rm -rf '${E2E_DATA_DIR}' && npx tsx ../packages/server/src/main.ts`,
    url: `http://localhost:${port}/readyz`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      DATA_DIR: E2E_DATA_DIR,
      DEMO: '1',
      LOG_LEVEL: 'warn',
      UTILITY_ABBREVIATION: 'PG&E',
      PROVIDER_NAME: 'Notification Provider',
      PROVIDER_URL: 'https://provider.example.com',
      // Tests sign in often from one address.
      LOGIN_MAX_ATTEMPTS_PER_CLIENT: '10000',
      LOGIN_MAX_FAILURES_PER_EMAIL: '1000',
    },
  },
});
