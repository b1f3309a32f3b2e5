import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { explainStartFailure } from './db/start-errors.ts';
import { DEMO_USERS, seedDemo } from './demo/seed.ts';
import { keepProcessThroughDatabaseOutages, onShutdown, startRuntime } from './runtime.ts';
import { startBanner } from './start-banner.ts';

/** What a start that failed half-way has to stop before the process exits (the embedded PostgreSQL above all). */
let stopStarted: (() => Promise<void>) | undefined;

async function main() {
  const config = loadConfig();
  const started = Date.now();
  const runtime = await startRuntime(config, { workers: config.runWorkers });
  stopStarted = runtime.close;
  const { ctx, logger } = runtime;
  keepProcessThroughDatabaseOutages(logger);
  const app = await buildApp(ctx, { logger });
  let stopDemo: (() => Promise<void>) | undefined;
  const stopAll = async () => {
    await stopDemo?.();
    await app.close();
    await runtime.close();
  };
  stopStarted = stopAll;
  onShutdown(stopAll, logger);

  if (config.demo) stopDemo = await seedDemo(ctx, logger);
  await app.listen({ port: config.port, host: config.host });

  const lines = startBanner(config, (Date.now() - started) / 1000, config.demo ? DEMO_USERS : []);
  process.stdout.write(`${lines.join('\n')}\n`);
}

main().catch(async (err) => {
  process.stderr.write(
    `\nPSPS Console could not start: ${explainStartFailure(err, process.env.DATABASE_URL)}\n`,
  );
  // E.g. the port is taken once the database is up: the embedded PostgreSQL must not outlive this process.
  await stopStarted?.().catch(() => {});
  process.exit(1);
});
