import fs from 'node:fs/promises';
import path from 'node:path';
import pino from 'pino';
import { authService } from './auth/service.ts';
import { RUNNING_DB_FILE } from './cli/connect.ts';
import type { Config } from './config.ts';
import type { AppContext } from './context.ts';
import { type EmbeddedDatabase, startEmbeddedPostgres } from './db/embedded.ts';
import { migrate } from './db/migrate.ts';
import { createPool } from './db/pool.ts';
import { redactUrl } from './http/redact.ts';
import { createQueue, startWorkers } from './jobs/queue.ts';

export type Runtime = {
  ctx: AppContext;
  logger: pino.Logger;
  embedded?: EmbeddedDatabase;
  close: () => Promise<void>;
};

export function createLogger(level: string, destination?: pino.DestinationStream) {
  return pino(
    {
      level,
      // Secrets never reach a log: paths are redacted (login path, tokens), and so are these fields.
      redact: {
        paths: ['req.headers.authorization', 'req.headers.cookie', 'password', '*.password', 'url', '*.url'],
        censor: '[redacted]',
      },
      serializers: {
        req: (req: { id?: string; method?: string; url?: string; ip?: string }) => ({
          id: req.id,
          method: req.method,
          path: redactUrl(req.url ?? ''),
          ip: req.ip,
        }),
      },
    },
    destination,
  );
}

/** Database (embedded or DATABASE_URL), migrations, job queue; workers when configured. */
export async function startRuntime(config: Config, opts: { workers: boolean }): Promise<Runtime> {
  const logger = createLogger(config.logLevel);
  let embedded: EmbeddedDatabase | undefined;
  let url = config.databaseUrl;
  if (!url) {
    embedded = await startEmbeddedPostgres(path.join(config.dataDir, 'postgres'), {
      port: Number(process.env.EMBEDDED_PG_PORT) || undefined,
      log: (line) => logger.debug({ postgres: line }),
    });
    url = embedded.url;
    // Lets `npm run users` reach this running embedded PostgreSQL instead of starting a second one.
    await fs.writeFile(path.join(config.dataDir, RUNNING_DB_FILE), `${url}\n`, { mode: 0o600 });
  }
  try {
    const applied = await migrate(url, (msg) => logger.warn({ migrate: msg }));
    if (applied.length) logger.info({ migrations: applied }, 'migrations applied');
    const db = createPool(url);
    let closing = false;
    const boss = await createQueue(url, (err) => {
      // While stopping, connections ending is expected, not an error.
      if (!closing) logger.error({ error: err.message }, 'job queue error');
    });
    const ctx: AppContext = { config, db, auth: authService(db, config), boss };
    if (opts.workers) await startWorkers(ctx, logger);
    return {
      ctx,
      logger,
      embedded,
      close: async () => {
        closing = true;
        await boss.stop({ graceful: true, timeout: 10_000, wait: true }).catch(() => {});
        await db.end().catch(() => {});
        if (embedded) {
          await fs.rm(path.join(config.dataDir, RUNNING_DB_FILE), { force: true });
          await embedded.stop();
        }
      },
    };
  } catch (err) {
    await embedded?.stop();
    throw err;
  }
}

/** Stops cleanly on Ctrl-C / SIGTERM; a second signal forces the exit. */
export function onShutdown(close: () => Promise<void>, logger: pino.Logger) {
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) process.exit(1);
    stopping = true;
    logger.info({ signal }, 'shutting down');
    close()
      .then(() => process.exit(0))
      .catch((err) => {
        logger.error({ err }, 'shutdown failed');
        process.exit(1);
      });
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}
