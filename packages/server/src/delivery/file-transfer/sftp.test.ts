import { generateKeyPairSync } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { utils } from 'ssh2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closedPort, filesUnder, randomFile, stallingProxy, tempFolder } from '../test-support/files.ts';
import { createFileTransfer } from './create-file-transfer.ts';
import { FileTransferError } from './file-transfer.ts';
import { fingerprintOf } from './sftp.ts';
import { type SftpTestServer, startSftpTestServer } from './test-support/sftp-test-server.ts';

const PASSWORD = 'sftp-Secret-77';

function rsaKey(): string {
  return generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs1', format: 'pem' },
  }).privateKey;
}

async function failureOf(promise: Promise<unknown>): Promise<FileTransferError> {
  const error = await promise.then(
    () => undefined,
    (err: unknown) => err,
  );
  expect(error).toBeInstanceOf(FileTransferError);
  return error as FileTransferError;
}

const hostKey = rsaKey();
const clientKey = rsaKey();

describe('SFTP file transfer', () => {
  let remote: Awaited<ReturnType<typeof tempFolder>>;
  let local: Awaited<ReturnType<typeof tempFolder>>;
  let server: SftpTestServer;
  let base: string;

  beforeAll(async () => {
    remote = await tempFolder('sftp-remote');
    local = await tempFolder('sftp-local');
    server = await startSftpTestServer({
      root: remote.path,
      hostKey,
      username: 'psps',
      password: PASSWORD,
      authorizedKey: clientKey,
    });
    base = `sftp://psps:${PASSWORD}@127.0.0.1:${server.port}`;
  });
  afterAll(async () => {
    await server.close();
    await remote.remove();
    await local.remove();
  });

  it('delivers the report byte-identical under its final name in a directory it creates', async () => {
    const report = await randomFile(local.path, 'report.csv', 300_000);
    const result = await createFileTransfer(`${base}/outbound/medbase`).send(report.path, 'MB_1001.csv');

    expect(result).toEqual({ bytes: 300_000, remotePath: '/outbound/medbase/MB_1001.csv' });
    expect((await readFile(join(remote.path, 'outbound/medbase/MB_1001.csv'))).equals(report.bytes)).toBe(
      true,
    );
    expect(await filesUnder(join(remote.path, 'outbound'))).toEqual(['medbase/MB_1001.csv']);
  });

  it('replaces an earlier file of the same name, and sending the same file again leaves the same bytes', async () => {
    const transfer = createFileTransfer(`${base}/resend`);
    const first = await randomFile(local.path, 'first.csv', 5_000);
    const second = await randomFile(local.path, 'second.csv', 7_000);
    await transfer.send(first.path, 'resend.csv');
    await transfer.send(second.path, 'resend.csv');
    await transfer.send(second.path, 'resend.csv');

    expect((await readFile(join(remote.path, 'resend/resend.csv'))).equals(second.bytes)).toBe(true);
    expect(await filesUnder(join(remote.path, 'resend'))).toEqual(['resend.csv']);
  });

  it('signs in with a private key given as a file path in the URL', async () => {
    const keyPath = join(local.path, 'id_rsa');
    await writeFile(keyPath, clientKey, { mode: 0o600 });
    const report = await randomFile(local.path, 'keyed.csv', 2_000);
    const url = `sftp://psps@127.0.0.1:${server.port}/keyed?key=${encodeURIComponent(keyPath)}`;
    await createFileTransfer(url).send(report.path, 'keyed.csv');

    expect((await readFile(join(remote.path, 'keyed/keyed.csv'))).equals(report.bytes)).toBe(true);
  });

  it('signs in with a private key given as text through the options', async () => {
    const report = await randomFile(local.path, 'pem.csv', 2_000);
    const transfer = createFileTransfer(`sftp://psps@127.0.0.1:${server.port}/pem`, {
      privateKey: clientKey,
    });
    await transfer.send(report.path, 'pem.csv');

    expect((await readFile(join(remote.path, 'pem/pem.csv'))).equals(report.bytes)).toBe(true);
  });

  it('reads /~/dir as a folder of the home directory', async () => {
    const report = await randomFile(local.path, 'home.csv', 1_000);
    const result = await createFileTransfer(`${base}/~/drop`).send(report.path, 'home.csv');

    expect(result.remotePath).toBe('/drop/home.csv');
    expect((await readFile(join(remote.path, 'drop/home.csv'))).equals(report.bytes)).toBe(true);
  });

  it('accepts the pinned host key and refuses any other', async () => {
    const parsed = utils.parseKey(hostKey);
    if (parsed instanceof Error) throw parsed;
    const fingerprint = fingerprintOf(parsed.getPublicSSH());
    const report = await randomFile(local.path, 'pinned.csv', 1_000);

    await createFileTransfer(`${base}/pinned?fingerprint=${encodeURIComponent(fingerprint)}`).send(
      report.path,
      'pinned.csv',
    );
    const error = await failureOf(
      createFileTransfer(`${base}/pinned`, { hostKeyFingerprint: fingerprintOf(Buffer.from('other')) }).send(
        report.path,
        'pinned-2.csv',
      ),
    );
    expect(error.code).toBe('HOST_KEY_MISMATCH');
    expect(error.message).toContain(fingerprint);
    expect(await filesUnder(join(remote.path, 'pinned'))).toEqual(['pinned.csv']);
  });

  it('checks a configuration by signing in and opening the directory', async () => {
    await expect(createFileTransfer(`${base}/checked`).check?.()).resolves.toBeUndefined();
  });

  it('reports a wrong password without ever printing a password', async () => {
    const report = await randomFile(local.path, 'denied.csv', 100);
    const url = `sftp://psps:Wrong-Pass-99@127.0.0.1:${server.port}/denied`;
    const error = await failureOf(createFileTransfer(url).send(report.path, 'denied.csv'));

    expect(error.stage).toBe('connect');
    expect(error.message).toBe(
      `Cannot connect or sign in: the server refused the sign-in: wrong user name, password or key (getConnection: All configured authentication methods failed). File transfer to sftp://psps:***@127.0.0.1:${server.port}/denied.`,
    );
    expect(error.message).not.toContain('Wrong-Pass-99');
  });

  it('gives up on a server that stops answering in the middle of the file, leaving nothing under its name', async () => {
    const report = await randomFile(local.path, 'stalled.csv', 3_000_000);
    const proxy = await stallingProxy(server.port, 200_000);
    try {
      const started = Date.now();
      const error = await failureOf(
        createFileTransfer(`sftp://psps:${PASSWORD}@127.0.0.1:${proxy.port}/stalled`, {
          operationTimeoutMs: 500,
        }).send(report.path, 'stalled.csv'),
      );
      expect(error.stage).toBe('upload');
      expect(error.message).toBe(
        `Upload failed: the server stopped answering in time (upload stalled for 500 ms). File transfer to sftp://psps:***@127.0.0.1:${proxy.port}/stalled.`,
      );
      expect(Date.now() - started).toBeLessThan(10_000);
      expect(await filesUnder(join(remote.path, 'stalled'))).not.toContain('stalled.csv');
    } finally {
      await proxy.close();
    }
  });

  it('fails quickly and clearly when the server is down', async () => {
    const port = await closedPort();
    const report = await randomFile(local.path, 'down.csv', 100);
    const started = Date.now();
    const error = await failureOf(
      createFileTransfer(`sftp://psps:${PASSWORD}@127.0.0.1:${port}/x`).send(report.path, 'down.csv'),
    );

    expect(Date.now() - started).toBeLessThan(5_000);
    expect(error.stage).toBe('connect');
    expect(error.code).toBe('ECONNREFUSED');
    expect(error.message).not.toContain(PASSWORD);
  });
});

describe('SFTP file transfer, size check', () => {
  it('refuses a file the server stored short, leaving nothing under the final name', async () => {
    const remote = await tempFolder('sftp-short');
    const local = await tempFolder('sftp-short-local');
    const server = await startSftpTestServer({
      root: remote.path,
      hostKey,
      username: 'psps',
      password: PASSWORD,
      truncateUploads: true,
    });
    try {
      const report = await randomFile(local.path, 'report.csv', 10_000);
      const url = `sftp://psps:${PASSWORD}@127.0.0.1:${server.port}/in`;
      const error = await failureOf(createFileTransfer(url).send(report.path, 'report.csv'));

      expect(error.stage).toBe('verify');
      expect(error.code).toBe('SIZE_MISMATCH');
      expect(error.message).toContain('9999 bytes on the server, 10000 were sent');
      expect(await filesUnder(remote.path)).toEqual([]);
    } finally {
      await server.close();
      await remote.remove();
      await local.remove();
    }
  });
});
