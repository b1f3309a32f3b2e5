/**
 * The server of the suppression benchmark, in a process of its own so that its memory and CPU are measured apart
 * from the benchmark's client: the real app on DATABASE_URL, listening on a free local port, which it reports to
 * the parent over IPC. On the message 'gc' it collects garbage (started with --expose-gc) and answers 'gc-done', so
 * that memory is measured from a settled baseline.
 */
import { buildApp } from '../packages/server/src/app.ts';
import { authService } from '../packages/server/src/auth/service.ts';
import { loadConfig } from '../packages/server/src/config.ts';
import type { AppContext } from '../packages/server/src/context.ts';
import { createPool, STREAM_POOL_SIZE } from '../packages/server/src/db/pool.ts';
import { createQueue } from '../packages/server/src/jobs/queue.ts';
import { createLogger } from '../packages/server/src/runtime.ts';

const databaseUrl = process.env.DATABASE_URL!;
const config = loadConfig({ LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent', DATABASE_URL: databaseUrl });
const db = createPool(databaseUrl, 10);
const streamDb = createPool(databaseUrl, STREAM_POOL_SIZE);
const boss = await createQueue(databaseUrl, () => {});
const ctx: AppContext = { config, db, streamDb, auth: authService(db, config), boss };
const app = await buildApp(ctx, {
  webDist: null,
  // LOG_LEVEL=error (or any level) shows the server's log, with the product's redaction of secrets.
  ...(process.env.LOG_LEVEL ? { logger: createLogger(config.logLevel) } : {}),
});
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
process.on('message', async (message) => {
  if (message === 'gc') {
    global.gc?.();
    process.send?.('gc-done');
  } else if (message === 'memory') {
    process.send?.({ memory: process.memoryUsage() });
  } else if (message === 'stop') {
    await app.close();
    await boss.stop({ graceful: false, wait: true, timeout: 2000 }).catch(() => {});
    await db.end();
    await streamDb.end();
    process.exit(0);
  }
});
process.send?.({ port: typeof address === 'object' && address ? address.port : 0 });
