import { execFileSync } from 'node:child_process';
import { closeSync, constants, openSync } from 'node:fs';
import { link, mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filesUnder, randomFile, tempFolder } from '../test-support/files.ts';
import { createFileTransfer } from './create-file-transfer.ts';
import { FileTransferError } from './file-transfer.ts';

describe('local folder (file://) transfer', () => {
  let remote: Awaited<ReturnType<typeof tempFolder>>;
  let local: Awaited<ReturnType<typeof tempFolder>>;

  beforeAll(async () => {
    remote = await tempFolder('folder-remote');
    local = await tempFolder('folder-local');
  });
  afterAll(async () => {
    await remote.remove();
    await local.remove();
  });

  it('delivers the report byte-identical under its final name in a folder it creates', async () => {
    const report = await randomFile(local.path, 'report.csv', 100_000);
    const url = pathToFileURL(join(remote.path, 'outbox', 'completion')).href;
    const result = await createFileTransfer(url).send(report.path, 'MB_1001.csv');

    expect(result).toEqual({
      bytes: 100_000,
      remotePath: join(remote.path, 'outbox/completion/MB_1001.csv'),
    });
    expect((await readFile(result.remotePath)).equals(report.bytes)).toBe(true);
    expect(await filesUnder(remote.path)).toEqual(['outbox/completion/MB_1001.csv']);
  });

  it('replaces an earlier file of the same name, and sending the same file again leaves the same bytes', async () => {
    const transfer = createFileTransfer(pathToFileURL(join(remote.path, 'resend')).href);
    const first = await randomFile(local.path, 'first.csv', 5_000);
    const second = await randomFile(local.path, 'second.csv', 7_000);
    await transfer.send(first.path, 'resend.csv');
    await transfer.send(second.path, 'resend.csv');
    await transfer.send(second.path, 'resend.csv');

    expect((await readFile(join(remote.path, 'resend/resend.csv'))).equals(second.bytes)).toBe(true);
    expect(await filesUnder(join(remote.path, 'resend'))).toEqual(['resend.csv']);
  });

  it('fails clearly when the local report is missing', async () => {
    const transfer = createFileTransfer(pathToFileURL(remote.path).href);
    const error = await transfer.send(join(local.path, 'missing.csv'), 'x.csv').catch((err: unknown) => err);
    expect(error).toBeInstanceOf(FileTransferError);
    expect((error as FileTransferError).stage).toBe('local-file');
  });

  it('refuses a remote name that would leave the configured folder', async () => {
    const report = await randomFile(local.path, 'escape.csv', 10);
    const transfer = createFileTransfer(pathToFileURL(join(remote.path, 'inner')).href);
    for (const name of ['../escape.csv', 'a/b.csv', '..', '']) {
      const error = await transfer.send(report.path, name).catch((err: unknown) => err);
      expect((error as FileTransferError).stage).toBe('config');
    }
    expect(await filesUnder(remote.path)).not.toContain('escape.csv');
  });

  it('stops with stage cancelled when the job aborts the send', async () => {
    const report = await randomFile(local.path, 'aborted.csv', 10);
    const transfer = createFileTransfer(pathToFileURL(join(remote.path, 'aborted')).href);
    const error = await transfer
      .send(report.path, 'aborted.csv', { signal: AbortSignal.abort() })
      .catch((err: unknown) => err);
    expect((error as FileTransferError).stage).toBe('cancelled');
    expect(await filesUnder(remote.path)).not.toContain('aborted/aborted.csv');
  });

  it('gives up at its time limit on a folder that stopped answering (a network share whose server is gone)', async () => {
    const report = await randomFile(local.path, 'hung.csv', 10);
    const dir = join(remote.path, 'hung');
    await mkdir(dir);
    // The temporary file is a named pipe nobody reads: opening it to write waits for ever, as a file operation on a
    // hard-mounted share does once its server stopped answering. A second name lets the test end that wait.
    const pipe = join(dir, '.hung.csv.part');
    execFileSync('mkfifo', [pipe]);
    const pipeHandle = join(local.path, 'hung-pipe');
    await link(pipe, pipeHandle);
    try {
      const url = pathToFileURL(dir).href;
      const started = Date.now();
      const error = await createFileTransfer(url, { timeLimitMs: 300 })
        .send(report.path, 'hung.csv')
        .catch((err: unknown) => err);
      expect(error).toBeInstanceOf(FileTransferError);
      expect((error as FileTransferError).message).toBe(
        `Gave up: the attempt took longer than the time allowed for one attempt; the link may be too slow for the file (still running after 300 ms). File transfer to ${url}.`,
      );
      expect(Date.now() - started).toBeLessThan(2_000);
      expect(await filesUnder(dir)).not.toContain('hung.csv');
    } finally {
      // A reader that comes and goes: the waiting open returns and its write fails, so no thread is left waiting.
      closeSync(openSync(pipeHandle, constants.O_RDONLY | constants.O_NONBLOCK));
    }
  });

  it('fails at the directory stage when the folder cannot be created', async () => {
    const report = await randomFile(local.path, 'blocked.csv', 10);
    const url = pathToFileURL(join(report.path, 'sub')).href;
    const error = await createFileTransfer(url)
      .send(report.path, 'x.csv')
      .catch((err: unknown) => err);
    expect((error as FileTransferError).stage).toBe('directory');
  });
});
