import { isIP } from 'node:net';
import { posix } from 'node:path';
import { Client } from 'basic-ftp';
import { redactUrl } from '../redact.ts';
import {
  checkRemoteName,
  DEFAULT_TIMEOUT_MS,
  type FileTransfer,
  type FileTransferOptions,
  hostOf,
  localFileSize,
  partName,
  type SendOptions,
  type SendResult,
  sizeMismatch,
  stageRunner,
  TransferProblem,
  withTimeout,
} from './file-transfer.ts';

/**
 * `ftp://user:pass@host:21/dir` and `ftps://…` (explicit TLS: AUTH TLS on the normal port, data
 * channel protected too). As in curl, the path is relative to the login directory; `%2F` at its start
 * makes it absolute (`ftp://host/%2Fsrv/in`). Transfers are binary.
 */
export function createFtpTransfer(url: URL, options: FileTransferOptions = {}): FileTransfer {
  const target = redactUrl(url);
  const secure = url.protocol === 'ftps:';
  const user = decodeURIComponent(url.username) || 'anonymous';
  const password = decodeURIComponent(url.password);
  const secrets = [password];
  const dir = decodeURIComponent(url.pathname.replace(/^\//, ''));
  const connectTimeoutMs = options.connectTimeoutMs ?? DEFAULT_TIMEOUT_MS;
  const operationTimeoutMs = options.operationTimeoutMs ?? DEFAULT_TIMEOUT_MS;

  async function connect(client: Client): Promise<void> {
    try {
      await signIn(client);
    } catch (err) {
      // Refused before TLS began: the answer to AUTH TLS (a plain FTP server's 'not implemented').
      const code = (err as { code?: unknown }).code;
      if (secure && typeof code === 'number' && !(client.ftp.socket as { encrypted?: boolean }).encrypted) {
        throw new TransferProblem(`the server refused AUTH TLS: ${(err as Error).message}`, String(code));
      }
      throw err;
    }
  }

  async function signIn(client: Client): Promise<void> {
    await withTimeout(
      client.access({
        host: hostOf(url),
        port: url.port ? Number(url.port) : 21,
        user,
        password,
        secure,
        secureOptions: secure
          ? {
              // SNI carries host names only (RFC 6066).
              ...(isIP(hostOf(url)) ? {} : { servername: url.hostname }),
              rejectUnauthorized: !options.allowSelfSigned,
              ...(options.ca ? { ca: options.ca } : {}),
            }
          : undefined,
      }),
      connectTimeoutMs,
      'connecting',
      () => client.close(),
    );
  }

  async function openDirectory(client: Client): Promise<void> {
    // ensureDir creates each missing level and leaves the working directory there.
    if (dir) await client.ensureDir(dir);
  }

  /** Replaces an existing file: many servers refuse RNTO onto an existing name. */
  async function renameOver(client: Client, from: string, to: string): Promise<void> {
    try {
      await client.rename(from, to);
    } catch {
      await client.remove(to, true);
      await client.rename(from, to);
    }
  }

  /** SIZE first; servers without it (or that answer it oddly, e.g. for empty files) through a listing. */
  async function remoteSize(client: Client, name: string): Promise<number> {
    try {
      return await client.size(name);
    } catch (sizeError) {
      const entry = (await client.list()).find((file) => file.name === name);
      if (!entry) throw sizeError;
      return entry.size;
    }
  }

  /**
   * The size of a file the server has renamed into place; undefined when it is no longer there: the utility's pick-up
   * took it already (some take each file the moment it appears), and failing would have it sent again, and again.
   */
  async function sizeInPlace(client: Client, name: string): Promise<number | undefined> {
    try {
      return await remoteSize(client, name);
    } catch (err) {
      const listed = await client.list().then(
        (files) => files.some((file) => file.name === name),
        () => true,
      );
      if (listed) throw err;
      return undefined;
    }
  }

  return {
    async send(localPath: string, remoteName: string, opts: SendOptions = {}): Promise<SendResult> {
      checkRemoteName(target, remoteName);
      const bytes = await localFileSize(target, localPath);
      const temp = partName(remoteName);
      // basic-ftp's timeout is an idle timeout on the control and data sockets.
      const client = new Client(operationTimeoutMs);
      const stages = stageRunner(target, secrets, opts.signal, () => client.close(), options.timeLimitMs);
      let leftover = false;
      try {
        await stages.run('connect', () => connect(client));
        await stages.run('directory', () => openDirectory(client));
        leftover = true;
        await stages.run('upload', () => client.uploadFrom(localPath, temp));
        await stages.run('verify', async () => {
          const size = await remoteSize(client, temp);
          if (size !== bytes) throw sizeMismatch(temp, bytes, size);
        });
        await stages.run('rename', () => renameOver(client, temp, remoteName));
        leftover = false;
        return await stages.run('verify', async () => {
          const size = await sizeInPlace(client, remoteName);
          if (size !== undefined && size !== bytes) throw sizeMismatch(remoteName, bytes, size);
          return { bytes, remotePath: posix.join(await client.pwd(), remoteName) };
        });
      } catch (err) {
        // The temporary file goes when the control connection still works (a refused or short upload, a failed
        // rename); the original error is the one reported. basic-ftp's idle timeout bounds the removal.
        if (leftover && !stages.stopped && !client.closed) await client.remove(temp, true).catch(() => {});
        throw err;
      } finally {
        stages.dispose();
        client.close();
      }
    },

    async check(): Promise<void> {
      const client = new Client(operationTimeoutMs);
      const stages = stageRunner(target, secrets, undefined, () => client.close());
      try {
        await stages.run('connect', () => connect(client));
        await stages.run('directory', () => openDirectory(client));
      } finally {
        client.close();
      }
    },
  };
}
