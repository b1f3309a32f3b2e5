import { existsSync, readFileSync } from 'node:fs';
import { userInfo } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { Actor } from '../audit/log.ts';
import type { Config } from '../config.ts';
import { startEmbeddedPostgres } from '../db/embedded.ts';
import { migrate } from '../db/migrate.ts';
import { createPool, type Db } from '../db/pool.ts';

export const RUNNING_DB_FILE = 'embedded-postgres.url';

/**
 * The database a command-line tool should use: DATABASE_URL; else the embedded PostgreSQL of a
 * running server (it leaves its address in DATA_DIR); else the embedded PostgreSQL started for the command.
 */
export async function connectForCli(config: Config): Promise<{ db: Db; close: () => Promise<void> }> {
  let url = config.databaseUrl;
  let stopEmbedded: (() => Promise<void>) | undefined;
  const runningFile = path.join(config.dataDir, RUNNING_DB_FILE);
  if (!url && existsSync(runningFile)) {
    const candidate = readFileSync(runningFile, 'utf8').trim();
    const probe = new pg.Client({ connectionString: candidate, connectionTimeoutMillis: 2000 });
    try {
      await probe.connect();
      url = candidate;
    } catch {
      // the server that wrote it is gone; start our own below
    } finally {
      await probe.end().catch(() => {});
    }
  }
  if (!url) {
    const embedded = await startEmbeddedPostgres(path.join(config.dataDir, 'postgres'));
    url = embedded.url;
    stopEmbedded = embedded.stop;
  }
  await migrate(url);
  const db = createPool(url, 2);
  return {
    db,
    close: async () => {
      await db.end();
      await stopEmbedded?.();
    },
  };
}

/**
 * Who runs a command-line tool, for the audit log: `cli:` and the operating-system user (the tools need a shell on
 * the server or the database's address, so the system's account is what names the person).
 */
export function commandLineActor(): Actor {
  let name: string;
  try {
    name = userInfo().username;
  } catch {
    // A user id with no entry in the system's user list (a container's arbitrary uid).
    name = process.env.USER ?? `uid ${process.getuid?.() ?? 'unknown'}`;
  }
  return { userId: null, actor: `cli:${name}` };
}
