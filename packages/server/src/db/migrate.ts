import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runner } from 'node-pg-migrate';

const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * Applies the forward-only SQL migrations in db/migrations. node-pg-migrate holds a PostgreSQL
 * advisory lock while it runs, so several servers starting at once apply each migration once.
 */
export async function migrate(databaseUrl: string, log: (msg: string) => void = () => {}): Promise<string[]> {
  const applied = await runner({
    databaseUrl,
    dir: MIGRATIONS_DIR,
    direction: 'up',
    migrationsTable: 'schema_migrations',
    singleTransaction: true,
    checkOrder: true,
    log: () => {},
    logger: { debug: () => {}, info: () => {}, warn: log, error: log },
  });
  return applied.map((m) => m.name);
}
