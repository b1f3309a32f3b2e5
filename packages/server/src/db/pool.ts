import pg from 'pg';

// bigint columns (counts, ids) come back as JS numbers: every id and count here stays far below 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number.parseInt(v, 10));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => Number.parseFloat(v));

export type Db = pg.Pool;
export type DbClient = pg.PoolClient;

export function createPool(url: string, max = 20): Db {
  const pool = new pg.Pool({ connectionString: url, max, application_name: 'psps-console' });
  // An idle client's error (e.g. the server restarting) must not crash the process.
  pool.on('error', () => {});
  return pool;
}

/** Runs `fn` inside a transaction on one client; rolls back on any error. */
export async function withTransaction<T>(db: Db, fn: (client: DbClient) => Promise<T>): Promise<T> {
  const client = await db.connect();
  try {
    await client.query('BEGIN');
    const result = await fn(client);
    await client.query('COMMIT');
    return result;
  } catch (err) {
    await client.query('ROLLBACK').catch(() => {});
    throw err;
  } finally {
    client.release();
  }
}
