import { randomBytes } from 'node:crypto';
import { mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import {
  COMPLETION_DELAY_MINUTES,
  type CompletionReportRow,
  type CustomReportKind,
  formatDateTimeIn,
  REPORT_KIND_LABELS,
  type ReportKind,
  type TransferState,
} from '@psps/contracts';
import type PgBoss from 'pg-boss';
import { type Actor, recordAudit } from '../audit/log.ts';
import type { AppContext } from '../context.ts';
import { type Queryable, withTransaction } from '../db/pool.ts';
import { createFileTransfer } from '../delivery/file-transfer/create-file-transfer.ts';
import { describeMs, FileTransferError } from '../delivery/file-transfer/file-transfer.ts';
import { errorText, redactUrl, scrubSecrets } from '../delivery/redact.ts';
import { conflict, notFound } from '../http/errors.ts';
import { type JobRun, QUEUE_SCHEMA } from '../jobs/job.ts';
import { sendJob, wakeWorker } from '../jobs/wake.ts';
import {
  type DeliveryProgressDbRow,
  deliveryProgressOf,
  GENERATE_JOB,
  NEXT_ATTEMPT_SQL,
  TRANSFER_JOB,
} from './delivery-progress.ts';
import { sendFailureAlert } from './failure-alert.ts';
import { writeReportFile } from './report-csv.ts';
import { takeTransferLock, transferTiming } from './transfer-lock.ts';

/**
 * Completion and custom report files: requests (scheduler, launch, refresh, resend), generation and
 * transfer. Invariants:
 * - every request bumps the row's request_seq and enqueues a job carrying it; a job whose number is no
 *   longer the row's was superseded and changes nothing, so the row always describes the newest request;
 * - FILE_TRANSFER_TIME (transferred_at) is set only after the adapter verified the file's size under its
 *   final name, and is cleared by every new request and attempt for that file; a delivery it clears becomes the
 *   previous one (previous_transferred_at, previous_file_name), so proof of a delivery never disappears;
 * - every failed attempt leaves its reason on the row (credentials removed) and its job's id, whose retry time
 *   the queue holds, while the queue retries.
 */

export { GENERATE_JOB, TRANSFER_JOB };
export type ReportJobData = { reportId: number; seq: number };

/**
 * A launch's outcome: the job that makes the file; `joined` (a sentence) when an earlier launch of the same report
 * of the same campaign was still queued or being made or sent, whose job this is: no second file is made.
 */
export type Launch = { jobId: string; joined?: string };

const NOW_XT = `(extract(epoch FROM clock_timestamp()) * 1000000)::bigint`;
/** How far back a list asks again before the console's stamp: far longer than any transaction that stamps a row. */
const STAMP_OVERLAP_US = 5 * 60 * 1_000_000;

/**
 * Blanks the file's transfer time for a new request or attempt. A delivery already made becomes the previous one
 * (SET reads the row as it was), so the proof that the utility has a file stays while the next one is made.
 * Qualified, as an INSERT's ON CONFLICT DO UPDATE needs.
 */
const CLEAR_TRANSFER = `transferred_at = NULL,
  previous_transferred_at = coalesce(report_files.transferred_at, report_files.previous_transferred_at),
  previous_file_name = CASE WHEN report_files.transferred_at IS NULL THEN report_files.previous_file_name
                            ELSE report_files.file_name END`;

/** A row starting over for a new request (or a new file): waiting, no attempt made, no retry pending. */
const START_OVER = `transfer_state = 'waiting', ${CLEAR_TRANSFER}, attempts = 0, last_error = NULL,
  retry_job_id = NULL, attempt_limit = NULL, update_xt = ${NOW_XT}`;

/** Whether the row's current request (`report_files` unaliased) is a new file still to be made: its job waits or runs. */
const MAKING_NEW_FILE = `EXISTS (SELECT 1 FROM ${QUEUE_SCHEMA}.job j
  WHERE j.name = '${GENERATE_JOB}' AND j.state IN ('created', 'retry', 'active')
    AND j.data->>'reportId' = report_files.id::text AND j.data->>'seq' = report_files.request_seq::text)`;

/** How often a running report job writes its sign of life (`heartbeat_at`). */
const HEARTBEAT_MS = 10_000;
/** A report job silent for this long (no sign of life, or started this long ago) is taken for abandoned. */
export const ABANDONED_AFTER_MS = 60_000;
/** Said on the row of an attempt whose worker stopped without finishing it. */
/**
 * How long a file in the reports folder that no report holds is kept: left by a server stopped while it made the
 * file (its `.part`) or between naming the file and recording it. Far longer than any generation (its job expires
 * after an hour), so a file still being made is never taken for one.
 */
export const STRAY_REPORT_FILE_AGE_MS = 24 * 60 * 60_000;

/**
 * A rename made to last: the folder's entries flushed to disk, so that a power loss after the row naming the file is
 * committed cannot take the file's name back.
 */
async function syncFolder(dir: string): Promise<void> {
  const handle = await open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

export const ABANDONED_TEXT =
  'The attempt stopped without finishing: the server running it was stopped or lost (no sign of it for a minute).';

/**
 * The queue's writes of a job sent through `q` (pg-boss's `db` option): on a connection in a transaction, the job is
 * recorded with the request it carries out, or not at all.
 */
const jobsThrough = (q: Queryable): PgBoss.Db => ({
  executeSql: (text: string, values: unknown[]) => q.query(text, values),
});

/** Whether the queue gives up after this run if it fails. */
const isLastRun = (run: JobRun) => run.retryCount >= run.retryLimit;

const isoOf = (d: Date | null) => (d ? d.toISOString() : null);

/** Letters and digits of the utility abbreviation, for file names (`PG&E` -> `PGE`). */
export function fileAbbreviation(abbreviation: string): string {
  return abbreviation.replace(/[^A-Za-z0-9]/g, '') || 'PSPS';
}

/** `{ABBR}_{kind}_{datasetId}_{YYYYMMDDHHmmss}.csv`, the time in UTC. */
export function reportFileName(abbreviation: string, kind: ReportKind, datasetId: number, at: Date): string {
  const stamp = at
    .toISOString()
    .replace(/\.\d{3}Z$/, '')
    .replace(/[-:T]/g, '');
  return `${fileAbbreviation(abbreviation)}_${kind}_${datasetId}_${stamp}.csv`;
}

type CompletionDbRow = DeliveryProgressDbRow & {
  dataset_id: number;
  title: string;
  launched_at: Date | null;
  medbase_retry_at: Date | null;
  generated_at: Date | null;
  transferred_at: Date | null;
  update_xt: number;
  transfer_state: TransferState;
  last_error: string | null;
  attempts: number;
  file_name: string | null;
  due_at: Date | null;
  sent_early: boolean;
};

/** A campaign's medical-baseline retry time: its own or its latest child's (the engine may set either). */
const EFFECTIVE_RETRY = `greatest(d.medbase_retry_at,
  (SELECT max(c.medbase_retry_at) FROM datasets c WHERE c.root_id = d.id))`;

/** When a campaign's completion report is due (retry time + 30 minutes); null while the retry time is unknown. */
const DUE_AT = `(${EFFECTIVE_RETRY} + make_interval(mins => ${COMPLETION_DELAY_MINUTES}))`;

/**
 * Whether the row's current file was asked for before its campaign was due (its retry time unknown, or the
 * request before retry + 30 minutes). `requested_at` is the time of the last request to generate the file (a resend
 * sends the same file, so it leaves it). The scheduler generates such a report again once the campaign is due.
 */
const REQUESTED_EARLY = `(r.requested_at < ${DUE_AT} OR ${DUE_AT} IS NULL)`;

/** `2026-11-22 17:47:10 UTC`: a time in a server message (the server does not know the reader's zone). */
const utcText = (d: Date) => `${formatDateTimeIn(d, 'UTC')} UTC`;

function completionRow(r: CompletionDbRow): CompletionReportRow {
  return {
    ID: r.dataset_id,
    CAMPAIGN_TITLE: r.title,
    DATASET_ID: r.dataset_id,
    CAMPAIGN_LAUNCH_TIME: isoOf(r.launched_at),
    MEDBASE_RETRY_TIME: isoOf(r.medbase_retry_at),
    COMPLETION_REPORT_TIME: isoOf(r.generated_at),
    FILE_TRANSFER_TIME: isoOf(r.transferred_at),
    UPDATE_XT: r.update_xt,
    TRANSFER_STATE: r.transfer_state,
    LAST_ERROR: r.last_error,
    ATTEMPTS: r.attempts,
    FILE_NAME: r.file_name,
    ...deliveryProgressOf(r),
    DUE_TIME: isoOf(r.due_at),
    SENT_EARLY: r.sent_early,
  };
}

export function completionService(ctx: AppContext) {
  const { db, config } = ctx;
  const reportsDir = path.join(config.dataDir, 'reports');

  async function audit(who: Actor, action: string, datasetId: number, details: object, q: Queryable = db) {
    await recordAudit(q, who, action, `dataset ${datasetId}`, details);
  }

  /**
   * The campaign whose completion report covers a dataset: the dataset itself, or the root of a customer-class
   * child (one completion report per campaign, as the campaign tree shows it; a child's own would be partial).
   */
  async function rootOf(datasetId: number): Promise<number> {
    const { rows } = await db.query<{ root: number }>(
      'SELECT coalesce(root_id, id) AS root FROM datasets WHERE id = $1',
      [datasetId],
    );
    if (rows[0] === undefined) throw notFound(`There is no campaign (dataset) ${datasetId}.`);
    return rows[0].root;
  }

  /**
   * Enqueues the job of a row's new request and records it as the request's job (`request_job_id`), both through `q`
   * (the request's transaction).
   */
  async function enqueueRequest(q: Queryable, name: string, data: ReportJobData): Promise<string> {
    const id = await enqueue(name, data, q);
    await q.query('UPDATE report_files SET request_job_id = $3 WHERE id = $1 AND request_seq = $2', [
      data.reportId,
      data.seq,
      id,
    ]);
    return id;
  }

  /**
   * The newest request for this report of the campaign whose job is still queued or running (a job waiting for a
   * retry after a failure does not count: launching again is then a deliberate new try).
   */
  async function underWay(q: Queryable, datasetId: number, kind: ReportKind) {
    const { rows } = await q.query<{ job_id: string; requested_at: Date }>(
      `SELECT coalesce(r.request_job_id, j.id)::text AS job_id, r.requested_at
         FROM report_files r
         JOIN LATERAL (SELECT j.id FROM ${QUEUE_SCHEMA}.job j
                        WHERE j.name IN ('${GENERATE_JOB}', '${TRANSFER_JOB}') AND j.state IN ('created', 'active')
                          AND j.data->>'reportId' = r.id::text AND j.data->>'seq' = r.request_seq::text
                        LIMIT 1) j ON true
        WHERE r.dataset_id = $1 AND r.kind = $2
        ORDER BY r.id DESC LIMIT 1`,
      [datasetId, kind],
    );
    return rows[0];
  }

  /**
   * Runs `fn` holding the request lock of a report of a campaign, until its job is in the queue: launches, refreshes,
   * resends and the scheduler's requests of one report take turns, so each sees the job of the one before it (a
   * row's request is written before its job is queued). Every statement of `fn` runs on the lock's own connection:
   * one that asked the pool for a second connection while holding the first waited forever once as many requests as
   * the pool has connections held one each. They are one transaction, committed before the lock is given back: a
   * row's new request and its job are recorded together or not at all (a request whose job was never queued, its
   * server stopped or its database connection lost in between, would leave the report waiting for good).
   */
  async function oneRequestAtATime<T>(
    kind: ReportKind,
    datasetId: number,
    fn: (q: Queryable) => Promise<T>,
  ): Promise<T> {
    const client = await db.connect();
    const key = `report-launch:${kind}:${datasetId}`;
    // A connection whose lock may be left held (the lock or unlock call failed) is closed, never given back to the
    // pool: it would block this report's requests for as long as it lived.
    let broken = true;
    try {
      await client.query('SELECT pg_advisory_lock(hashtextextended($1, 0))', [key]);
      try {
        await client.query('BEGIN');
        let result: T;
        try {
          result = await fn(client);
          await client.query('COMMIT');
        } catch (error) {
          await client.query('ROLLBACK');
          throw error;
        }
        wakeReportWorkers();
        return result;
      } finally {
        await client.query('SELECT pg_advisory_unlock(hashtextextended($1, 0))', [key]);
        broken = false;
      }
    } finally {
      client.release(broken);
    }
  }

  /**
   * A launch of a report of a campaign, one at a time per report and campaign: while an earlier launch's file is
   * still queued or being made or sent, answers that launch's job and makes no second file.
   */
  async function launchOnce(
    kind: ReportKind,
    datasetId: number,
    who: Actor,
    start: (q: Queryable) => Promise<string>,
  ): Promise<Launch> {
    return oneRequestAtATime(kind, datasetId, async (q) => {
      const earlier = await underWay(q, datasetId, kind);
      if (!earlier) return { jobId: await start(q) };
      const joined = `The ${REPORT_KIND_LABELS[kind]} of campaign ${datasetId} launched at ${utcText(earlier.requested_at)} is still being made or sent; this launch joins it and makes no second file.`;
      await audit(who, `report.launch.${kind}.joined`, datasetId, { jobId: earlier.job_id }, q);
      return { jobId: earlier.job_id, joined };
    });
  }

  /** Wakes this process's report workers for the jobs a transaction just committed. */
  function wakeReportWorkers(): void {
    wakeWorker(ctx.boss, GENERATE_JOB);
    wakeWorker(ctx.boss, TRANSFER_JOB);
  }

  /** Sends a report job; through `q`, in the caller's transaction (its workers woken by the caller after it commits). */
  async function enqueue(name: string, data: ReportJobData, q?: Queryable): Promise<string> {
    const { fileTransfer } = config;
    const options =
      name === TRANSFER_JOB
        ? {
            retryLimit: fileTransfer.retryLimit,
            retryDelay: fileTransfer.retryDelaySeconds,
            retryBackoff: true,
            // Above the longest an attempt can take (it gives up by itself at FILE_TRANSFER_TIME_LIMIT_MINUTES), so the
            // queue never retries an attempt still running; a retry would wait for its lock anyway (transfer-lock.ts).
            expireInSeconds: transferTiming(fileTransfer.timeLimitMs).expireInSeconds,
          }
        : { retryLimit: 2, retryDelay: 10, retryBackoff: true, expireInSeconds: 60 * 60 };
    const id = await sendJob(ctx.boss, name, data, q ? { ...options, db: jobsThrough(q) } : options);
    if (!id) throw new Error(`the job queue did not accept ${name}`);
    return id;
  }

  /**
   * Creates the dataset's completion report, or starts it over; answers the generation job's id. Called holding the
   * report's request lock (oneRequestAtATime), on its connection.
   */
  async function requestCompletion(q: Queryable, datasetId: number): Promise<string> {
    const { rows } = await q.query<{ id: number; request_seq: number }>(
      `INSERT INTO report_files (dataset_id, kind) VALUES ($1, 'completion')
       ON CONFLICT (dataset_id) WHERE kind = 'completion' DO UPDATE
          SET request_seq = report_files.request_seq + 1, requested_at = now(), ${START_OVER}
       RETURNING id, request_seq`,
      [datasetId],
    );
    const row = rows[0]!;
    return enqueueRequest(q, GENERATE_JOB, { reportId: row.id, seq: row.request_seq });
  }

  /**
   * Writes the running job's sign of life now and every HEARTBEAT_MS until the returned function is called, so that
   * `recoverAbandoned` can tell a job still at work from one whose worker died. A failed write is tried again next time.
   */
  function heartbeat(reportId: number, seq: number): () => void {
    const beat = () =>
      db
        .query('UPDATE report_files SET heartbeat_at = now() WHERE id = $1 AND request_seq = $2', [
          reportId,
          seq,
        ])
        .catch(() => {});
    void beat();
    const timer = setInterval(beat, HEARTBEAT_MS);
    timer.unref();
    return () => clearInterval(timer);
  }

  /**
   * The transfer of a request whose file is made, unless it is queued or under way already: the run that made the
   * file queues it, and a generation run again after its end went unrecorded (the worker or the database lost just
   * then) sends the file it made, once. The row stays locked until the job is in the queue, so two runs at once
   * (the queue running a job again while it still ran) cannot both find none and queue two.
   */
  async function ensureTransferQueued(reportId: number, seq: number): Promise<void> {
    await withTransaction(db, async (client) => {
      // The lock first, the look for the job after it in a statement of its own: a statement that waited for the
      // lock would look with the snapshot it took before waiting, and miss the job queued meanwhile.
      await client.query('SELECT 1 FROM report_files WHERE id = $1 FOR UPDATE', [reportId]);
      const { rows } = await client.query<{ pending: boolean }>(
        `SELECT r.attempts = 0 AND NOT EXISTS (SELECT 1 FROM ${QUEUE_SCHEMA}.job j
                  WHERE j.name = '${TRANSFER_JOB}' AND j.data->>'reportId' = r.id::text
                    AND j.data->>'seq' = r.request_seq::text) AS pending
           FROM report_files r WHERE r.id = $1 AND r.request_seq = $2`,
        [reportId, seq],
      );
      if (rows[0]?.pending) await enqueue(TRANSFER_JOB, { reportId, seq });
    });
  }

  /**
   * A failed run: its reason, and its job, which the queue retries under the same id unless this was the last;
   * after the last, REPORT_ALERT_EMAILS are told (failure-alert.ts).
   */
  async function setFailed(reportId: number, seq: number, message: string, run: JobRun) {
    const last = isLastRun(run);
    const { rowCount } = await db.query(
      `UPDATE report_files SET transfer_state = $3, last_error = $4, retry_job_id = $5, update_xt = ${NOW_XT}
        WHERE id = $1 AND request_seq = $2`,
      [reportId, seq, last ? 'failed' : 'waiting', message.slice(0, 2000), run.id],
    );
    if (last && rowCount) await sendFailureAlert(ctx, reportId, seq);
  }

  return {
    /**
     * GET /api/completion-reports: rows changed after the stamp, and the highest stamp of all, read in one
     * statement (one snapshot). A stamp is the time of the change, not of its commit: a change made before another
     * but committed after it would carry a stamp below one a console already holds, and be missed for good. So the
     * rows asked for start STAMP_OVERLAP_US before the console's stamp: rows changed lately come again, and the
     * console's merge by id takes them as they are.
     */
    async list(stamp: number): Promise<{ maxUpdateXt: number; rows: CompletionReportRow[] }> {
      const { rows } = await db.query<CompletionDbRow & { max_xt: number | null }>(
        `SELECT r.dataset_id, d.title, d.launched_at, ${EFFECTIVE_RETRY} AS medbase_retry_at,
                r.generated_at, r.transferred_at, r.update_xt, r.transfer_state, r.last_error, r.attempts,
                r.file_name, r.previous_transferred_at, r.previous_file_name, r.attempt_limit,
                ${NEXT_ATTEMPT_SQL} AS next_attempt_at, ${DUE_AT} AS due_at,
                coalesce(${REQUESTED_EARLY}, false) AS sent_early, m.max_xt
           FROM (SELECT max(update_xt) AS max_xt FROM report_files WHERE kind = 'completion') m
           LEFT JOIN report_files r ON r.kind = 'completion' AND r.update_xt > $1
           LEFT JOIN datasets d ON d.id = r.dataset_id
          ORDER BY r.dataset_id DESC`,
        [stamp > 0 ? stamp - STAMP_OVERLAP_US : 0],
      );
      const maxUpdateXt = rows[0]?.max_xt ?? 0;
      return {
        maxUpdateXt,
        rows: rows.filter((row) => row.dataset_id !== null).map(completionRow),
      };
    },

    /**
     * Scheduler: a completion report for every root campaign whose medical-baseline retry time is at least
     * 30 minutes past and that has none yet. The unique index makes the insert happen once per campaign
     * however many workers run this; only the inserting one enqueues generation.
     */
    async scheduleDue(): Promise<number> {
      // The reports and their jobs in one transaction: a report recorded without its job (the scheduler stopped in
      // between) would never be made, since later runs look only for campaigns without a report.
      const rows = await withTransaction(db, async (client) => {
        const { rows: due } = await client.query<{ id: number; dataset_id: number; request_seq: number }>(
          `INSERT INTO report_files (dataset_id, kind)
           SELECT d.id, 'completion' FROM datasets d
            WHERE d.root_id IS NULL
              AND ${EFFECTIVE_RETRY} <= now() - make_interval(mins => $1)
              AND NOT EXISTS (SELECT 1 FROM report_files r WHERE r.dataset_id = d.id AND r.kind = 'completion')
           ON CONFLICT (dataset_id) WHERE kind = 'completion' DO NOTHING
           RETURNING id, dataset_id, request_seq`,
          [COMPLETION_DELAY_MINUTES],
        );
        for (const r of due) {
          await sendJob(
            ctx.boss,
            GENERATE_JOB,
            { reportId: r.id, seq: r.request_seq },
            {
              singletonKey: `completion-${r.dataset_id}`,
              singletonSeconds: 300,
              retryLimit: 2,
              retryDelay: 10,
              retryBackoff: true,
              db: jobsThrough(client),
            },
          );
        }
        return due;
      });
      if (rows.length > 0) wakeReportWorkers();
      // A report an operator launched before the retry logic had settled is not the final word: once the
      // campaign is due, it is generated again, so the utility always gets the list as of retry + 30 minutes.
      const early = (q: Queryable, datasetId: number | null) =>
        q.query<{ id: number }>(
          `SELECT d.id FROM datasets d JOIN report_files r ON r.dataset_id = d.id AND r.kind = 'completion'
            WHERE d.root_id IS NULL AND ($1::bigint IS NULL OR d.id = $1)
              AND ${DUE_AT} <= now() AND ${REQUESTED_EARLY}`,
          [datasetId],
        );
      let again = 0;
      for (const d of (await early(db, null)).rows) {
        // Asked again under the report's request lock: a refresh or another run of the scheduler may have made it
        // since (a second file would go to the utility as well).
        again += await oneRequestAtATime('completion', d.id, async (q) => {
          if ((await early(q, d.id)).rows.length === 0) return 0;
          await requestCompletion(q, d.id);
          return 1;
        });
      }
      return rows.length + again;
    },

    /**
     * What a launch of the campaign's completion report would be, for a user without MB_INTERNAL_PERMISSION: due
     * (its retry time + 30 minutes has passed) or not, with why in a sentence naming the due time; and whether the
     * report was requested already (launching it again is a refresh).
     */
    async launchState(
      id: number,
    ): Promise<{ datasetId: number; exists: boolean } & ({ due: true } | { due: false; reason: string })> {
      const datasetId = await rootOf(id);
      const { rows } = await db.query<{ due_at: Date | null; due: boolean | null; exists: boolean }>(
        `SELECT ${DUE_AT} AS due_at, ${DUE_AT} <= now() AS due,
                EXISTS (SELECT 1 FROM report_files r WHERE r.dataset_id = d.id AND r.kind = 'completion') AS exists
           FROM datasets d WHERE d.id = $1`,
        [datasetId],
      );
      const { due_at: dueAt, due, exists } = rows[0]!;
      if (due) return { datasetId, due: true, exists };
      const when = dueAt
        ? `is due at ${utcText(dueAt)} (${COMPLETION_DELAY_MINUTES} minutes after its medical-baseline retry time) and is sent then`
        : `is not due yet: it is sent ${COMPLETION_DELAY_MINUTES} minutes after the campaign's medical-baseline retry time, which is not set yet`;
      return {
        datasetId,
        due: false,
        exists,
        reason: `The completion report of campaign ${datasetId} ${when}. Sending it early needs MB_INTERNAL_PERMISSION.`,
      };
    },

    /** refresh-completion-report: generate again, then transfer (a child's id: its campaign's report). */
    async refresh(id: number, who: Actor): Promise<string> {
      const datasetId = await rootOf(id);
      return oneRequestAtATime('completion', datasetId, async (q) => {
        const jobId = await requestCompletion(q, datasetId);
        await audit(who, 'completion.refresh', datasetId, { jobId }, q);
        return jobId;
      });
    },

    /** launch-completion-report: as refresh, but joins a launch or request of the report still under way. */
    async launchCompletion(id: number, who: Actor): Promise<Launch> {
      const datasetId = await rootOf(id);
      return launchOnce('completion', datasetId, who, async (q) => {
        const jobId = await requestCompletion(q, datasetId);
        await audit(who, 'completion.launch', datasetId, { jobId }, q);
        return jobId;
      });
    },

    /**
     * resend-completion-report: transfer the stored file again (same bytes). Not while a new file is being made (a
     * refresh, a launch, the scheduler): the resend would supersede that request and send the old file instead.
     */
    async resend(id: number, who: Actor): Promise<string> {
      const datasetId = await rootOf(id);
      // Under the report's request lock: a refresh at the same moment has either queued its job already (so the
      // resend sees a new file being made and is refused) or comes after the resend and supersedes it.
      return oneRequestAtATime('completion', datasetId, async (q) => {
        const { rows } = await q.query<{ id: number; request_seq: number }>(
          `UPDATE report_files
            SET request_seq = request_seq + 1, ${START_OVER}
          WHERE dataset_id = $1 AND kind = 'completion' AND file_path IS NOT NULL AND NOT ${MAKING_NEW_FILE}
          RETURNING id, request_seq`,
          [datasetId],
        );
        const row = rows[0];
        if (!row) {
          const { rows: why } = await q.query<{ making: boolean }>(
            `SELECT ${MAKING_NEW_FILE} AS making FROM report_files
            WHERE dataset_id = $1 AND kind = 'completion'`,
            [datasetId],
          );
          throw conflict(
            why[0]?.making
              ? `The completion report of campaign ${datasetId} is being made again; it is sent as soon as it is made, so there is nothing to resend yet.`
              : `The completion report of campaign ${datasetId} has not been generated yet, so there is nothing to resend. Use refresh to generate it.`,
          );
        }
        const jobId = await enqueueRequest(q, TRANSFER_JOB, { reportId: row.id, seq: row.request_seq });
        await audit(who, 'completion.resend', datasetId, { jobId }, q);
        return jobId;
      });
    },

    /**
     * launch-medicalbaseline-report, launch-mb-unreached-report, launch-linkclick-report (a child's id: its
     * campaign's report, as for completion reports). Each launch is a row of its own; it starts with the last delivery of the same report of the dataset as its previous one, since the
     * Custom Reports list shows only the newest launch of each kind.
     */
    async launchCustom(kind: CustomReportKind, id: number, who: Actor): Promise<Launch> {
      // A child's id makes its campaign's report: the Custom Reports list shows root campaigns only, so a report
      // of the child alone would be sent without any row saying whether it arrived.
      const datasetId = await rootOf(id);
      return launchOnce(kind, datasetId, who, async (q) => {
        const { rows } = await q.query<{ id: number; request_seq: number }>(
          `INSERT INTO report_files (dataset_id, kind, previous_transferred_at, previous_file_name)
           SELECT $1, $2, p.at, p.name
             FROM (SELECT 1) one
             LEFT JOIN LATERAL (
                  SELECT coalesce(transferred_at, previous_transferred_at) AS at,
                         CASE WHEN transferred_at IS NULL THEN previous_file_name ELSE file_name END AS name
                    FROM report_files WHERE dataset_id = $1 AND kind = $2 ORDER BY id DESC LIMIT 1) p ON true
           RETURNING id, request_seq`,
          [datasetId, kind],
        );
        const row = rows[0]!;
        const jobId = await enqueueRequest(q, GENERATE_JOB, { reportId: row.id, seq: row.request_seq });
        await audit(who, `report.launch.${kind}`, datasetId, { jobId, reportId: row.id }, q);
        return jobId;
      });
    },

    /** The generation job: writes the file, records it on the row, enqueues its transfer. */
    async generate({ reportId, seq }: ReportJobData, run: JobRun): Promise<void> {
      const { rows } = await db.query<{
        dataset_id: number;
        kind: ReportKind;
        request_seq: number;
        generated_seq: number | null;
      }>('SELECT dataset_id, kind, request_seq, generated_seq FROM report_files WHERE id = $1', [reportId]);
      const row = rows[0];
      if (!row || row.request_seq !== seq) return; // superseded
      // Made already by an earlier run of this job, whose end the queue did not learn: no second file.
      if (row.generated_seq === seq) return ensureTransferQueued(reportId, seq);
      const stopHeartbeat = heartbeat(reportId, seq);
      const at = new Date();
      const fileName = reportFileName(config.utilityAbbreviation, row.kind, row.dataset_id, at);
      // Unique per run, so a superseded run, or a second run of the same job, never overwrites or deletes the
      // file recorded on the row.
      const filePath = path.join(
        reportsDir,
        `r${reportId}-s${seq}-${randomBytes(4).toString('hex')}-${fileName}`,
      );
      const partPath = `${filePath}.${randomBytes(4).toString('hex')}.part`;
      try {
        await mkdir(reportsDir, { recursive: true });
        await rm(filePath, { force: true });
        const stats = await writeReportFile(db, row.kind, row.dataset_id, config.reachedStatuses, partPath);
        await rename(partPath, filePath);
        await syncFolder(reportsDir);
        const { rows: updated } = await db.query<{ old_path: string | null }>(
          `UPDATE report_files
              SET file_path = $3, file_name = $4, size_bytes = $5, sha256 = $6, row_count = $7,
                  unreached_in_progress = $9, generated_at = $8, generated_seq = $2, ${START_OVER}
             FROM (SELECT id, file_path AS old_path FROM report_files WHERE id = $1 FOR UPDATE) old
            WHERE report_files.id = old.id AND report_files.request_seq = $2
              AND report_files.generated_seq IS DISTINCT FROM $2
            RETURNING old.old_path`,
          [
            reportId,
            seq,
            filePath,
            fileName,
            stats.bytes,
            stats.sha256,
            stats.rows,
            at,
            stats.unreachedInProgress,
          ],
        );
        // Superseded, or made meanwhile by another run of this job (the queue running it again while it ran):
        // the file recorded first is the request's, and its run queues the one transfer.
        if (!updated.length) {
          await rm(filePath, { force: true });
          return;
        }
        const oldPath = updated[0]?.old_path;
        if (oldPath && oldPath !== filePath) await rm(oldPath, { force: true });
        await ensureTransferQueued(reportId, seq);
      } catch (err) {
        await rm(partPath, { force: true }).catch(() => {});
        const last = isLastRun(run);
        await setFailed(
          reportId,
          seq,
          `Report generation failed${last ? '' : ' (retrying)'}: ${errorText(err)}`,
          run,
        );
        throw err;
      } finally {
        stopHeartbeat();
      }
    },

    /**
     * The transfer job: one attempt. A failure is recorded on the row and rethrown, so pg-boss retries with
     * exponential backoff; the last allowed attempt marks the row failed. The job's own retry limit gives the
     * attempts allowed (the configuration may have changed since it was sent). The attempt first takes its file's
     * transfer lock (transfer-lock.ts), waiting for an earlier attempt still writing the same file, and gives up by
     * itself at FILE_TRANSFER_TIME_LIMIT_MINUTES.
     */
    async transfer({ reportId, seq }: ReportJobData, run: JobRun): Promise<void> {
      const { url, allowSelfSigned, keyPath, timeLimitMs } = config.fileTransfer;
      const timing = transferTiming(timeLimitMs);
      // A sign of life while waiting for the lock too, so the wait is not taken for a dead worker.
      const stopHeartbeat = heartbeat(reportId, seq);
      const lock = await takeTransferLock(db, reportId, timing.lockWaitMs).catch((err: unknown) => {
        stopHeartbeat();
        throw err;
      });
      try {
        if (!lock) {
          const message = `Did not start: an earlier attempt at sending this file was still running after ${describeMs(timing.lockWaitMs)}, and two attempts never write the same file at once. File transfer to ${redactUrl(url)}.`;
          await setFailed(reportId, seq, message, run);
          throw new Error(message);
        }
        const { rows } = await db.query<{ file_path: string; file_name: string; size_bytes: number }>(
          `UPDATE report_files SET transfer_state = 'transferring', ${CLEAR_TRANSFER},
                  attempts = attempts + 1, attempt_limit = $3, update_xt = ${NOW_XT}
            WHERE id = $1 AND request_seq = $2 AND file_path IS NOT NULL AND transfer_state <> 'transferred'
            RETURNING file_path, file_name, size_bytes`,
          [reportId, seq, run.retryLimit + 1],
        );
        const row = rows[0];
        // Superseded by a newer request, or this request's file arrived already (a run whose end went unrecorded).
        if (!row) return;
        try {
          const transfer = createFileTransfer(url, {
            allowSelfSigned,
            timeLimitMs,
            ...(keyPath ? { privateKey: keyPath } : {}),
          });
          const result = await transfer.send(row.file_path, row.file_name, { signal: lock.lost });
          if (result.bytes !== row.size_bytes) {
            throw new Error(`${row.file_name}: ${result.bytes} bytes sent, the report has ${row.size_bytes}`);
          }
          await db.query(
            `UPDATE report_files SET transfer_state = 'transferred', transferred_at = now(), last_error = NULL,
                    retry_job_id = NULL, update_xt = ${NOW_XT}
              WHERE id = $1 AND request_seq = $2`,
            [reportId, seq],
          );
        } catch (err) {
          await setFailed(reportId, seq, transferErrorText(err, url), run);
          throw err instanceof FileTransferError ? err : new Error(transferErrorText(err, url));
        }
      } finally {
        stopHeartbeat();
        await lock?.release();
      }
    },

    /**
     * Report jobs whose worker died (killed, crashed, its machine lost): still 'active' in the queue, which would
     * wait for their expiry (about twice FILE_TRANSFER_TIME_LIMIT_MINUTES for a transfer, 60 minutes for generation) with the row saying 'transferring',
     * though they have shown no sign of life for `silentForMs`. Each is given back to the queue as a failed attempt,
     * retried as any other (or failed for good when it was the last), and its row says why. A job whose work was
     * done, its end not recorded, is given back too: its rerun finds the work done and ends at once. Only the
     * current request of a row counts; a superseded job does nothing whenever it runs.
     */
    async recoverAbandoned({
      silentForMs = ABANDONED_AFTER_MS,
    }: {
      silentForMs?: number;
    } = {}): Promise<number> {
      const { rows } = await db.query<{
        id: string;
        name: string;
        report_id: number;
        seq: number;
        last: boolean;
        unfinished: boolean;
      }>(
        `SELECT j.id::text, j.name, r.id AS report_id, r.request_seq AS seq, j.retry_count >= j.retry_limit AS last,
                CASE WHEN j.name = '${TRANSFER_JOB}' THEN r.transfer_state = 'transferring'
                     ELSE r.generated_seq IS DISTINCT FROM r.request_seq END AS unfinished
           FROM ${QUEUE_SCHEMA}.job j
           JOIN report_files r ON j.data->>'reportId' = r.id::text AND j.data->>'seq' = r.request_seq::text
          WHERE j.name IN ('${GENERATE_JOB}', '${TRANSFER_JOB}') AND j.state = 'active'
            AND greatest(j.started_on, r.heartbeat_at) < now() - make_interval(secs => $1)`,
        [silentForMs / 1000],
      );
      for (const job of rows) {
        await ctx.boss.fail(job.name, job.id, { message: ABANDONED_TEXT });
        if (!job.unfinished) {
          // A file made, its transfer perhaps never queued (the worker lost in between), even if no rerun follows.
          if (job.name === GENERATE_JOB) await ensureTransferQueued(job.report_id, job.seq);
          continue;
        }
        const { rowCount } = await db.query(
          `UPDATE report_files SET transfer_state = $3, last_error = $4, retry_job_id = $5, update_xt = ${NOW_XT}
            WHERE id = $1 AND request_seq = $2 AND transfer_state <> 'transferred'`,
          [job.report_id, job.seq, job.last ? 'failed' : 'waiting', ABANDONED_TEXT, job.id],
        );
        if (job.last && rowCount) await sendFailureAlert(ctx, job.report_id, job.seq);
      }
      return rows.length;
    },

    /**
     * Removes the files of the reports folder that no report holds and that are older than
     * STRAY_REPORT_FILE_AGE_MS (they hold customer data and would only fill the disk); returns how many.
     */
    async sweepStrayFiles(now = Date.now()): Promise<number> {
      const names = await readdir(reportsDir).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return [];
        throw error;
      });
      const { rows } = await db.query<{ file_path: string }>(
        'SELECT file_path FROM report_files WHERE file_path IS NOT NULL',
      );
      const held = new Set(rows.map((r) => path.resolve(r.file_path)));
      let removed = 0;
      for (const name of names) {
        const file = path.resolve(reportsDir, name);
        if (held.has(file)) continue;
        const info = await stat(file).catch(() => null);
        if (!info?.isFile() || now - info.mtimeMs < STRAY_REPORT_FILE_AGE_MS) continue;
        await rm(file, { force: true });
        removed++;
      }
      return removed;
    },
  };
}

/** A failed attempt's reason for the row and the job record: never the URL's password or user secrets. */
export function transferErrorText(err: unknown, url: string): string {
  let secrets: string[] = [];
  try {
    const u = new URL(url);
    secrets = [u.password, decodeURIComponent(u.password)].filter(Boolean);
  } catch {
    // an unparsable URL is reported by the adapter as <invalid URL>
  }
  const text =
    err instanceof FileTransferError ? err.message : `${errorText(err)}. File transfer to ${redactUrl(url)}.`;
  return scrubSecrets(text, secrets);
}

export type CompletionService = ReturnType<typeof completionService>;
