import { generateKeyPairSync } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { utils } from 'ssh2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  breakingProxy,
  closedPort,
  filesUnder,
  randomFile,
  slowProxy,
  tempFolder,
} from '../test-support/files.ts';
import { createFileTransfer } from './create-file-transfer.ts';
import { FileTransferError } from './file-transfer.ts';
import { fingerprintOf } from './sftp.ts';
import {
  type SftpTestServer,
  type SftpTestServerOptions,
  startSftpTestServer,
} from './test-support/sftp-test-server.ts';

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

  it('delivers to a server written as an IPv6 address, in brackets as a URL has it', async () => {
    const server6 = await startSftpTestServer({
      host: '::1',
      root: remote.path,
      hostKey,
      username: 'psps',
      password: PASSWORD,
    });
    try {
      const report = await randomFile(local.path, 'six.csv', 2_000);
      const result = await createFileTransfer(`sftp://psps:${PASSWORD}@[::1]:${server6.port}/six`).send(
        report.path,
        'six.csv',
      );

      expect(result).toEqual({ bytes: 2_000, remotePath: '/six/six.csv' });
      expect((await readFile(join(remote.path, 'six/six.csv'))).equals(report.bytes)).toBe(true);
    } finally {
      await server6.close();
    }
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
    expect(error.message).toBe(
      `Cannot connect or sign in: the server is not the one the fingerprint in the URL names: its host key changed, or another machine answers at that address; nothing was sent (the server's host key is ${fingerprint}, expected ${fingerprintOf(Buffer.from('other'))}). File transfer to sftp://psps:***@127.0.0.1:${server.port}/pinned.`,
    );
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
    const proxy = await breakingProxy(server.port, 200_000, 'stall');
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

  it('says the server closed the connection when it drops it in the middle of the file, leaving nothing under its name', async () => {
    const report = await randomFile(local.path, 'dropped.csv', 3_000_000);
    const proxy = await breakingProxy(server.port, 200_000, 'cut');
    try {
      const error = await failureOf(
        createFileTransfer(`sftp://psps:${PASSWORD}@127.0.0.1:${proxy.port}/dropped`).send(
          report.path,
          'dropped.csv',
        ),
      );
      expect(error.stage).toBe('upload');
      expect(error.message).toBe(
        `Upload failed: the server closed the connection (put: Re-thrown: _put: Unexpected end event). File transfer to sftp://psps:***@127.0.0.1:${proxy.port}/dropped.`,
      );
      expect(await filesUnder(join(remote.path, 'dropped'))).not.toContain('dropped.csv');
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

/**
 * The ways a utility's SFTP server refuses a file: what the operator reads (the first words say what it means, then
 * the server's own words, then the destination with its password hidden), and what is left on the server.
 */
describe('SFTP file transfer, refusals', () => {
  let local: Awaited<ReturnType<typeof tempFolder>>;
  beforeAll(async () => {
    local = await tempFolder('sftp-refusals-local');
  });
  afterAll(async () => {
    await local.remove();
  });

  async function refusedBy(
    options: Partial<SftpTestServerOptions>,
    prepare: (root: string) => Promise<void>,
    check: (error: FileTransferError, base: string, root: string) => Promise<void>,
  ) {
    const remote = await tempFolder('sftp-refusing');
    const server = await startSftpTestServer({
      root: remote.path,
      hostKey,
      username: 'psps',
      password: PASSWORD,
      ...options,
    });
    try {
      await prepare(remote.path);
      const report = await randomFile(local.path, 'report.csv', 300_000);
      const base = `sftp://psps:${PASSWORD}@127.0.0.1:${server.port}`;
      const error = await failureOf(
        createFileTransfer(`${base}/in`, { connectTimeoutMs: 1_000 }).send(report.path, 'report.csv'),
      );
      expect(error.message).not.toContain(PASSWORD);
      await check(error, `sftp://psps:***@127.0.0.1:${server.port}`, remote.path);
    } finally {
      await server.close();
      await remote.remove();
    }
  }

  it('cannot create a missing target directory: no permission, nothing created', async () => {
    await refusedBy(
      { readOnly: true },
      async () => {},
      async (error, base, root) => {
        expect(error.stage).toBe('directory');
        expect(error.message).toBe(
          `Cannot open or create the remote directory: the server does not allow writing there: no permission (mkdir: _doMkdir: Permission denied /in). File transfer to ${base}/in.`,
        );
        expect(await filesUnder(root)).toEqual([]);
      },
    );
  });

  it("says the URL's path names a file, not a folder, and leaves that file alone", async () => {
    await refusedBy(
      {},
      (root) => writeFile(join(root, 'in'), 'a file'),
      async (error, base, root) => {
        expect(error.stage).toBe('directory');
        expect(error.message).toBe(
          `Cannot open or create the remote directory: the URL's path names a file on the server, not a folder: check the path (mkdir: _mkdir: Bad path: /in already exists as a file). File transfer to ${base}/in.`,
        );
        expect(await readFile(join(root, 'in'), 'utf8')).toBe('a file');
      },
    );
  });

  it('may not write into the target directory: no permission, nothing left', async () => {
    await refusedBy(
      { readOnly: true },
      (root) => mkdir(join(root, 'in')),
      async (error, base, root) => {
        expect(error.stage).toBe('upload');
        expect(error.message).toBe(
          `Upload failed: the server does not allow writing there: no permission (_put: Write stream error: Permission denied /in/.report.csv.part). File transfer to ${base}/in.`,
        );
        expect(await filesUnder(root)).toEqual([]);
      },
    );
  });

  it('catches a write the server refused mid-file (a full disk) by the size check, and removes the partial file', async () => {
    // ssh2's write stream ends quietly when the server refuses a write (it is destroyed without its error), so the
    // library reports the upload as done: the size check is what notices.
    await refusedBy(
      { diskFullAfterBytes: 100_000 },
      async () => {},
      async (error, base, root) => {
        expect(error.stage).toBe('verify');
        expect(error.code).toBe('SIZE_MISMATCH');
        expect(error.message).toMatch(
          /^Size check failed: the file did not arrive whole: the server may be out of space \(\.report\.csv\.part has \d+ bytes on the server, 300000 were sent\)\. File transfer to /,
        );
        expect(error.message.endsWith(`File transfer to ${base}/in.`)).toBe(true);
        expect(await filesUnder(root)).toEqual([]);
      },
    );
  });

  it('removes the temporary file when the server refuses to rename it into place', async () => {
    await refusedBy(
      { refuseRename: true },
      async () => {},
      async (error, base, root) => {
        expect(error.stage).toBe('rename');
        expect(error.message).toBe(
          `Cannot rename the uploaded file into place: the server does not allow writing there: no permission (_rename: Permission denied From: /in/.report.csv.part To: /in/report.csv). File transfer to ${base}/in.`,
        );
        expect(await filesUnder(root)).toEqual([]);
      },
    );
  });

  it('gives up within the connect timeout on a server that signs in but never opens the SFTP channel', async () => {
    const started = Date.now();
    await refusedBy(
      { neverOpenSftp: true },
      async () => {},
      async (error, base) => {
        expect(error.stage).toBe('connect');
        expect(error.message).toBe(
          `Cannot connect or sign in: the server stopped answering in time (connecting timed out after 1000 ms). File transfer to ${base}/in.`,
        );
      },
    );
    expect(Date.now() - started).toBeLessThan(4_000);
  });

  it('gives up at its time limit on a slow link that still makes progress', async () => {
    const remote = await tempFolder('sftp-slow');
    const server = await startSftpTestServer({
      root: remote.path,
      hostKey,
      username: 'psps',
      password: PASSWORD,
    });
    const proxy = await slowProxy(server.port, 20);
    try {
      const report = await randomFile(local.path, 'slow.csv', 5_000_000);
      const started = Date.now();
      const error = await failureOf(
        createFileTransfer(`sftp://psps:${PASSWORD}@127.0.0.1:${proxy.port}/slow`, {
          timeLimitMs: 1_500,
          operationTimeoutMs: 1_000,
        }).send(report.path, 'slow.csv'),
      );
      expect(error.stage).toBe('time-limit');
      expect(error.code).toBe('TIME_LIMIT');
      expect(error.message).toBe(
        `Gave up: the attempt took longer than the time allowed for one attempt; the link may be too slow for the file (still running after 1500 ms). File transfer to sftp://psps:***@127.0.0.1:${proxy.port}/slow.`,
      );
      expect(Date.now() - started).toBeLessThan(3_000);
      // It had been making progress (no stall). The connection is cut, so its partial file stays (under the
      // temporary name only) until the next attempt replaces it.
      expect((await readFile(join(remote.path, 'slow/.slow.csv.part'))).length).toBeGreaterThan(0);
      expect(await filesUnder(join(remote.path, 'slow'))).toEqual(['.slow.csv.part']);
    } finally {
      await proxy.close();
      await server.close();
      await remote.remove();
    }
  });
});

describe('SFTP file transfer to a utility whose pick-up takes each report at once', () => {
  it('counts a report taken the moment it got its name as delivered, not as failed (and sent again)', async () => {
    const remote = await tempFolder('sftp-pickup');
    const local = await tempFolder('sftp-pickup-local');
    await mkdir(join(remote.path, 'picked-up'));
    const server = await startSftpTestServer({
      root: remote.path,
      hostKey,
      username: 'psps',
      password: PASSWORD,
      pickUpTo: 'picked-up',
    });
    try {
      const report = await randomFile(local.path, 'picked.csv', 50_000);
      const result = await createFileTransfer(
        `sftp://psps:${PASSWORD}@127.0.0.1:${server.port}/inbound`,
      ).send(report.path, 'picked.csv');
      expect(result).toEqual({ bytes: 50_000, remotePath: '/inbound/picked.csv' });
      expect((await readFile(join(remote.path, 'picked-up', 'picked.csv'))).equals(report.bytes)).toBe(true);
      expect(await filesUnder(join(remote.path, 'inbound'))).toEqual([]);
    } finally {
      await server.close();
      await remote.remove();
      await local.remove();
    }
  });
});
