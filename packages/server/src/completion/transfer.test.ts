import { generateKeyPairSync } from 'node:crypto';
import { readdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../test/harness.ts';
import {
  type FtpTestServer,
  startFtpTestServer,
} from '../delivery/file-transfer/test-support/ftp-test-server.ts';
import {
  type SftpTestServer,
  startSftpTestServer,
} from '../delivery/file-transfer/test-support/sftp-test-server.ts';
import { closedPort, silentServer, tempFolder } from '../delivery/test-support/files.ts';
import { startWorkers } from '../jobs/queue.ts';
import { eventually, seedCompletionFixture } from './test-fixture.ts';
import { transferLockKey, transferTiming } from './transfer-lock.ts';

/**
 * A completion report on its way to real FTP and SFTP servers on 127.0.0.1, with the job workers running:
 * it arrives byte-identical under its final name; a destination that is down makes the job retry (the
 * error is visible, FILE_TRANSFER_TIME stays empty) until it is back; a resend sends the same bytes again.
 */
const PASSWORD = 'Xfer-Secret-42';
let t: TestApp;
let token: string;
let dataDir: Awaited<ReturnType<typeof tempFolder>>;
/** The server's log lines of failed jobs. */
const logged: string[] = [];

const get = (url: string) => t.app.inject({ url, headers: bearer(token) });
const jobIdOf = (res: { json(): unknown }) => (res.json() as [[{ JOB_ID: string }]])[0][0].JOB_ID;

async function jobState(id: string): Promise<{ state: string; expire_seconds: number } | undefined> {
  const { rows } = await t.ctx.db.query(
    'SELECT state, extract(epoch FROM expire_in)::int AS expire_seconds FROM pgboss.job WHERE id = $1',
    [id],
  );
  return rows[0];
}

async function completionReportId(datasetId: number): Promise<number> {
  const { rows } = await t.ctx.db.query(
    "SELECT id FROM report_files WHERE dataset_id = $1 AND kind = 'completion'",
    [datasetId],
  );
  return rows[0].id;
}
type Row = Record<string, unknown> & { UPDATE_XT: number };

async function completionRow(datasetId: number): Promise<Row | undefined> {
  const body = (await get(`/api/completion-reports/${token}/0`)).json();
  return body[2].find((r: Row) => r.ID === datasetId);
}

async function storedFile(datasetId: number): Promise<{ path: string; bytes: Buffer; sha256: string }> {
  const { rows } = await t.ctx.db.query(
    "SELECT file_path, sha256 FROM report_files WHERE dataset_id = $1 AND kind = 'completion'",
    [datasetId],
  );
  return { path: rows[0].file_path, sha256: rows[0].sha256, bytes: await readFile(rows[0].file_path) };
}

beforeAll(async () => {
  dataDir = await tempFolder('transfer-data');
  t = await createTestApp();
  t.ctx.config.dataDir = dataDir.path;
  t.ctx.config.fileTransfer = {
    url: 'file:///nowhere-yet',
    retryLimit: 5,
    retryDelaySeconds: 1,
    timeLimitMs: 30 * 60_000,
    allowSelfSigned: true,
    keyPath: undefined,
    alertEmails: [],
  };
  token = await t.signIn(['REPORTING', 'MB_INTERNAL_PERMISSION']);
  await seedCompletionFixture(t);
  await startWorkers(t.ctx, {
    info: () => {},
    error: (fields, msg) => logged.push(JSON.stringify({ ...fields, msg })),
  });
});
afterAll(async () => {
  await t.close();
  await dataDir.remove();
});

describe('SFTP destination', () => {
  let remote: Awaited<ReturnType<typeof tempFolder>>;
  let server: SftpTestServer;
  beforeAll(async () => {
    remote = await tempFolder('transfer-sftp');
    const hostKey = generateKeyPairSync('rsa', {
      modulusLength: 2048,
      publicKeyEncoding: { type: 'spki', format: 'pem' },
      privateKeyEncoding: { type: 'pkcs1', format: 'pem' },
    }).privateKey;
    server = await startSftpTestServer({
      root: remote.path,
      hostKey,
      username: 'utility',
      password: PASSWORD,
    });
  });
  afterAll(async () => {
    await server.close();
    await remote.remove();
  });

  it('delivers the report byte-identical under its final name, with no temporary file left', async () => {
    t.ctx.config.fileTransfer.url = `sftp://utility:${PASSWORD}@127.0.0.1:${server.port}/inbound`;
    expect((await get(`/api/launch-completion-report/${token}/500`)).statusCode).toBe(202);
    const row = await eventually(async () => {
      const r = await completionRow(500);
      return r?.TRANSFER_STATE === 'transferred' ? r : undefined;
    });
    expect(await readdir(join(remote.path, 'inbound'))).toEqual([row.FILE_NAME]);
    const local = await storedFile(500);
    const arrived = await readFile(join(remote.path, 'inbound', row.FILE_NAME as string));
    expect(arrived.equals(local.bytes)).toBe(true);
    const { createHash } = await import('node:crypto');
    expect(createHash('sha256').update(arrived).digest('hex')).toBe(local.sha256);
    expect(row.FILE_TRANSFER_TIME).not.toBeNull();
  });

  it('waits while an earlier attempt still holds the same file, and sends it once that attempt ends', async () => {
    const before = (await completionRow(500))!;
    const inbound = join(remote.path, 'inbound');
    await rm(join(inbound, before.FILE_NAME as string));
    // An attempt of another process (or one the queue took for lost) still sending this report's file.
    const earlier = await t.ctx.db.connect();
    await earlier.query('SELECT pg_advisory_lock(hashtextextended($1, 0))', [
      transferLockKey(await completionReportId(500)),
    ]);
    let jobId: string;
    try {
      const res = await get(`/api/resend-completion-report/${token}/500`);
      expect(res.statusCode).toBe(202);
      jobId = jobIdOf(res);
      await eventually(async () => ((await jobState(jobId))?.state === 'active' ? true : undefined));
      await new Promise((resolve) => setTimeout(resolve, 500));
      // Running, but not writing: nothing on the server, no attempt counted, the row still waiting.
      expect(await readdir(inbound)).toEqual([]);
      expect(await completionRow(500)).toMatchObject({ TRANSFER_STATE: 'waiting', ATTEMPTS: 0 });
    } finally {
      await earlier.query('SELECT pg_advisory_unlock(hashtextextended($1, 0))', [
        transferLockKey(await completionReportId(500)),
      ]);
      earlier.release();
    }
    const done = await eventually(async () => {
      const r = await completionRow(500);
      return r?.TRANSFER_STATE === 'transferred' && r.UPDATE_XT > before.UPDATE_XT ? r : undefined;
    });
    expect(done).toMatchObject({ ATTEMPTS: 1, LAST_ERROR: null, FILE_NAME: before.FILE_NAME });
    expect(await readdir(inbound)).toEqual([before.FILE_NAME]);
    // The queue records the job's end just after the row's.
    await eventually(async () => ((await jobState(jobId))?.state === 'completed' ? true : undefined));
  });
});

describe('FTP destination that is down, then back', () => {
  let remote: Awaited<ReturnType<typeof tempFolder>>;
  let server: FtpTestServer | undefined;
  let port: number;
  beforeAll(async () => {
    remote = await tempFolder('transfer-ftp');
    port = await closedPort();
  });
  afterAll(async () => {
    await server?.close();
    await remote.remove();
  });

  it('keeps retrying with the error visible and FILE_TRANSFER_TIME empty, then delivers once the server is back', async () => {
    t.ctx.config.fileTransfer.url = `ftp://utility:${PASSWORD}@127.0.0.1:${port}/`;
    const before = (await completionRow(500))!;
    expect((await get(`/api/refresh-completion-report/${token}/500`)).statusCode).toBe(202);

    // At least two failed attempts while the server is down.
    const failing = await eventually(async () => {
      const r = await completionRow(500);
      return r && (r.ATTEMPTS as number) >= 2 && r.LAST_ERROR ? r : undefined;
    });
    expect(failing.FILE_TRANSFER_TIME).toBeNull();
    expect(failing.ATTEMPT_LIMIT).toBe(6); // 1 + FILE_TRANSFER_RETRY_LIMIT (5)
    // The delivery to SFTP before this refresh is still shown.
    expect(failing).toMatchObject({
      PREVIOUS_TRANSFER_TIME: before.FILE_TRANSFER_TIME,
      PREVIOUS_FILE_NAME: before.FILE_NAME,
    });
    expect(['waiting', 'transferring']).toContain(failing.TRANSFER_STATE);
    expect(failing.LAST_ERROR).toMatch(
      /^Cannot connect or sign in: the server refused the connection: .*\. File transfer to ftp:\/\/utility:\*\*\*@127\.0\.0\.1:\d+\/\.$/,
    );
    expect(JSON.stringify(failing)).not.toContain(PASSWORD);
    expect(failing.UPDATE_XT).toBeGreaterThan(before.UPDATE_XT);
    // Nothing reached the destination, and the job's failure record holds no password either.
    const { rows: jobs } = await t.ctx.db.query(
      "SELECT output::text FROM pgboss.job WHERE name = 'report-transfer' AND output IS NOT NULL",
    );
    for (const j of jobs) expect(j.output).not.toContain(PASSWORD);

    server = await startFtpTestServer({ root: remote.path, username: 'utility', password: PASSWORD, port });
    const done = await eventually(
      async () => {
        const r = await completionRow(500);
        return r?.TRANSFER_STATE === 'transferred' ? r : undefined;
      },
      40_000,
      'the transfer to succeed after the server came back',
    );
    expect(done.LAST_ERROR).toBeNull();
    expect(done.FILE_TRANSFER_TIME).not.toBeNull();
    expect(done.ATTEMPTS as number).toBeGreaterThanOrEqual(3);
    const local = await storedFile(500);
    expect((await readFile(join(remote.path, done.FILE_NAME as string))).equals(local.bytes)).toBe(true);
    expect((await readdir(remote.path)).filter((n) => n.endsWith('.part'))).toEqual([]);
  });

  it('a resend after success sends the same bytes again', async () => {
    const before = (await completionRow(500))!;
    const name = before.FILE_NAME as string;
    const sent = await readFile(join(remote.path, name));
    await rm(join(remote.path, name));
    const res = await get(`/api/resend-completion-report/${token}/500`);
    expect(res.statusCode).toBe(202);
    const after = await eventually(async () => {
      const r = await completionRow(500);
      return r?.TRANSFER_STATE === 'transferred' && r.UPDATE_XT > before.UPDATE_XT ? r : undefined;
    });
    expect(after.FILE_NAME).toBe(name);
    expect(after.ATTEMPTS).toBe(1);
    expect((await readFile(join(remote.path, name))).equals(sent)).toBe(true);
  });

  it('marks the report failed once every attempt is used, and keeps the last error', async () => {
    t.ctx.config.fileTransfer.url = `ftp://utility:wrong-${PASSWORD}@127.0.0.1:${port}/`;
    t.ctx.config.fileTransfer.retryLimit = 1;
    t.ctx.config.fileTransfer.alertEmails = ['ops@utility.example', 'duty@provider.example'];
    const alertsBefore = (await t.ctx.db.query('SELECT max(id) AS id FROM adhoc_outbox')).rows[0].id ?? 0;
    expect((await get(`/api/resend-completion-report/${token}/500`)).statusCode).toBe(202);
    const failed = await eventually(async () => {
      const r = await completionRow(500);
      return r?.TRANSFER_STATE === 'failed' ? r : undefined;
    });
    expect(failed).toMatchObject({
      ATTEMPTS: 2,
      ATTEMPT_LIMIT: 2,
      NEXT_ATTEMPT_TIME: null,
      FILE_TRANSFER_TIME: null,
    });
    expect(failed.LAST_ERROR).toMatch(
      /^Cannot connect or sign in: the server refused the sign-in: wrong user name, password or key/,
    );
    expect(failed.LAST_ERROR).not.toContain(PASSWORD);
    // The log says the same, for whoever watches it, and holds no password either (the URL's is wrong-{PASSWORD}).
    // The last attempt's line is written once its job ends, after the row says failed and the alerts went out.
    const signIn = await eventually(async () => {
      const lines = logged.filter((line) => line.includes('refused the sign-in'));
      return lines.length >= 2 ? lines : undefined;
    });
    expect(JSON.parse(signIn.at(-1) as string)).toMatchObject({
      job: 'report-transfer',
      attempt: 2,
      retryLimit: 1,
      willRetry: false,
      msg: 'job failed, no retries left',
      error: failed.LAST_ERROR,
    });
    expect(logged.join('\n')).not.toContain(PASSWORD);

    // Nothing more is tried by itself: REPORT_ALERT_EMAILS are told, once each (here through the outbox transport).
    const alerts = await eventually(async () => {
      const { rows } = await t.ctx.db.query(
        `SELECT to_address, subject, body_text, body FROM adhoc_outbox WHERE id > $1 AND channel = 'EML'
          ORDER BY id`,
        [alertsBefore],
      );
      return rows.length === 2 ? rows : undefined;
    });
    const text = [
      "The Completion Report of campaign 500 (Sierra Foothills: 48-Hour Advance Notice) did not reach the utility's server after 2 attempts.",
      `File: ${failed.FILE_NAME}`,
      `Last error: ${failed.LAST_ERROR}`,
      'Nothing more is tried by itself. An operator with MB_INTERNAL_PERMISSION can resend it from Report History > Completion.',
    ].join('\n');
    expect(alerts.map((a) => a.to_address)).toEqual(['ops@utility.example', 'duty@provider.example']);
    for (const alert of alerts) {
      expect(alert.subject).toBe('PG&E PSPS: the Completion Report of campaign 500 did not arrive');
      expect(alert.body_text).toBe(text);
      expect(alert.body).toContain('<p>Nothing more is tried by itself.');
      expect(`${alert.body_text}${alert.body}`).not.toContain(PASSWORD);
    }
    const { rows: audit } = await t.ctx.db.query(
      "SELECT details->>'to' AS to, details->>'sent' AS sent FROM audit_log WHERE action = 'report.alert' ORDER BY id",
    );
    expect(audit).toEqual([
      { to: 'ops@utility.example', sent: 'true' },
      { to: 'duty@provider.example', sent: 'true' },
    ]);
    t.ctx.config.fileTransfer.alertEmails = [];
  });
});

describe('time limits of a transfer attempt', () => {
  let silent: Awaited<ReturnType<typeof silentServer>>;
  let working: typeof t.ctx.config.fileTransfer;
  beforeAll(async () => {
    silent = await silentServer();
    working = { ...t.ctx.config.fileTransfer };
  });
  afterAll(async () => {
    t.ctx.config.fileTransfer = working;
    await silent.close();
  });

  it("sets the queue's expiry of a transfer job above the longest an attempt can take", () => {
    // Default FILE_TRANSFER_TIME_LIMIT_MINUTES 30: a second attempt waits up to 31 minutes for the first, then
    // may run 30 minutes and take one more to stop; the queue expires the job after 63 minutes.
    expect(transferTiming(30 * 60_000)).toEqual({
      graceMs: 60_000,
      lockWaitMs: 1_860_000,
      expireInSeconds: 3_780,
    });
    // The largest limit allowed (600 minutes) stays under pg-boss' 24-hour ceiling on expiry.
    expect(transferTiming(600 * 60_000).expireInSeconds).toBe(72_180);
    expect(transferTiming(400)).toEqual({ graceMs: 400, lockWaitMs: 800, expireInSeconds: 62 });
  });

  it('gives up by itself at its time limit, says so on the row, and its job expires only after that', async () => {
    t.ctx.config.fileTransfer = {
      ...working,
      url: `sftp://utility:${PASSWORD}@127.0.0.1:${silent.port}/in`,
      retryLimit: 0,
      timeLimitMs: 400,
    };
    const before = (await completionRow(500))!;
    const res = await get(`/api/resend-completion-report/${token}/500`);
    expect(res.statusCode).toBe(202);
    const failed = await eventually(async () => {
      const r = await completionRow(500);
      return r?.TRANSFER_STATE === 'failed' && r.UPDATE_XT > before.UPDATE_XT ? r : undefined;
    });
    expect(failed).toMatchObject({ ATTEMPTS: 1, ATTEMPT_LIMIT: 1, FILE_TRANSFER_TIME: null });
    expect(failed.LAST_ERROR).toBe(
      `Gave up: the attempt took longer than the time allowed for one attempt; the link may be too slow for the file (still running after 400 ms). File transfer to sftp://utility:***@127.0.0.1:${silent.port}/in.`,
    );
    // The queue records the job's failure just after the row's.
    const job = await eventually(async () => {
      const state = await jobState(jobIdOf(res));
      return state?.state === 'active' ? undefined : state;
    });
    expect(job).toEqual({ state: 'failed', expire_seconds: 62 });
  });

  it("does not start while an earlier attempt holds the file past that attempt's own limit, and says why", async () => {
    t.ctx.config.fileTransfer = {
      ...working,
      url: `sftp://utility:${PASSWORD}@127.0.0.1:${silent.port}/in`,
      retryLimit: 0,
      timeLimitMs: 400,
    };
    const key = transferLockKey(await completionReportId(500));
    const earlier = await t.ctx.db.connect();
    await earlier.query('SELECT pg_advisory_lock(hashtextextended($1, 0))', [key]);
    try {
      const before = (await completionRow(500))!;
      expect((await get(`/api/resend-completion-report/${token}/500`)).statusCode).toBe(202);
      const failed = await eventually(async () => {
        const r = await completionRow(500);
        return r?.TRANSFER_STATE === 'failed' && r.UPDATE_XT > before.UPDATE_XT ? r : undefined;
      });
      expect(failed).toMatchObject({ ATTEMPTS: 0, FILE_TRANSFER_TIME: null });
      expect(failed.LAST_ERROR).toBe(
        `Did not start: an earlier attempt at sending this file was still running after 800 ms, and two attempts never write the same file at once. File transfer to sftp://utility:***@127.0.0.1:${silent.port}/in.`,
      );
    } finally {
      await earlier.query('SELECT pg_advisory_unlock(hashtextextended($1, 0))', [key]);
      earlier.release();
    }
  });

  it('stops writing when the database connection holding its lock is lost, and says why', async () => {
    t.ctx.config.fileTransfer = {
      ...working,
      url: `sftp://utility:${PASSWORD}@127.0.0.1:${silent.port}/in`,
      retryLimit: 0,
      timeLimitMs: 20_000,
    };
    const before = (await completionRow(500))!;
    expect((await get(`/api/resend-completion-report/${token}/500`)).statusCode).toBe(202);
    const key = transferLockKey(await completionReportId(500));
    // pg_locks shows every database's locks, and the other test files' databases have report rows of the same ids:
    // only this database's lock is this test's.
    const holder = await eventually(async () => {
      const { rows } = await t.ctx.db.query<{ pid: number }>(
        `SELECT pid FROM pg_locks WHERE locktype = 'advisory' AND granted AND objsubid = 1
            AND database = (SELECT oid FROM pg_database WHERE datname = current_database())
            AND ((classid::bigint << 32) | objid::bigint) = hashtextextended($1, 0)`,
        [key],
      );
      return rows[0]?.pid;
    });
    await t.ctx.db.query('SELECT pg_terminate_backend($1)', [holder]);
    const failed = await eventually(async () => {
      const r = await completionRow(500);
      return r?.TRANSFER_STATE === 'failed' && r.UPDATE_XT > before.UPDATE_XT ? r : undefined;
    }, 10_000);
    expect(failed.LAST_ERROR).toBe(
      `Cancelled (the database connection that keeps a second attempt from writing beside this one was lost). File transfer to sftp://utility:***@127.0.0.1:${silent.port}/in.`,
    );
  });
});
