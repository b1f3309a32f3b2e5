import { randomBytes } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { migrate } from './migrate.ts';

const here = path.dirname(fileURLToPath(import.meta.url));

describe('migrations of several processes starting at once (README: Production)', () => {
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
});
