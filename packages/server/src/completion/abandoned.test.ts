import { type ChildProcess, spawn } from 'node:child_process';
import { readdir, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../test/harness.ts';
import { silentServer, tempFolder } from '../delivery/test-support/files.ts';
import { startWorkers } from '../jobs/queue.ts';
import { ABANDONED_TEXT, completionService, GENERATE_JOB, TRANSFER_JOB } from './service.ts';
import { eventually, seedCompletionFixture } from './test-fixture.ts';

const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * The server killed in the middle of a report job, then started again: the job is not left 'active' (and its row
 * 'transferring') until the queue's expiry (about an hour for a transfer); it is tried again once it has shown no sign
 * of life, and the utility gets the file once.
 */
let t: TestApp;
let token: string;
let dataDir: Awaited<ReturnType<typeof tempFolder>>;
let outbox: Awaited<ReturnType<typeof tempFolder>>;

const get = (url: string) => t.app.inject({ url, headers: bearer(token) });
type Row = Record<string, unknown> & { UPDATE_XT: number };
async function completionRow(datasetId: number): Promise<Row> {
  return (await get(`/api/completion-reports/${token}/0`)).json()[2].find((r: Row) => r.ID === datasetId);
}
async function jobsOf(name: string, reportId: number, seq: number) {
  const { rows } = await t.ctx.db.query<{ id: string; state: string }>(
    `SELECT id::text, state::text FROM pgboss.job
      WHERE name = $1 AND data->>'reportId' = $2::text AND data->>'seq' = $3::text`,
    [name, reportId, seq],
  );
  return rows;
}
async function reportRow(datasetId: number) {
  const { rows } = await t.ctx.db.query<{ id: number; request_seq: number }>(
    "SELECT id, request_seq FROM report_files WHERE dataset_id = $1 AND kind = 'completion'",
    [datasetId],
  );
  return rows[0]!;
}

beforeAll(async () => {
  dataDir = await tempFolder('abandoned-data');
  outbox = await tempFolder('abandoned-outbox');
  t = await createTestApp();
  t.ctx.config.dataDir = dataDir.path;
  t.ctx.config.fileTransfer = {
    url: pathToFileURL(outbox.path).toString(),
    retryLimit: 3,
    retryDelaySeconds: 1,
    timeLimitMs: 30 * 60_000,
    allowSelfSigned: false,
    keyPath: undefined,
    alertEmails: [],
  };
  token = await t.signIn(['REPORTING', 'MB_INTERNAL_PERMISSION']);
  await seedCompletionFixture(t);
});
afterAll(async () => {
  await t.close();
  await dataDir.remove();
  await outbox.remove();
});

describe('a report job whose worker was killed', () => {
  let silent: Awaited<ReturnType<typeof silentServer>>;
  let child: ChildProcess | undefined;
  beforeAll(async () => {
    silent = await silentServer();
  });
  afterAll(async () => {
    if (child && child.exitCode === null) child.kill('SIGKILL');
    await silent.close();
  });

  it('is tried again once silent, says so on its row, and the file arrives once', async () => {
    // A worker process whose destination accepts the connection and never answers: its transfer hangs.
    child = spawn(
      process.execPath,
      ['--import', 'tsx', path.resolve(here, '../../test/job-worker-child.ts')],
      {
        env: {
          ...process.env,
          DATABASE_URL: t.databaseUrl,
          DATA_DIR: dataDir.path,
          LOG_LEVEL: 'silent',
          WORKERS: '1',
          FILE_TRANSFER_URL: `ftp://utility:pw@127.0.0.1:${silent.port}/`,
          FILE_TRANSFER_RETRY_LIMIT: '3',
          FILE_TRANSFER_RETRY_DELAY_SECONDS: '1',
        },
        stdio: ['pipe', 'pipe', 'inherit'],
      },
    );
    let output = '';
    child.stdout!.on('data', (chunk) => {
      output += chunk;
    });
    await eventually(async () => (output.includes('ready') ? true : undefined), 20_000, 'the worker');
    expect((await get(`/api/launch-completion-report/${token}/500`)).statusCode).toBe(202);
    await eventually(async () =>
      (await completionRow(500)).TRANSFER_STATE === 'transferring' ? true : undefined,
    );
    child.kill('SIGKILL');
    await new Promise((resolve) => child!.once('exit', resolve));
    const { id, request_seq: seq } = await reportRow(500);
    expect(await jobsOf(TRANSFER_JOB, id, seq)).toEqual([expect.objectContaining({ state: 'active' })]);

    // A job that showed a sign of life within the minute is left alone: its worker may be at work.
    expect(await completionService(t.ctx).recoverAbandoned()).toBe(0);
    expect((await completionRow(500)).TRANSFER_STATE).toBe('transferring');

    // Silent for longer than allowed: given back to the queue as a failed attempt, the row saying why.
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    expect(await completionService(t.ctx).recoverAbandoned({ silentForMs: 1_000 })).toBe(1);
    expect(await jobsOf(TRANSFER_JOB, id, seq)).toEqual([expect.objectContaining({ state: 'retry' })]);
    expect(await completionRow(500)).toMatchObject({
      TRANSFER_STATE: 'waiting',
      ATTEMPTS: 1,
      ATTEMPT_LIMIT: 4,
      LAST_ERROR: ABANDONED_TEXT,
      FILE_TRANSFER_TIME: null,
      NEXT_ATTEMPT_TIME: expect.any(String),
    });

    // The server started again: the next attempt delivers the file, once.
    await startWorkers(t.ctx);
    const done = await eventually(async () => {
      const r = await completionRow(500);
      return r.TRANSFER_STATE === 'transferred' ? r : undefined;
    });
    expect(done).toMatchObject({ ATTEMPTS: 2, LAST_ERROR: null });
    expect(await readdir(outbox.path)).toEqual([done.FILE_NAME]);
  });
});

describe('a report job run again after its work was done (its end not recorded)', () => {
  const run = { id: 'rerun', retryCount: 0, retryLimit: 3 };

  it('a transfer whose file arrived sends nothing again', async () => {
    const before = await completionRow(500);
    expect(before.TRANSFER_STATE).toBe('transferred');
    const { id, request_seq: seq } = await reportRow(500);
    await completionService(t.ctx).transfer({ reportId: id, seq }, run);
    const after = await completionRow(500);
    expect(after).toMatchObject({
      TRANSFER_STATE: 'transferred',
      ATTEMPTS: before.ATTEMPTS,
      FILE_TRANSFER_TIME: before.FILE_TRANSFER_TIME,
      UPDATE_XT: before.UPDATE_XT,
    });
  });

  it('a generation that made its file makes no second file and queues no second transfer', async () => {
    const service = completionService(t.ctx);
    // A request nobody's worker takes yet: the test plays the worker.
    await t.ctx.db.query(
      "UPDATE report_files SET request_seq = request_seq + 1, transfer_state = 'waiting', transferred_at = NULL, attempts = 0 WHERE dataset_id = 500 AND kind = 'completion'",
    );
    const { id, request_seq: seq } = await reportRow(500);
    await service.generate({ reportId: id, seq }, run);
    const made = await completionRow(500);
    expect(await jobsOf(TRANSFER_JOB, id, seq)).toHaveLength(1);
    // The file names carry the time to the second: a second file would have another name.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    await service.generate({ reportId: id, seq }, run);
    const again = await completionRow(500);
    expect(again.FILE_NAME).toBe(made.FILE_NAME);
    expect(again.COMPLETION_REPORT_TIME).toBe(made.COMPLETION_REPORT_TIME);
    expect(await jobsOf(TRANSFER_JOB, id, seq)).toHaveLength(1);
  });
});

describe('a generation abandoned on its last attempt after making its file', () => {
  it('still has the file sent', async () => {
    // The test plays the worker: the running ones leave the report queues alone.
    await t.ctx.boss.offWork(GENERATE_JOB);
    await t.ctx.boss.offWork(TRANSFER_JOB);
    const service = completionService(t.ctx);
    await t.ctx.db.query(
      "UPDATE report_files SET request_seq = request_seq + 1, transfer_state = 'waiting', transferred_at = NULL, attempts = 0 WHERE dataset_id = 500 AND kind = 'completion'",
    );
    const { id, request_seq: seq } = await reportRow(500);
    await t.ctx.boss.send(GENERATE_JOB, { reportId: id, seq }, { retryLimit: 0 });
    const [job] = await t.ctx.boss.fetch<{ reportId: number; seq: number }>(GENERATE_JOB);
    await service.generate(job!.data, { id: job!.id, retryCount: 0, retryLimit: 0 });
    // The worker was lost after recording the file and before its transfer reached the queue.
    await t.ctx.db.query(
      "DELETE FROM pgboss.job WHERE name = $1 AND data->>'reportId' = $2::text AND data->>'seq' = $3::text",
      [TRANSFER_JOB, id, seq],
    );
    await t.ctx.db.query("UPDATE pgboss.job SET started_on = now() - interval '2 minutes' WHERE id = $1", [
      job!.id,
    ]);
    await t.ctx.db.query(
      "UPDATE report_files SET heartbeat_at = now() - interval '2 minutes' WHERE id = $1",
      [id],
    );

    expect(await service.recoverAbandoned()).toBe(1);
    expect(await jobsOf(GENERATE_JOB, id, seq)).toEqual([expect.objectContaining({ state: 'failed' })]);
    expect(await jobsOf(TRANSFER_JOB, id, seq)).toEqual([expect.objectContaining({ state: 'created' })]);
    expect((await completionRow(500)).LAST_ERROR).toBeNull();
  });
});

describe('files of the reports folder that no report holds', () => {
  it('are removed once a day old; the files reports hold, and younger ones, stay', async () => {
    const reports = path.join(dataDir.path, 'reports');
    const held = (
      await t.ctx.db.query<{ file_path: string }>(
        "SELECT file_path FROM report_files WHERE dataset_id = 500 AND kind = 'completion'",
      )
    ).rows[0]!.file_path;
    const dayAndMinute = new Date(Date.now() - 24 * 60 * 60_000 - 60_000);
    const part = path.join(reports, 'r1-s9-0a0b0c0d-PGE_Completion_500.csv.1a2b3c4d.part');
    const unrecorded = path.join(reports, 'r1-s8-0e0f0a0b-PGE_Completion_500.csv');
    const recent = path.join(reports, 'r1-s10-0c0d0e0f-PGE_Completion_500.csv.5e6f7a8b.part');
    for (const file of [part, unrecorded, recent]) await writeFile(file, 'ID,NAME\n');
    for (const file of [part, unrecorded, held]) await utimes(file, dayAndMinute, dayAndMinute);
    const before = await readdir(reports);

    expect(await completionService(t.ctx).sweepStrayFiles()).toBe(2);
    expect((await readdir(reports)).sort()).toEqual(
      before.filter((name) => name !== path.basename(part) && name !== path.basename(unrecorded)).sort(),
    );
    expect(await readdir(reports)).toEqual(
      expect.arrayContaining([path.basename(held), path.basename(recent)]),
    );
    expect(await completionService(t.ctx).sweepStrayFiles()).toBe(0);
  });
});
