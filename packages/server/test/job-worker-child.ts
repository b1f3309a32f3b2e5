/**
 * A real worker process (startRuntime and the process guard, as `npm start` and `npm run worker` build it) on a given database, configured
 * by its environment (WORKERS=1 runs every job's worker, e.g. report transfers to FILE_TRANSFER_URL), with one extra
 * queue, `outage-probe`, whose job prints `started` and ends when a line arrives on standard input. For tests that
 * take the database away while a job runs, or kill the worker mid-job. Prints `ready` once working.
 * Usage: DATABASE_URL=... DATA_DIR=... node --import tsx test/job-worker-child.ts
 */
import { createInterface } from 'node:readline';
import { loadConfig } from '../src/config.ts';
import { keepProcessThroughDatabaseOutages, startRuntime } from '../src/runtime.ts';

const config = loadConfig(process.env);
const runtime = await startRuntime(config, { workers: config.runWorkers });
keepProcessThroughDatabaseOutages(runtime.logger);
const lines = createInterface({ input: process.stdin });
const nextLine = () => new Promise<void>((resolve) => lines.once('line', () => resolve()));
await runtime.ctx.boss.createQueue('outage-probe');
await runtime.ctx.boss.work('outage-probe', { pollingIntervalSeconds: 0.5 }, async () => {
  process.stdout.write('started\n');
  await nextLine();
});
process.stdout.write('ready\n');
