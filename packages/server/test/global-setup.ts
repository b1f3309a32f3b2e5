import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '../src/db/embedded.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string;
  }
}

/**
 * One real PostgreSQL for the whole run (embedded, in a fresh temporary folder), or TEST_DATABASE_URL.
 * Each test file then creates a database of its own (see harness.ts), so files run in parallel.
 */
export default async function setup(project: TestProject) {
  if (process.env.TEST_DATABASE_URL) {
    project.provide('databaseUrl', process.env.TEST_DATABASE_URL);
    return;
  }
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'psps-test-pg-'));
  await fs.chmod(dir, 0o755);
  const pg = await startEmbeddedPostgres(path.join(dir, 'data'), { persistent: false });
  project.provide('databaseUrl', pg.url);
  return async () => {
    await pg.stop();
    await fs.rm(dir, { recursive: true, force: true });
  };
}
