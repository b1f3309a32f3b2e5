import { type ChildProcess, spawn } from 'node:child_process';
import { connect, createServer, type Server, type Socket } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../test/harness.ts';
import { buildApp } from '../app.ts';
import { authService } from '../auth/service.ts';
import { eventually } from '../completion/test-fixture.ts';
import { createPool, isDatabaseUnavailable } from '../db/pool.ts';
import { closedPort, tempFolder } from '../delivery/test-support/files.ts';

const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * The database restarting under a running server: pg-boss records a job's end without waiting for it, so a job
 * ending while the database is unreachable used to leave a rejected promise that stopped the whole process.
 */
describe('a job that ends while the database is unreachable', () => {
  let t: TestApp;
  let proxy: Server;
  let proxyPort: number;
  let reachable = true;
  const sockets = new Set<Socket>();
  let child: ChildProcess;
  let output = '';
  let dataDir: Awaited<ReturnType<typeof tempFolder>>;

  beforeAll(async () => {
    t = await createTestApp();
    dataDir = await tempFolder('outage');
    const target = new URL(t.databaseUrl);
    // The worker reaches PostgreSQL through this proxy, which the test cuts and restores like a restart would.
    proxy = createServer((client) => {
      if (!reachable) return void client.destroy();
      const server = connect(Number(target.port), target.hostname);
      for (const s of [client, server]) {
        sockets.add(s);
        s.on('close', () => sockets.delete(s));
        s.on('error', () => {});
      }
      client.pipe(server).pipe(client);
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    const address = proxy.address();
    proxyPort = typeof address === 'object' && address ? address.port : 0;
  });
  afterAll(async () => {
    if (child && child.exitCode === null) child.kill('SIGKILL');
    for (const s of sockets) s.destroy();
    await new Promise((resolve) => proxy.close(resolve));
    await t.close();
    await dataDir.remove();
  });

  const waitFor = (word: string) =>
    eventually(async () => (output.includes(word) ? true : undefined), 20_000, `"${word}" from the worker`);

  it('does not stop the server process, which runs jobs again once the database is back', async () => {
    const url = new URL(t.databaseUrl);
    url.port = String(proxyPort);
    child = spawn(
      process.execPath,
      ['--import', 'tsx', path.resolve(here, '../../test/job-worker-child.ts')],
      {
        env: {
          ...process.env,
          DATABASE_URL: url.toString(),
          DATA_DIR: dataDir.path,
          LOG_LEVEL: 'warn',
          WORKERS: '0',
        },
        stdio: ['pipe', 'pipe', 'pipe'],
      },
    );
    child.stdout!.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr!.on('data', (chunk) => {
      output += chunk;
    });
    await waitFor('ready');
    await t.ctx.boss.send('outage-probe', {});
    await waitFor('started');

    // The database goes away while the job runs; then the job ends.
    reachable = false;
    for (const s of sockets) s.destroy();
    child.stdin!.write('go\n');
    const logged = 'database unreachable: a background step could not be recorded';
    await eventually(
      async () => (output.includes(logged) || child.exitCode !== null ? true : undefined),
      20_000,
      'the job to end',
    );
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(child.exitCode).toBeNull();
    expect(output).toContain(logged);

    // Back: the same process takes the next job.
    reachable = true;
    output = '';
    await t.ctx.boss.send('outage-probe', {});
    await waitFor('started');
    child.stdin!.write('go\n');
    expect(child.exitCode).toBeNull();
  });
});

describe('a call while the database is unreachable', () => {
  it('answers 503 saying so, not a 500 or a 401 that would sign the operator out', async () => {
    const t = await createTestApp();
    try {
      const token = await t.signIn(['REPORTING']);
      const gone = new URL(t.databaseUrl);
      gone.port = String(await closedPort());
      const db = createPool(gone.toString(), 1);
      const app = await buildApp({ ...t.ctx, db, auth: authService(db, t.ctx.config) }, { webDist: null });
      for (const url of ['/api/campaign-list/', `/api/completion-reports/${token}/0`]) {
        const res = await app.inject({ url, headers: bearer(token) });
        expect(res.statusCode).toBe(503);
        expect(res.json()).toEqual({
          error: 'unavailable',
          message: 'The database cannot be reached right now (it may be restarting). Try again in a minute.',
        });
      }
      await app.close();
      await db.end();
    } finally {
      await t.close();
    }
  });
});

describe("the messaging engine's batch while the database is unreachable", () => {
  it('answers 503 with Retry-After, so the engine knows when to send the same batch again', async () => {
    const t = await createTestApp();
    try {
      const key = await t.ctx.auth.createApiKey('engine', ['INGEST']);
      const gone = new URL(t.databaseUrl);
      gone.port = String(await closedPort());
      const db = createPool(gone.toString(), 1);
      const app = await buildApp({ ...t.ctx, db, auth: authService(db, t.ctx.config) }, { webDist: null });
      const res = await app.inject({
        method: 'POST',
        url: '/api/v1/ingest/statuses',
        headers: { ...bearer(key), 'content-type': 'application/json' },
        payload: '[]',
      });
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.json()).toEqual({
        error: 'unavailable',
        message: 'The database cannot be reached right now (it may be restarting). Try again in a minute.',
      });
      await app.close();
      await db.end();
    } finally {
      await t.close();
    }
  });
});

describe('a call that meets a concurrent change it does not retry', () => {
  it('answers 503 with Retry-After, saying to try again, not a 500', async () => {
    const t = await createTestApp();
    try {
      const db = createPool(t.databaseUrl, 2);
      const query = db.query.bind(db) as (...args: unknown[]) => Promise<unknown>;
      // PostgreSQL's own error for a deadlock, met by the sign-in's first statement.
      const deadlock = Object.assign(new Error('deadlock detected'), { code: '40P01' });
      db.query = ((...args: unknown[]) =>
        String(args[0]).includes('INSERT INTO login_attempts')
          ? Promise.reject(deadlock)
          : query(...args)) as typeof db.query;
      const app = await buildApp({ ...t.ctx, db, auth: authService(db, t.ctx.config) }, { webDist: null });
      const res = await app.inject({ url: `/api/login/ana%40example.com/${'a'.repeat(64)}` });
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('1');
      expect(res.json()).toEqual({
        error: 'unavailable',
        message: 'The server met another change made at the same moment and stopped this one. Try again.',
      });
      await app.close();
      await db.end();
    } finally {
      await t.close();
    }
  });
});

describe('isDatabaseUnavailable', () => {
  it('tells a lost or refused connection from a wrong statement', () => {
    expect(
      isDatabaseUnavailable(
        Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
      ),
    ).toBe(true);
    expect(
      isDatabaseUnavailable(
        Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }),
      ),
    ).toBe(true);
    expect(
      isDatabaseUnavailable(
        Object.assign(new Error('the database system is starting up'), { code: '57P03' }),
      ),
    ).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(
      isDatabaseUnavailable(Object.assign(new Error('syntax error at or near "SELEC"'), { code: '42601' })),
    ).toBe(false);
    expect(isDatabaseUnavailable(Object.assign(new Error('duplicate key value'), { code: '23505' }))).toBe(
      false,
    );
    expect(isDatabaseUnavailable('ECONNREFUSED')).toBe(false);
  });
});
