import pg from 'pg';

// bigint columns (counts, ids) come back as JS numbers: every id and count here stays far below 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number.parseInt(v, 10));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => Number.parseFloat(v));

export type Db = pg.Pool;
export type DbClient = pg.PoolClient;
/** The pool or one of its connections (inside a transaction): whatever a statement can be sent to. */
export type Queryable = Pick<Db | DbClient, 'query'>;

/**
 * The connections of the pool kept for transfers (AppContext.streamDb): each is held while a client's bytes move, a
 * suppression upload's COPY as its file arrives, a download's COPY as its reader reads. A ninth such transfer at once
 * waits for one of these to end; every other call keeps the main pool's connections.
 */
export const STREAM_POOL_SIZE = 8;

export function createPool(url: string, max = 20): Db {
  const pool = new pg.Pool({ connectionString: url, max, application_name: 'psps-console' });
  // An idle client's error (e.g. the server restarting) must not crash the process.
  pool.on('error', () => {});
  // Nor may the error of a connection a caller holds between two statements (a transaction's JavaScript running,
  // the database restarting or an administrator ending the session meanwhile): the pool listens only to idle ones,
  // and an 'error' event without a listener stops the process. The holder's next statement fails instead (the
  // connection is no longer queryable: 503), and the pool discards the connection when it is released.
  pool.on('connect', (client) => client.on('error', () => {}));
  return pool;
}

/** Socket errors of a connection that could not be made or was lost (the database restarting, down or out of reach). */
const CONNECTION_ERROR_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * Whether an error says the database cannot be reached right now, rather than that a statement is wrong: a socket
 * error, SQLSTATE class 08 (connection exception), 57P01-57P03 (the server shutting down, crashed, or still
 * starting), or node-postgres' own words for a connection that ended or could not be had in time.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  if (typeof err !== 'object' || err === null) return false;
  const { code, message } = err as { code?: unknown; message?: unknown };
  if (typeof code === 'string') {
    if (CONNECTION_ERROR_CODES.has(code) || code.startsWith('08')) return true;
    if (code === '57P01' || code === '57P02' || code === '57P03') return true;
  }
  return (
    typeof message === 'string' &&
    /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error)/.test(
      message,
    )
  );
}

/**
 * Whether PostgreSQL stopped a statement because it met another transaction at the same moment: a deadlock
 * (40P01) or a serialization failure (40001). Its transaction was rolled back; the same call made again succeeds.
 */
export function isTransactionConflict(err: unknown): boolean {
  const code = typeof err === 'object' && err !== null ? (err as { code?: unknown }).code : undefined;
  return code === '40P01' || code === '40001';
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
