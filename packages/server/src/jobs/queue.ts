import pg from 'pg';
import PgBoss from 'pg-boss';
import { reportGenerateJob } from '../completion/generate-job.ts';
import { completionScheduleJob, reportFilesSweepJob } from '../completion/schedule-job.ts';
import { reportTransferJob } from '../completion/transfer-job.ts';
import type { AppContext } from '../context.ts';
import { summarySnapshotJob } from '../ingest/summary-job.ts';
import { type JobDefinition, QUEUE_SCHEMA } from './job.ts';
import { authCleanupJob } from './maintenance.ts';
import { registerWorker } from './wake.ts';

/** Every job of every feature, in one list. */
// biome-ignore lint/suspicious/noExplicitAny: each job has its own payload type
export const JOBS: JobDefinition<any>[] = [
  authCleanupJob,
  summarySnapshotJob,
  completionScheduleJob,
  reportFilesSweepJob,
  reportGenerateJob,
  reportTransferJob,
];

export async function createQueue(databaseUrl: string, log: (err: Error) => void): Promise<PgBoss> {
  const boss = new PgBoss({
    connectionString: databaseUrl,
    schema: QUEUE_SCHEMA,
    max: 5,
    application_name: 'psps-jobs',
  });
  boss.on('error', log);
  await boss.start();
  await oneProcessAtATime(databaseUrl, async () => {
    for (const job of JOBS) {
      await boss.createQueue(job.name, { name: job.name, ...job.queue });
    }
  });
  return boss;
}

/** The advisory lock key processes take turns on while they create the queues (any constant of this product's own). */
const QUEUE_SETUP_LOCK = '5081990237740112';

/**
 * pg-boss creates a new queue's table and attaches it to its job table: two processes creating the same queues at
 * once (a fresh database, servers and workers started together) deadlock (40P01) and one of them stopped. They take
 * turns on an advisory lock instead; the ones after the first find the queues there and change nothing.
 */
async function oneProcessAtATime(databaseUrl: string, fn: () => Promise<void>): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  client.on('error', () => {});
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1::bigint)', [QUEUE_SETUP_LOCK]);
    await fn();
  } finally {
    // Ending the session releases the lock.
    await client.end().catch(() => {});
  }
}

/** How often an idle worker looks for work (pg-boss' default is 2 s). */
const POLLING_INTERVAL_SECONDS = 1;

type JobLog = { info: (obj: object, msg: string) => void; error: (obj: object, msg: string) => void };
const silent: JobLog = { info: () => {}, error: () => {} };

/**
 * Starts the workers and the schedules of every job in this process. Every failed run is logged (a report file that
 * did not reach the utility must be visible to whoever watches the logs, not only on the screen); error messages
 * are the adapters' own, which never contain credentials.
 */
export async function startWorkers(ctx: AppContext, log: JobLog = silent): Promise<void> {
  for (const job of JOBS) {
    const workerId = await ctx.boss.work(
      job.name,
      { batchSize: 1, includeMetadata: true, pollingIntervalSeconds: POLLING_INTERVAL_SECONDS },
      async ([item]) => {
        if (!item) return;
        const meta = {
          job: job.name,
          jobId: item.id,
          attempt: item.retryCount + 1,
          retryLimit: item.retryLimit,
        };
        try {
          await job.handle(item.data as object, ctx, {
            id: item.id,
            retryCount: item.retryCount,
            retryLimit: item.retryLimit,
          });
        } catch (err) {
          const willRetry = item.retryCount < item.retryLimit;
          log.error(
            { ...meta, error: (err as Error).message, willRetry },
            willRetry ? 'job failed, will retry' : 'job failed, no retries left',
          );
          throw err;
        }
      },
    );
    registerWorker(ctx.boss, job.name, workerId);
    if (job.schedule) await ctx.boss.schedule(job.name, job.schedule, {}, { tz: 'UTC' });
  }
}
