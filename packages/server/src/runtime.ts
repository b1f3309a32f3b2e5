import fs from 'node:fs/promises';
import path from 'node:path';
import pino from 'pino';
import { authService } from './auth/service.ts';
import { RUNNING_DB_FILE } from './cli/connect.ts';
import type { Config } from './config.ts';
import type { AppContext } from './context.ts';
import { type EmbeddedDatabase, startEmbeddedPostgres } from './db/embedded.ts';
import { migrate } from './db/migrate.ts';
import { createPool, isDatabaseUnavailable, STREAM_POOL_SIZE } from './db/pool.ts';
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
        err: withoutRowData,
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

/**
 * PostgreSQL's error fields that quote the data of the statement: `detail` ('Failing row contains (…)', 'Key
 * (value_vch)=(…) already exists'), `where` (a COPY line's value) and `internalQuery`. A logged error keeps its
 * message, code, table, column and constraint, which say what went wrong without the customer's phone number or address.
 */
const ROW_DATA_FIELDS = ['detail', 'where', 'internalQuery'];

function withoutRowData(err: Error): Record<string, unknown> {
  const serialized: Record<string, unknown> = pino.stdSerializers.err(err);
  for (const field of ROW_DATA_FIELDS) delete serialized[field];
  return serialized;
}

/**
 * The process outlives a database restart. pg-boss records the end of each job without waiting for it
 * (`complete`/`fail` in its worker loop are not awaited), so a job that ends while the database is unreachable
 * leaves a rejected promise nobody handles, and Node stops the whole process for it: the console, the schedules
 * and every transfer under way. Such a rejection is logged and the process goes on; the job is still `active` in
 * the queue and is run again (completion's `recoverAbandoned`, or the queue's expiry). Any other unhandled
 * rejection stops the process as Node would, logged first.
 */
export function keepRunningThroughDatabaseOutages(
  logger: Pick<pino.Logger, 'warn' | 'fatal'>,
  exit: (code: number) => void = (code) => process.exit(code),
): (reason: unknown) => void {
  const onRejection = (reason: unknown) => {
    if (isDatabaseUnavailable(reason)) {
      logger.warn(
        { error: reason instanceof Error ? reason.message : String(reason) },
        'database unreachable: a background step could not be recorded; it is done again once the database is back',
      );
      return;
    }
    logger.fatal({ err: reason }, 'unhandled rejection: stopping');
    exit(1);
  };
  return onRejection;
}

let rejectionGuardInstalled = false;

/**
 * For a server or worker process (main.ts, worker.ts), not for a process that only borrows a runtime (a test):
 * installs keepRunningThroughDatabaseOutages once.
 */
export function keepProcessThroughDatabaseOutages(logger: pino.Logger): void {
  if (rejectionGuardInstalled) return;
  process.on('unhandledRejection', keepRunningThroughDatabaseOutages(logger));
  rejectionGuardInstalled = true;
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
      warn: (line) => logger.warn({ postgres: line }),
    });
    url = embedded.url;
    // Lets `npm run users` reach this running embedded PostgreSQL instead of starting a second one.
    await fs.writeFile(path.join(config.dataDir, RUNNING_DB_FILE), `${url}\n`, { mode: 0o600 });
  }
  try {
    const applied = await migrate(
      url,
      (msg) => logger.warn({ migrate: msg }),
      (msg) => logger.debug({ migrate: msg }),
    );
    if (applied.length) logger.info({ migrations: applied }, 'migrations applied');
    const db = createPool(url);
    const streamDb = createPool(url, STREAM_POOL_SIZE);
    let closing = false;
    const boss = await createQueue(url, (err) => {
      // While stopping, connections ending is expected, not an error.
      if (!closing) logger.error({ error: err.message }, 'job queue error');
    });
    const ctx: AppContext = { config, db, streamDb, auth: authService(db, config), boss };
    if (opts.workers) await startWorkers(ctx, logger);
    return {
      ctx,
      logger,
      embedded,
      close: async () => {
        closing = true;
        await boss.stop({ graceful: true, timeout: 10_000, wait: true }).catch(() => {});
        await db.end().catch(() => {});
        await streamDb.end().catch(() => {});
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
