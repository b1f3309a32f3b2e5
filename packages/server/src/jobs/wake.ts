import type PgBoss from 'pg-boss';

/** The workers this process runs, by queue name, for each queue client (a test may run several). */
const workersOf = new WeakMap<PgBoss, Map<string, string>>();

/** Records the worker `startWorkers` started for a queue, so that a job sent here can wake it. */
export function registerWorker(boss: PgBoss, queue: string, workerId: string): void {
  let workers = workersOf.get(boss);
  if (!workers) {
    workers = new Map();
    workersOf.set(boss, workers);
  }
  workers.set(queue, workerId);
}

/**
 * Sends a job, and wakes this process's worker of its queue if it runs one, so the job starts now instead of at the
 * worker's next look (up to POLLING_INTERVAL_SECONDS later): an operator who launches a report sees it made at
 * once. A job sent where no worker runs (a server process without workers) is found by the workers' own polling.
 * Waking a worker only makes it look sooner: what it finds is what its polling would have found.
 */
export async function sendJob(
  boss: PgBoss,
  queue: string,
  data: object,
  options: PgBoss.SendOptions,
): Promise<string | null> {
  const id = await boss.send(queue, data, options);
  // A job sent in the caller's transaction (`options.db`) is found only once that commits: the caller wakes then.
  if (id && !options.db) wakeWorker(boss, queue);
  return id;
}

/** Wakes this process's worker of a queue, if it runs one, to look for jobs now. */
export function wakeWorker(boss: PgBoss, queue: string): void {
  const workerId = workersOf.get(boss)?.get(queue);
  if (workerId) boss.notifyWorker(workerId);
}
