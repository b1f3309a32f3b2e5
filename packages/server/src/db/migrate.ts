import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runner } from 'node-pg-migrate';

const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** How long the first connection may take: a host that drops packets otherwise holds the start for minutes. */
const CONNECT_TIMEOUT_MS = 20_000;

/**
 * Applies the forward-only SQL migrations in db/migrations. node-pg-migrate holds a PostgreSQL
 * advisory lock while it runs, so several servers starting at once apply each migration once.
 * node-pg-migrate's own error reports (a whole stack trace, the failing statement) go to `debug`: the error itself is
 * thrown, and the process says it in one line (start-errors.ts).
 */
export async function migrate(
  databaseUrl: string,
  log: (msg: string) => void = () => {},
  debug: (msg: string) => void = () => {},
): Promise<string[]> {
  const applied = await runner({
    databaseUrl: { connectionString: databaseUrl, connectionTimeoutMillis: CONNECT_TIMEOUT_MS },
    dir: MIGRATIONS_DIR,
    direction: 'up',
    migrationsTable: 'schema_migrations',
    singleTransaction: true,
    checkOrder: true,
    log: () => {},
    logger: { debug: () => {}, info: () => {}, warn: log, error: debug },
  });
  return applied.map((m) => m.name);
}
