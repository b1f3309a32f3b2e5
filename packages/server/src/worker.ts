import { ConfigError, loadConfig } from './config.ts';
import { explainStartFailure } from './db/start-errors.ts';
import { keepProcessThroughDatabaseOutages, onShutdown, startRuntime } from './runtime.ts';

/** `npm run worker`: runs the job workers and schedules without serving HTTP. */
async function main() {
  const config = loadConfig();
  if (!config.databaseUrl) {
    throw new ConfigError('The worker needs DATABASE_URL: it joins the database of a running server.');
  }
  const runtime = await startRuntime(config, { workers: true });
  keepProcessThroughDatabaseOutages(runtime.logger);
  onShutdown(runtime.close, runtime.logger);
  runtime.logger.info('worker started');
}

main().catch((err) => {
  process.stderr.write(`Worker could not start: ${explainStartFailure(err, process.env.DATABASE_URL)}\n`);
  process.exit(1);
});
