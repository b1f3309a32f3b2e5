import { readdir } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp, waitingOnLock } from '../../test/harness.ts';
import { tempFolder } from '../delivery/test-support/files.ts';
import { GENERATE_JOB, TRANSFER_JOB } from './delivery-progress.ts';
import { completionService } from './service.ts';
import { ingestRecords, seedCompletionFixture } from './test-fixture.ts';

/**
 * Report requests and jobs arriving at the same moment. No job workers run here: the jobs a request enqueues stay
 * in the queue, where the tests read them. Fixture: test-fixture.ts (root campaigns 500, due, and 600).
 */
let t: TestApp;
let operator: string; // REPORTING + MB_INTERNAL_PERMISSION
let dataDir: Awaited<ReturnType<typeof tempFolder>>;
let outbox: Awaited<ReturnType<typeof tempFolder>>;
let ingestKey: string;

const get = (url: string) => t.app.inject({ url, headers: bearer(operator) });

beforeAll(async () => {
  dataDir = await tempFolder('races-data');
  outbox = await tempFolder('races-outbox');
  t = await createTestApp();
  t.ctx.config.dataDir = dataDir.path;
  t.ctx.config.fileTransfer = { ...t.ctx.config.fileTransfer, url: pathToFileURL(outbox.path).href };
  operator = await t.signIn(['REPORTING', 'MB_INTERNAL_PERMISSION']);
  ({ ingestKey } = await seedCompletionFixture(t));
});
afterAll(async () => {
  await t.close();
  await dataDir.remove();
  await outbox.remove();
});

/** Settles within `ms`, or ends the statements still waiting on a lock in this database and fails. */
async function within<T>(ms: number, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), ms);
  });
  const outcome = await Promise.race([work, late]);
  clearTimeout(timer);
  if (outcome !== 'late') return outcome;
  // Unblock the hung requests (cancel the statements waiting on a lock, again until all are answered), so that the
  // test fails instead of hanging the run.
  const admin = new pg.Client({ connectionString: t.databaseUrl });
  await admin.connect();
  let settled = false;
  void work.finally(() => {
    settled = true;
  });
  while (!settled) {
    await admin.query(
      `SELECT pg_cancel_backend(pid) FROM pg_stat_activity
        WHERE datname = current_database() AND pid <> pg_backend_pid() AND wait_event_type = 'Lock'`,
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await admin.end();
  throw new Error(`still not answered after ${ms} ms`);
}

/** Jobs of one kind for a report row's request. */
async function jobsOf(name: string, reportId: number, seq: number): Promise<number> {
  const { rows } = await t.ctx.db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM pgboss.job
      WHERE name = $1 AND data->>'reportId' = $2::text AND data->>'seq' = $3::text`,
    [name, reportId, seq],
  );
  return rows[0]!.n;
}

describe('launches arriving together', () => {
  // Each launch held a pooled connection for its launch lock while asking the pool for a second one: as many
  // launches at once as the pool has connections (10 here, 20 in production) each held one and waited for a
  // second forever, and every call of the server waited behind them.
  it('answer every one of 30 launches at once (more than the pool has connections), one file each', async () => {
    const kinds = ['medicalbaseline', 'mb-unreached', 'linkclick'] as const;
    for (let round = 0; round < 2; round++) {
      await t.ctx.db.query(`UPDATE pgboss.job SET state = 'completed' WHERE name = '${GENERATE_JOB}'`);
      const calls = Array.from({ length: 30 }, (_, i) =>
        get(`/api/launch-${kinds[i % 3]}-report/${operator}/${i % 2 === 0 ? 500 : 600}`),
      );
      const answers = await within(5_000, Promise.all(calls));
      expect(answers.map((a) => a.statusCode)).toEqual(Array.from({ length: 30 }, () => 202));
      // Six reports (three kinds of two campaigns): one new file each; the other launches joined them.
      const joined = answers.filter((a) => a.json()[0][0].ALREADY_QUEUED === true);
      expect(joined).toHaveLength(24);
      const { rows } = await t.ctx.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM pgboss.job WHERE name = '${GENERATE_JOB}' AND state = 'created'`,
      );
      expect(rows[0]!.n).toBe(6);
    }
  });
});

describe('a refresh and a resend of a completion report at the same moment', () => {
  // The resend looks for the refresh's job to know that a new file is being made; the refresh wrote its row first
  // and queued its job after, so a resend between the two found no job, took the request over and sent the old
  // file again, and the new file asked for was never made.
  it('never lets the resend take over the refresh: the new file is always made', async () => {
    const service = completionService(t.ctx);
    await service.scheduleDue();
    const { rows: report } = await t.ctx.db.query<{ id: number }>(
      "SELECT id FROM report_files WHERE dataset_id = 500 AND kind = 'completion'",
    );
    const reportId = report[0]!.id;
    const run = { id: 'test-run', retryCount: 0, retryLimit: 2 };
    const taken: number[] = [];
    for (let round = 0; round < 25; round++) {
      // A file made and sent, as before any refresh.
      const { rows } = await t.ctx.db.query<{ request_seq: number }>(
        'SELECT request_seq FROM report_files WHERE id = $1',
        [reportId],
      );
      await t.ctx.db.query(`UPDATE pgboss.job SET state = 'completed' WHERE name IN ($1, $2)`, [
        GENERATE_JOB,
        TRANSFER_JOB,
      ]);
      await service.generate({ reportId, seq: rows[0]!.request_seq }, run);
      const [refresh, resend] = await Promise.all([
        get(`/api/refresh-completion-report/${operator}/500`),
        get(`/api/resend-completion-report/${operator}/500`),
      ]);
      expect(refresh.statusCode).toBe(202);
      expect([202, 409]).toContain(resend.statusCode);
      // Whatever came first, the row's request now is the refresh's: a new file to make.
      const { rows: now } = await t.ctx.db.query<{ seq: number; job: string }>(
        `SELECT r.request_seq AS seq, j.name AS job FROM report_files r
           JOIN pgboss.job j ON j.id = r.request_job_id WHERE r.id = $1`,
        [reportId],
      );
      if (now[0]?.job !== GENERATE_JOB) taken.push(round);
      expect(await jobsOf(GENERATE_JOB, reportId, now[0]!.seq)).toBe(1);
    }
    expect(taken).toEqual([]);
  });
});

describe('one generation job run twice at once', () => {
  // The queue runs a job again when it took the first run for lost (its worker silent for a minute, or past its
  // expiry); both runs read the row before either wrote it. Both recorded their file and queued a transfer: two
  // files for one request, the first deleted under its own transfer.
  it('records one file and queues one transfer', async () => {
    const launch = await get(`/api/launch-linkclick-report/${operator}/600`);
    expect(launch.statusCode).toBe(202);
    const service = completionService(t.ctx);
    for (let round = 0; round < 10; round++) {
      const { rows } = await t.ctx.db.query<{ id: number; request_seq: number }>(
        `UPDATE report_files SET request_seq = request_seq + 1
          WHERE id = (SELECT max(id) FROM report_files WHERE dataset_id = 600 AND kind = 'linkclick')
          RETURNING id, request_seq`,
      );
      const { id: reportId, request_seq: seq } = rows[0]!;
      const run = { id: `run-${round}`, retryCount: 0, retryLimit: 2 };
      await Promise.all(Array.from({ length: 4 }, () => service.generate({ reportId, seq }, run)));
      expect(await jobsOf(TRANSFER_JOB, reportId, seq)).toBe(1);
      const { rows: stored } = await t.ctx.db.query<{ file_path: string; generated_seq: number }>(
        'SELECT file_path, generated_seq FROM report_files WHERE id = $1',
        [reportId],
      );
      expect(stored[0]!.generated_seq).toBe(seq);
      // Only the recorded file is kept (the other runs' files were removed, the recorded one never).
      const files = (await readdir(`${dataDir.path}/reports`)).filter((n) => n.startsWith(`r${reportId}-`));
      expect(files).toEqual([stored[0]!.file_path.split('/').pop()]);
    }
  });
});

const LOST = new Error('Connection terminated unexpectedly');

/** The service of a server whose job queue fails to take any job (its database connection lost). */
function stoppedQueue() {
  const boss = new Proxy(t.ctx.boss, {
    get(target, prop) {
      if (prop === 'send') return async () => Promise.reject(LOST);
      const value = Reflect.get(target, prop);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return completionService({ ...t.ctx, boss });
}

describe('the scheduler stopped between recording a due report and queueing its job', () => {
  // The report's row was written (and committed) first, its job sent after: a scheduler that stopped in between (its
  // server killed, the database connection lost) left a row without a job, which no later run looked at again (the
  // campaign has its report): the completion report was never made.
  it('makes the report at its next run', async () => {
    await ingestRecords(t, ingestKey, 'datasets', [
      {
        dataset_id_bint: 700,
        event_id_bint: 7,
        title_vch: 'Sierra Foothills: All Clear',
        medbaseRetry_dt: '2026-11-20T11:00:00Z',
      },
    ]);
    await expect(stoppedQueue().scheduleDue()).rejects.toThrow(LOST.message);
    await completionService(t.ctx).scheduleDue();
    const { rows } = await t.ctx.db.query<{ id: number; request_seq: number }>(
      "SELECT id, request_seq FROM report_files WHERE dataset_id = 700 AND kind = 'completion'",
    );
    expect(rows.length).toBe(1);
    expect(await jobsOf(GENERATE_JOB, rows[0]!.id, rows[0]!.request_seq)).toBe(1);
  });
});

describe('a refresh whose job the queue did not take', () => {
  // The row took the refresh's request (a new number, the last delivery moved aside, 'waiting') before its job was
  // sent: a job never sent left the row waiting for a file no job would make.
  it('leaves the row as it was', async () => {
    const row = () =>
      t.ctx.db.query(
        `SELECT request_seq, transfer_state, transferred_at, request_job_id FROM report_files
          WHERE dataset_id = 500 AND kind = 'completion'`,
      );
    const before = (await row()).rows;
    const who = { userId: null, actor: 'operator@test.local' };
    await expect(stoppedQueue().refresh(500, who)).rejects.toThrow(LOST.message);
    expect((await row()).rows).toEqual(before);
  });
});

describe('a report launched early, made again by the scheduler and by an operator at the same moment', () => {
  // The scheduler found the reports launched before they were due, then asked for each under its request lock
  // without looking again: a refresh (or another run of the scheduler) that came first had already made it as of
  // the due time, and the scheduler made a second file, sent to the utility as well.
  it('is made once', async () => {
    await ingestRecords(t, ingestKey, 'datasets', [
      { dataset_id_bint: 800, event_id_bint: 7, title_vch: 'Sierra Foothills: Restoration' },
    ]);
    expect((await get(`/api/launch-completion-report/${operator}/800`)).statusCode).toBe(202);
    // Launched long before its medical-baseline retry time, now known and 30 minutes past.
    await t.ctx.db.query(
      "UPDATE report_files SET requested_at = '2026-11-20T08:00:00Z' WHERE dataset_id = 800 AND kind = 'completion'",
    );
    await ingestRecords(t, ingestKey, 'datasets', [
      {
        dataset_id_bint: 800,
        event_id_bint: 7,
        title_vch: 'Sierra Foothills: Restoration',
        medbaseRetry_dt: '2026-11-20T11:00:00Z',
      },
    ]);
    const seq = async () =>
      (
        await t.ctx.db.query<{ request_seq: number }>(
          "SELECT request_seq FROM report_files WHERE dataset_id = 800 AND kind = 'completion'",
        )
      ).rows[0]!.request_seq;
    const launched = await seq();
    // The operator's refresh holds the report's request lock: the scheduler, having found the report early, waits.
    const held = await t.ctx.db.connect();
    await held.query("SELECT pg_advisory_lock(hashtextextended('report-launch:completion:800', 0))");
    const scheduled = completionService(t.ctx).scheduleDue();
    await waitingOnLock(t, 'pg_advisory_lock');
    await held.query(
      `UPDATE report_files SET request_seq = request_seq + 1, requested_at = now()
        WHERE dataset_id = 800 AND kind = 'completion'`,
    );
    await held.query("SELECT pg_advisory_unlock(hashtextextended('report-launch:completion:800', 0))");
    held.release();
    await scheduled;
    expect(await seq()).toBe(launched + 1);
  });
});
