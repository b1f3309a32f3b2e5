import { setTimeout as sleep } from 'node:timers/promises';
import type { Db } from '../db/pool.ts';

/**
 * One writer per report file. A transfer attempt holds a PostgreSQL advisory lock on its report's row for as long as
 * it may write to the destination, on a connection of its own; a second attempt of the same file (the queue retrying
 * a job it took for lost, a resend while the first is still sending, another server process) waits for it. A lock
 * lives exactly as long as the session that holds it: when the process holding it dies, the database ends the
 * session (the keep-alive settings below notice a vanished machine within about half a minute) and the lock is free.
 * When that connection is lost while the attempt runs, the attempt is stopped: it writes only while it holds the lock.
 */

/** How often the lock's session shows it is alive (a query), well inside its idle limit. */
const KEEP_ALIVE_MS = 10_000;
/**
 * How long a statement on the lock's session may go unanswered before the session is taken for lost. A link gone
 * silent gives no error for a quarter of an hour, while the database ends the session (freeing the lock for a second
 * attempt) once it has heard nothing for about 25 seconds (the keep-alive settings below): the attempt must stop
 * before that, within KEEP_ALIVE_MS + ANSWER_LIMIT_MS.
 */
const ANSWER_LIMIT_MS = 5_000;
/** The lock's session ends when its process shows no sign of life for this long. */
const SESSION_IDLE_LIMIT_MS = 60_000;
/** How often a waiting attempt asks for the lock again. */
const POLL_MS = 250;

/**
 * The time limits of a transfer job, from the time one attempt may take (FILE_TRANSFER_TIME_LIMIT_MINUTES):
 * - `graceMs`: what an attempt stopped at its limit may still take to cut its connection and record its failure;
 * - `lockWaitMs`: how long a second attempt waits for a live first one, which gives up by itself at its limit;
 * - `expireInSeconds`: the queue's expiry of a transfer job, above the longest an attempt can take (waiting for the
 *   lock, then its own limit, then cleaning up, with a minute to spare), so the queue never takes a live attempt for
 *   lost. Even if it did, the retry would wait for the lock, not write beside the first.
 */
export function transferTiming(timeLimitMs: number): {
  graceMs: number;
  lockWaitMs: number;
  expireInSeconds: number;
} {
  const graceMs = Math.min(60_000, timeLimitMs);
  const lockWaitMs = timeLimitMs + graceMs;
  const expireInSeconds = Math.ceil((lockWaitMs + timeLimitMs + graceMs + 60_000) / 1000);
  return { graceMs, lockWaitMs, expireInSeconds };
}

/** A statement's answer, or a failure once it has taken ANSWER_LIMIT_MS (the session is then ended by the caller). */
async function answered<T>(query: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`the database did not answer within ${ANSWER_LIMIT_MS} ms`)),
      ANSWER_LIMIT_MS,
    );
  });
  try {
    return await Promise.race([query, late]);
  } finally {
    clearTimeout(timer);
    // A statement still unanswered fails once its session is ended; nobody waits for it.
    query.catch(() => {});
  }
}

/** The advisory lock's key text of a report file's transfer (hashed with `hashtextextended(key, 0)`). */
export const transferLockKey = (reportId: number) => `report-transfer:${reportId}`;

/** Said when the lock's connection is lost mid-attempt (the attempt is stopped). */
export const LOCK_LOST_TEXT =
  'the database connection that keeps a second attempt from writing beside this one was lost';

export type TransferLock = {
  /** Aborted when the lock's connection is lost: the attempt must stop writing. */
  lost: AbortSignal;
  release(): Promise<void>;
};

/**
 * Takes the transfer lock of a report file, waiting up to `waitMs` for an attempt that holds it; undefined when it is
 * still held then.
 */
export async function takeTransferLock(
  db: Db,
  reportId: number,
  waitMs: number,
): Promise<TransferLock | undefined> {
  const client = await db.connect();
  const lost = new AbortController();
  let keepAlive: NodeJS.Timeout | undefined;
  const onError = () => {
    clearInterval(keepAlive);
    if (!lost.signal.aborted) lost.abort(new Error(LOCK_LOST_TEXT));
  };
  client.on('error', onError);
  // The session is closed, never given back to the pool: its settings and any lock go with it.
  const end = () => {
    client.off('error', onError);
    client.release(true);
  };
  const key = transferLockKey(reportId);
  try {
    await answered(
      client.query(
        `SELECT set_config('tcp_keepalives_idle', '10', false), set_config('tcp_keepalives_interval', '5', false),
              set_config('tcp_keepalives_count', '3', false),
              set_config('idle_session_timeout', $1, false)`,
        [`${SESSION_IDLE_LIMIT_MS}ms`],
      ),
    );
    const until = Date.now() + waitMs;
    for (;;) {
      const { rows } = await answered(
        client.query<{ ok: boolean }>('SELECT pg_try_advisory_lock(hashtextextended($1, 0)) AS ok', [key]),
      );
      if (rows[0]?.ok) break;
      const left = until - Date.now();
      if (left <= 0) {
        end();
        return undefined;
      }
      await sleep(Math.min(POLL_MS, left));
    }
  } catch (err) {
    end();
    throw err;
  }
  keepAlive = setInterval(() => {
    answered(client.query('SELECT 1')).catch(onError);
  }, KEEP_ALIVE_MS);
  keepAlive.unref();
  return {
    lost: lost.signal,
    async release() {
      clearInterval(keepAlive);
      // Ending the session releases the lock as surely as pg_advisory_unlock.
      end();
    },
  };
}
