/**
 * A real worker process (startRuntime, as `npm start` and `npm run worker` build it) on a given database, with one
 * extra queue, `outage-probe`, whose job prints `started` and ends when a line arrives on standard input. For tests
 * that take the database away while a job runs. Prints `ready` once working.
 * Usage: DATABASE_URL=... DATA_DIR=... node --import tsx test/job-worker-child.ts
 */
import { createInterface } from 'node:readline';
import { loadConfig } from '../src/config.ts';
import { startRuntime } from '../src/runtime.ts';

const runtime = await startRuntime(loadConfig({ ...process.env, WORKERS: '0' }), { workers: false });
const lines = createInterface({ input: process.stdin });
const nextLine = () => new Promise<void>((resolve) => lines.once('line', () => resolve()));
await runtime.ctx.boss.createQueue('outage-probe');
await runtime.ctx.boss.work('outage-probe', { pollingIntervalSeconds: 0.5 }, async () => {
  process.stdout.write('started\n');
  await nextLine();
});
process.stdout.write('ready\n');
