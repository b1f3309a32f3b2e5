import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { createPool, type Db, isDatabaseUnavailable, withTransaction } from './pool.ts';

let t: TestApp;
let db: Db;
beforeAll(async () => {
  t = await createTestApp();
  db = createPool(t.databaseUrl, 2);
});
afterAll(async () => {
  await db?.end();
  await t?.close();
});

describe('a connection the database ends while a transaction holds it', () => {
  it('fails that transaction as the database being unavailable, not the process; the pool goes on', async () => {
    const held = withTransaction(db, async (client) => {
      await client.query(
        "INSERT INTO audit_log (actor, action, target) VALUES ('test', 'pool.test', 'before')",
      );
      const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
      // As a restart or an administrator does: the session ends between two statements of the transaction.
      await t.ctx.db.query('SELECT pg_terminate_backend($1)', [rows[0]!.pid]);
      await new Promise((resolve) => setTimeout(resolve, 300));
      await client.query(
        "INSERT INTO audit_log (actor, action, target) VALUES ('test', 'pool.test', 'after')",
      );
    });
    const error = await held.catch((err: unknown) => err);
    expect(isDatabaseUnavailable(error)).toBe(true);
    // Nothing of the ended transaction was kept, and the pool answers on a fresh connection.
    const { rows } = await db.query("SELECT count(*)::int AS n FROM audit_log WHERE action = 'pool.test'");
    expect(rows).toEqual([{ n: 0 }]);
  });
});
