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
import { closedPort, tempFolder } from '../delivery/test-support/files.ts';
import { startWorkers } from '../jobs/queue.ts';
import { eventually, seedCompletionFixture } from './test-fixture.ts';

/**
 * A completion report on its way to real FTP and SFTP servers on 127.0.0.1, with the job workers running:
 * it arrives byte-identical under its final name; a destination that is down makes the job retry (the
 * error is visible, FILE_TRANSFER_TIME stays empty) until it is back; a resend sends the same bytes again.
 */
const PASSWORD = 'Xfer-Secret-42';
let t: TestApp;
let token: string;
let dataDir: Awaited<ReturnType<typeof tempFolder>>;

const get = (url: string) => t.app.inject({ url, headers: bearer(token) });
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
    allowSelfSigned: true,
    keyPath: undefined,
  };
  token = await t.signIn(['REPORTING', 'MB_INTERNAL_PERMISSION']);
  await seedCompletionFixture(t);
  await startWorkers(t.ctx);
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
  }, 60_000);

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
  });
});
