import { randomBytes } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { createQueue, JOBS } from '../jobs/queue.ts';
import { migrate } from './migrate.ts';

const here = path.dirname(fileURLToPath(import.meta.url));

describe('several processes starting at once on a fresh database (README: Production)', () => {
  const name = `t_migrate_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: inject('databaseUrl') });
  afterAll(async () => {
    await admin.query(`DROP DATABASE IF EXISTS ${name}`);
    await admin.end();
  });

  it('applies each migration once, whichever process takes the advisory lock first', async () => {
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(inject('databaseUrl'));
    url.pathname = `/${name}`;
    const files = (await readdir(path.join(here, 'migrations'))).filter((f) => f.endsWith('.sql')).sort();

    const applied = await Promise.all([1, 2, 3].map(() => migrate(url.toString())));

    expect(applied.flat().sort()).toEqual(files.map((f) => f.replace(/\.sql$/, '')));
    const db = new pg.Client({ connectionString: url.toString() });
    await db.connect();
    const { rows } = await db.query<{ n: number; names: number }>(
      'SELECT count(*)::int AS n, count(DISTINCT name)::int AS names FROM schema_migrations',
    );
    await db.end();
    expect(rows).toEqual([{ n: files.length, names: files.length }]);
    expect(await migrate(url.toString())).toEqual([]);
  });

  it('creates the job queues without a deadlock: every process starts', async () => {
    const url = new URL(inject('databaseUrl'));
    url.pathname = `/${name}`;
    const started = await Promise.allSettled([1, 2, 3, 4].map(() => createQueue(url.toString(), () => {})));
    for (const s of started)
      if (s.status === 'fulfilled') await s.value.stop({ graceful: false, wait: true });
    expect(started.map((s) => (s.status === 'rejected' ? String(s.reason) : 'started'))).toEqual([
      'started',
      'started',
      'started',
      'started',
    ]);
    const db = new pg.Client({ connectionString: url.toString() });
    await db.connect();
    const { rows } = await db.query<{ name: string }>(
      "SELECT name FROM pgboss.queue WHERE name NOT LIKE '__pgboss__%' ORDER BY name",
    );
    await db.end();
    expect(rows.map((r) => r.name)).toEqual(JOBS.map((j) => j.name).sort());
  });
});
