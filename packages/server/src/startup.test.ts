import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { type AddressInfo, createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type Ended, runToEnd } from '../test/run-process.ts';
import { closedPort, tempFolder } from './delivery/test-support/files.ts';

const here = path.dirname(fileURLToPath(import.meta.url));

/** `npm start`'s or `npm run worker`'s entry point with this environment, until it ends by itself. */
const run = (entry: 'main.ts' | 'worker.ts', env: Record<string, string>) =>
  runToEnd(path.join(here, entry), [], { PORT: '0', HOST: '127.0.0.1', WORKERS: '0', ...env });

/** The one line a person reads: no stack trace, no log record, never the password. */
function expectOneLineReason(ended: Ended, prefix: string, password: string): string {
  expect(ended.code).toBe(1);
  expect(ended.stdout).toBe('');
  const lines = ended.stderr.split('\n').filter((l) => l.trim());
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(new RegExp(`^${prefix}`));
  expect(ended.stderr).not.toContain(password);
  expect(ended.stderr).not.toMatch(/\n\s+at /);
  return lines[0] ?? '';
}

describe('a server or worker that cannot start says why in one line and exits 1', () => {
  const base = new URL(inject('databaseUrl'));
  const suffix = randomBytes(4).toString('hex');
  const role = `t_norights_${suffix}`;
  const database = `t_norights_${suffix}`;
  const rolePassword = `role-pw-${suffix}`;
  let dataDir: Awaited<ReturnType<typeof tempFolder>>;
  const admin = new pg.Client({ connectionString: base.toString() });

  beforeAll(async () => {
    dataDir = await tempFolder('startup');
    await admin.connect();
    // A role that may connect but not create tables: the database and its schema belong to someone else.
    await admin.query(`CREATE ROLE ${role} LOGIN PASSWORD '${rolePassword}'`);
    await admin.query(`CREATE DATABASE ${database}`);
    const inside = new pg.Client({ connectionString: urlWith({ database }) });
    await inside.connect();
    await inside.query('REVOKE CREATE ON SCHEMA public FROM PUBLIC');
    await inside.end();
  });
  afterAll(async () => {
    await admin.query(`DROP DATABASE IF EXISTS ${database}`);
    await admin.query(`DROP ROLE IF EXISTS ${role}`);
    await admin.end();
    await dataDir.remove();
  });

  function urlWith(change: { user?: string; password?: string; port?: number; database?: string }): string {
    const url = new URL(base.toString());
    if (change.user) url.username = change.user;
    if (change.password) url.password = change.password;
    if (change.port) url.port = String(change.port);
    if (change.database) url.pathname = `/${change.database}`;
    return url.toString();
  }

  it('names the role whose password PostgreSQL refused, never the password', async () => {
    const password = `wrong-${suffix}`;
    const ended = await run('main.ts', { DATABASE_URL: urlWith({ password }), DATA_DIR: dataDir.path });
    const line = expectOneLineReason(ended, 'PSPS Console could not start: ', password);
    expect(line).toContain(`refused the password of role "${base.username}" (DATABASE_URL)`);
  });

  it('says where it could not reach PostgreSQL', async () => {
    const port = await closedPort();
    const ended = await run('main.ts', { DATABASE_URL: urlWith({ port }), DATA_DIR: dataDir.path });
    const line = expectOneLineReason(ended, 'PSPS Console could not start: ', base.password);
    expect(line).toBe(
      `PSPS Console could not start: Cannot reach PostgreSQL at ${base.hostname}:${port} (DATABASE_URL): the connection was refused. Is PostgreSQL running and listening on that address and port?`,
    );
  });

  it('names the database that does not exist', async () => {
    const ended = await run('main.ts', {
      DATABASE_URL: urlWith({ database: `t_missing_${suffix}` }),
      DATA_DIR: dataDir.path,
    });
    const line = expectOneLineReason(ended, 'PSPS Console could not start: ', base.password);
    expect(line).toContain(`The database "t_missing_${suffix}" does not exist on PostgreSQL at ${base.host}`);
  });

  it('says the role may not create the tables, and what to grant', async () => {
    const ended = await run('main.ts', {
      DATABASE_URL: urlWith({ user: role, password: rolePassword, database }),
      DATA_DIR: dataDir.path,
    });
    const line = expectOneLineReason(ended, 'PSPS Console could not start: ', rolePassword);
    expect(line).toContain(
      `Role "${role}" cannot create the migrations table in "${database}" (DATABASE_URL)`,
    );
    expect(line).toContain("Make the role the database's owner, or grant it CREATE on the database");
  });

  it('refuses an invalid configuration variable before connecting, naming the variable', async () => {
    const ended = await run('main.ts', {
      DATABASE_URL: base.toString(),
      LOG_LEVEL: 'verbose',
      DATA_DIR: dataDir.path,
    });
    const line = expectOneLineReason(ended, 'PSPS Console could not start: ', base.password);
    expect(line).toBe(
      'PSPS Console could not start: Invalid configuration: LOG_LEVEL: must be one of: fatal, error, warn, info, debug, trace, silent',
    );
  });

  it('refuses a DATABASE_URL that is not a PostgreSQL URL without echoing it', async () => {
    const ended = await run('main.ts', {
      DATABASE_URL: `mysql://psps:secret-${suffix}@db.example/psps`,
      DATA_DIR: dataDir.path,
    });
    const line = expectOneLineReason(ended, 'PSPS Console could not start: ', `secret-${suffix}`);
    expect(line).toBe(
      'PSPS Console could not start: Invalid configuration: DATABASE_URL: must be a postgres://user:password@host:5432/database URL',
    );
  });

  it('says the port is taken, once the database is ready', async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const port = (taken.address() as AddressInfo).port;
    await admin.query(`CREATE DATABASE ${database}_listen`);
    try {
      const ended = await run('main.ts', {
        DATABASE_URL: urlWith({ database: `${database}_listen` }),
        DATA_DIR: dataDir.path,
        PORT: String(port),
        LOG_LEVEL: 'warn',
      });
      const line = expectOneLineReason(ended, 'PSPS Console could not start: ', base.password);
      expect(line).toBe(
        `PSPS Console could not start: Cannot serve HTTP: listen EADDRINUSE: address already in use 127.0.0.1:${port}. Another process uses that port: stop it, or set PORT.`,
      );
    } finally {
      await new Promise((resolve) => taken.close(resolve));
      await admin.query(`DROP DATABASE ${database}_listen`);
    }
  });

  it('stops the embedded PostgreSQL it started when the port is taken, leaving nothing running', async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const port = (taken.address() as AddressInfo).port;
    const own = await tempFolder('startup-embedded');
    const lock = path.join(own.path, 'postgres', 'postmaster.pid');
    try {
      const ended = await runToEnd(
        path.join(here, 'main.ts'),
        [],
        { HOST: '127.0.0.1', WORKERS: '0', DATA_DIR: own.path, PORT: String(port), LOG_LEVEL: 'warn' },
        '',
        110_000,
      );
      const line = expectOneLineReason(ended, 'PSPS Console could not start: ', 'psps-embedded');
      expect(line).toBe(
        `PSPS Console could not start: Cannot serve HTTP: listen EADDRINUSE: address already in use 127.0.0.1:${port}. Another process uses that port: stop it, or set PORT.`,
      );
      // A running PostgreSQL holds its lock file; one stopped cleanly has removed it.
      expect(existsSync(lock)).toBe(false);
    } finally {
      // Without the fix the PostgreSQL is still running: stop it so the test leaves nothing behind.
      const pid = Number((await readFile(lock, 'utf8').catch(() => '')).split('\n')[0]);
      if (pid) process.kill(pid, 'SIGINT');
      await new Promise((resolve) => taken.close(resolve));
      await own.remove();
    }
  });

  it('tells the same of a worker (npm run worker)', async () => {
    const password = `wrong-${suffix}`;
    const ended = await run('worker.ts', { DATABASE_URL: urlWith({ password }), DATA_DIR: dataDir.path });
    const line = expectOneLineReason(ended, 'Worker could not start: ', password);
    expect(line).toContain(`refused the password of role "${base.username}" (DATABASE_URL)`);
  });
});
