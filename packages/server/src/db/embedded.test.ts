import { spawn } from 'node:child_process';
import { chmod, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { eventually } from '../completion/test-fixture.ts';
import { loadConfig } from '../config.ts';
import { tempFolder } from '../delivery/test-support/files.ts';
import { type Runtime, startRuntime } from '../runtime.ts';
import { type EmbeddedDatabase, startEmbeddedPostgres } from './embedded.ts';

const here = path.dirname(fileURLToPath(import.meta.url));

describe('a process that uses the embedded PostgreSQL', () => {
  it('ends with its own exit code and nothing on standard error (a failed test run must not report success)', async () => {
    const script = `import('./src/db/embedded.ts').then(() => { process.exitCode = 3; });`;
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: path.resolve(here, '../..'),
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const code = await new Promise<number | null>((resolve) =>
      child.on('close', (exitCode) => resolve(exitCode)),
    );
    expect(stderr).toBe('');
    expect(code).toBe(3);
  });
});

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
  });
});

describe('an embedded PostgreSQL that stops while the server runs', () => {
  let dataDir: Awaited<ReturnType<typeof tempFolder>> | undefined;
  let database: EmbeddedDatabase | undefined;
  afterAll(async () => {
    await database?.stop();
    await dataDir?.remove();
  });

  it('is started again, and the server can still be stopped', async () => {
    dataDir = await tempFolder('restart');
    await chmod(dataDir.path, 0o755);
    const dir = path.join(dataDir.path, 'postgres');
    const warnings: string[] = [];
    database = await startEmbeddedPostgres(dir, { warn: (line) => warnings.push(line) });
    const pool = new pg.Pool({ connectionString: database.url, max: 1 });
    pool.on('error', () => {});
    try {
      await pool.query('CREATE TABLE kept (n int); INSERT INTO kept VALUES (7)');
      const pid = Number((await readFile(path.join(dir, 'postmaster.pid'), 'utf8')).split('\n')[0]);
      process.kill(pid, 'SIGINT');
      await eventually(
        async () => {
          try {
            process.kill(pid, 0);
            return undefined;
          } catch {
            return true;
          }
        },
        30_000,
        'PostgreSQL to stop',
      );
      const rows = await eventually(
        () =>
          pool.query<{ n: number }>('SELECT n FROM kept').then(
            (res) => res.rows,
            () => undefined,
          ),
        60_000,
        'the database to answer again',
      );
      expect(rows).toEqual([{ n: 7 }]);
      await eventually(async () => (warnings.length >= 2 ? true : undefined));
      expect(warnings).toEqual([
        'The embedded PostgreSQL stopped (exit code 0); starting it again.',
        'The embedded PostgreSQL is running again.',
      ]);
    } finally {
      await pool.end();
    }
    const started = Date.now();
    await database.stop();
    database = undefined;
    expect(Date.now() - started).toBeLessThan(10_000);
  });
});

describe("the embedded PostgreSQL's own log (the server's debug lines)", () => {
  let dataDir: Awaited<ReturnType<typeof tempFolder>> | undefined;
  let database: EmbeddedDatabase | undefined;
  afterAll(async () => {
    await database?.stop();
    await dataDir?.remove();
  });

  it('names a refused statement and its constraint, never the failing row (a customer phone number or address)', async () => {
    dataDir = await tempFolder('terse-log');
    await chmod(dataDir.path, 0o755);
    const lines: string[] = [];
    database = await startEmbeddedPostgres(path.join(dataDir.path, 'postgres'), {
      log: (line) => lines.push(line),
    });
    const pool = new pg.Pool({ connectionString: database.url, max: 1 });
    // pool.end() resolves before its connection has closed: the database stopped after the test may still reach it
    // ('terminating connection due to administrator command'), an error event nobody else listens for.
    pool.on('error', () => {});
    try {
      await pool.query('CREATE TABLE contacts (contact text UNIQUE, attempts int CHECK (attempts > 0))');
      await pool.query('INSERT INTO contacts VALUES ($1, 1)', ['privacy-probe@example.org']);
      await pool.query('INSERT INTO contacts VALUES ($1, 1)', ['privacy-probe@example.org']).catch(() => {});
      await pool.query('INSERT INTO contacts VALUES ($1, 0)', ['+14155550123']).catch(() => {});
    } finally {
      await pool.end();
    }
    await eventually(async () => (lines.join('\n').includes('contacts_attempts_check') ? true : undefined));
    const log = lines.join('\n');
    expect(log).toContain('ERROR:  duplicate key value violates unique constraint "contacts_contact_key"');
    expect(log).toContain('STATEMENT:  INSERT INTO contacts VALUES ($1, 0)');
    expect(log).not.toContain('privacy-probe@example.org');
    expect(log).not.toContain('14155550123');
  });
});
