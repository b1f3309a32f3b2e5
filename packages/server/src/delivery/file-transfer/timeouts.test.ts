import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomFile, silentServer, tempFolder } from '../test-support/files.ts';
import { createFileTransfer } from './create-file-transfer.ts';
import { FileTransferError } from './file-transfer.ts';

describe('connect timeout', () => {
  let local: Awaited<ReturnType<typeof tempFolder>>;
  let silent: Awaited<ReturnType<typeof silentServer>>;

  beforeAll(async () => {
    local = await tempFolder('timeouts');
    silent = await silentServer();
  });
  afterAll(async () => {
    await silent.close();
    await local.remove();
  });

  for (const scheme of ['sftp', 'ftp', 'ftps']) {
    it(`gives up on a ${scheme} server that accepts the connection but never answers`, async () => {
      const report = await randomFile(local.path, `${scheme}.csv`, 100);
      const url = `${scheme}://psps:Hidden-Pw-1@127.0.0.1:${silent.port}/x`;
      const started = Date.now();
      const error = await createFileTransfer(url, { connectTimeoutMs: 400, operationTimeoutMs: 400 })
        .send(report.path, 'late.csv')
        .catch((err: unknown) => err);

      expect(error).toBeInstanceOf(FileTransferError);
      expect((error as FileTransferError).stage).toBe('connect');
      expect((error as FileTransferError).message).toMatch(
        /^Cannot connect or sign in: the server stopped answering in time \(.*\)\. File transfer to /,
      );
      expect((error as FileTransferError).message).not.toContain('Hidden-Pw-1');
      expect(Date.now() - started).toBeLessThan(3_000);
    });
  }

  for (const scheme of ['sftp', 'ftp', 'ftps']) {
    it(`stops a ${scheme} send at its time limit, whichever stage it is in`, async () => {
      const report = await randomFile(local.path, `${scheme}-limit.csv`, 100);
      const url = `${scheme}://psps:Hidden-Pw-1@127.0.0.1:${silent.port}/x`;
      const started = Date.now();
      const error = await createFileTransfer(url, {
        connectTimeoutMs: 5_000,
        operationTimeoutMs: 5_000,
        timeLimitMs: 300,
      })
        .send(report.path, 'limit.csv')
        .catch((err: unknown) => err);

      expect(error).toBeInstanceOf(FileTransferError);
      expect((error as FileTransferError).stage).toBe('time-limit');
      expect((error as FileTransferError).message).toBe(
        `Gave up: the attempt took longer than the time allowed for one attempt; the link may be too slow for the file (still running after 300 ms). File transfer to ${scheme}://psps:***@127.0.0.1:${silent.port}/x.`,
      );
      expect(Date.now() - started).toBeLessThan(2_000);
    });
  }

  for (const scheme of ['sftp', 'ftp']) {
    it(`says a ${scheme} host name cannot be found, without the password`, async () => {
      const report = await randomFile(local.path, `${scheme}-nohost.csv`, 100);
      const error = await createFileTransfer(`${scheme}://psps:Hidden-Pw-1@no-such-host.invalid/x`, {
        connectTimeoutMs: 2_000,
      })
        .send(report.path, 'nohost.csv')
        .catch((err: unknown) => err);

      expect(error).toBeInstanceOf(FileTransferError);
      expect((error as FileTransferError).stage).toBe('connect');
      expect((error as FileTransferError).message).toMatch(
        new RegExp(
          `^Cannot connect or sign in: the host name cannot be found \\(.*\\)\\. File transfer to ${scheme}://psps:\\*\\*\\*@no-such-host\\.invalid/x\\.$`,
        ),
      );
      expect((error as FileTransferError).message).not.toContain('Hidden-Pw-1');
    });
  }
});
