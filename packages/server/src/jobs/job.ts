import type PgBoss from 'pg-boss';
import type { AppContext } from '../context.ts';

/**
 * One background task: a name, its typed payload and handler, queue options (retries, backoff),
 * and an optional cron schedule. Services enqueue; jobs call services, never routes.
 */
export type JobDefinition<T extends object = object> = {
  name: string;
  queue?: Omit<PgBoss.Queue, 'name'>;
  /** Cron expression (UTC); pg-boss runs a scheduled job once per slot however many workers run. */
  schedule?: string;
  handle: (data: T, ctx: AppContext, job: JobRun) => Promise<void>;
};

/** The PostgreSQL schema of pg-boss' tables (a job waiting for a retry is read there, see completion). */
export const QUEUE_SCHEMA = 'pgboss';

/** The run of a job: its id, and how many retries came before this one out of how many allowed. */
export type JobRun = { id: string; retryCount: number; retryLimit: number };

export function defineJob<T extends object>(job: JobDefinition<T>): JobDefinition<T> {
  return job;
}
