import { copyFile, mkdir, open, rename, rm, stat } from 'node:fs/promises';
import { isAbsolute, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { redactUrl } from '../redact.ts';
import {
  checkRemoteName,
  type FileTransfer,
  type FileTransferOptions,
  failure,
  localFileSize,
  partName,
  type SendOptions,
  type SendResult,
  sizeMismatch,
  stageRunner,
} from './file-transfer.ts';

/**
 * `file:///abs/dir`: a folder on this machine, e.g. a share mounted by the operating system or the
 * demo's outbox. Local file operations have no timeouts of their own, and cannot be stopped: the time limit
 * (`timeLimitMs`) still ends the send, so a share whose server stopped answering fails the attempt and frees the
 * worker instead of holding it (and every later report) for ever.
 */
export function createLocalFolderTransfer(
  url: URL,
  options: Pick<FileTransferOptions, 'timeLimitMs'> = {},
): FileTransfer {
  const target = redactUrl(url);
  let dir: string;
  try {
    dir = fileURLToPath(url);
  } catch (err) {
    throw failure(target, 'config', err);
  }
  if (!isAbsolute(dir)) throw failure(target, 'config', new Error('the folder must be an absolute path'));

  return {
    async send(localPath: string, remoteName: string, opts: SendOptions = {}): Promise<SendResult> {
      checkRemoteName(target, remoteName);
      const bytes = await localFileSize(target, localPath);
      const finalPath = join(dir, remoteName);
      const tempPath = join(dir, partName(remoteName));
      const stages = stageRunner(target, [], opts.signal, () => {}, options.timeLimitMs);
      try {
        await stages.run('directory', () => mkdir(dir, { recursive: true }));
        await stages.run('upload', async () => {
          await copyFile(localPath, tempPath);
          // Flushed before the rename, so a crash cannot leave an empty file under the final name.
          const handle = await open(tempPath, 'r+');
          try {
            await handle.sync();
          } finally {
            await handle.close();
          }
        });
        await stages.run('verify', async () => {
          const { size } = await stat(tempPath);
          if (size !== bytes) {
            await rm(tempPath, { force: true });
            throw sizeMismatch(partName(remoteName), bytes, size);
          }
        });
        await stages.run('rename', () => rename(tempPath, finalPath));
        return { bytes, remotePath: finalPath };
      } catch (err) {
        // Not after the time limit or an abort: on a share that stopped answering the removal would wait for ever
        // too. The next attempt of the same file replaces the part file.
        if (!stages.stopped) await rm(tempPath, { force: true }).catch(() => {});
        throw err;
      } finally {
        stages.dispose();
      }
    },

    async check(): Promise<void> {
      const stages = stageRunner(target, [], undefined, () => {});
      await stages.run('directory', async () => {
        await mkdir(dir, { recursive: true });
        if (!(await stat(dir)).isDirectory()) throw new Error(`${dir} is not a folder`);
      });
    },
  };
}
