import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PG_MIGRATE_LOCK_ID, runner } from 'node-pg-migrate';
import pg from 'pg';

const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** How long the first connection may take: a host that drops packets otherwise holds the start for minutes. */
const CONNECT_TIMEOUT_MS = 20_000;

/**
 * Applies the forward-only SQL migrations in db/migrations, once however many processes start together. Each waits
 * for a PostgreSQL advisory lock (node-pg-migrate's own key) on its connection, then runs the migrations still to
 * apply: the first applies them, the others find none left. node-pg-migrate's own lock only tries: a process that
 * met it taken stopped with 'Another migration is already running'.
 * node-pg-migrate's error reports (a whole stack trace, the failing statement) go to `debug`: the error itself is
 * thrown, and the process says it in one line (start-errors.ts).
 */
export async function migrate(
  databaseUrl: string,
  log: (msg: string) => void = () => {},
  debug: (msg: string) => void = () => {},
): Promise<string[]> {
  const client = new pg.Client({
    connectionString: databaseUrl,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
  });
  // A connection lost while waiting fails the query below; the event itself must not stop the process.
  client.on('error', () => {});
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [PG_MIGRATE_LOCK_ID]);
    const applied = await runner({
      dbClient: client,
      noLock: true,
      dir: MIGRATIONS_DIR,
      direction: 'up',
      migrationsTable: 'schema_migrations',
      singleTransaction: true,
      checkOrder: true,
      log: () => {},
      logger: { debug: () => {}, info: () => {}, warn: log, error: debug },
    });
    return applied.map((m) => m.name);
  } finally {
    // Ending the session releases the lock too.
    await client.end().catch(() => {});
  }
}
