import { spawn } from 'node:child_process';
import { chmod } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { eventually } from '../completion/test-fixture.ts';
import { loadConfig } from '../config.ts';
import { tempFolder } from '../delivery/test-support/files.ts';
import { type Runtime, startRuntime } from '../runtime.ts';

const here = path.dirname(fileURLToPath(import.meta.url));

describe('the embedded PostgreSQL of a server that was killed', () => {
  let dataDir: Awaited<ReturnType<typeof tempFolder>> | undefined;
  let runtime: Runtime | undefined;
  afterAll(async () => {
    await runtime?.close();
    await dataDir?.remove();
  });

  it('is stopped by the next start, which then starts with the data kept', async () => {
    dataDir = await tempFolder('orphan');
    await chmod(dataDir.path, 0o755);
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DATA_DIR: dataDir.path,
      LOG_LEVEL: 'silent',
      WORKERS: '0',
    };
    delete env.DATABASE_URL;
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', path.resolve(here, '../../test/job-worker-child.ts')],
      {
        env,
        stdio: ['pipe', 'pipe', 'inherit'],
      },
    );
    let output = '';
    child.stdout!.on('data', (chunk) => {
      output += chunk;
    });
    await eventually(async () => (output.includes('ready') ? true : undefined), 60_000, 'the first server');
    // The first server is killed outright: its PostgreSQL is left running on the folder.
    child.kill('SIGKILL');
    await new Promise((resolve) => child.once('exit', resolve));

    runtime = await startRuntime(loadConfig(env), { workers: false });
    const { rows } = await runtime.ctx.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM pgboss.queue WHERE name = 'outage-probe'",
    );
    expect(rows).toEqual([{ n: 1 }]);
    // The new server's own PostgreSQL answers on the address it was given.
    const client = new pg.Client({ connectionString: runtime.embedded!.url });
    await client.connect();
    expect((await client.query('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
    await client.end();
  }, 120_000);
});
