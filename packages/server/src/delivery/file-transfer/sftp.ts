import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { posix } from 'node:path';
import SftpClient from 'ssh2-sftp-client';
import { redactUrl } from '../redact.ts';
import {
  checkRemoteName,
  DEFAULT_TIMEOUT_MS,
  type FileTransfer,
  type FileTransferOptions,
  failure,
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
 * `sftp://user:pass@host:22/dir`, or key authentication with `?key=/path/to/key` (or the `privateKey`
 * option, as a path or the key text) and `?passphrase=`. As in curl, the path is absolute and
 * `/~/dir` is relative to the home directory. `?fingerprint=SHA256:…` pins the server's host key.
 */
export function createSftpTransfer(url: URL, options: FileTransferOptions = {}): FileTransfer {
  const target = redactUrl(url);
  const username = decodeURIComponent(url.username);
  const password = decodeURIComponent(url.password) || undefined;
  const passphrase = options.passphrase ?? url.searchParams.get('passphrase') ?? undefined;
  const keySource = options.privateKey ?? url.searchParams.get('key') ?? undefined;
  const expectedFingerprint = normaliseFingerprint(
    options.hostKeyFingerprint ?? url.searchParams.get('fingerprint') ?? undefined,
  );
  const secrets = [password, passphrase, typeof keySource === 'string' ? keySource : undefined];
  const dir = remoteDirectory(decodeURIComponent(url.pathname));
  const connectTimeoutMs = options.connectTimeoutMs ?? DEFAULT_TIMEOUT_MS;
  const operationTimeoutMs = options.operationTimeoutMs ?? DEFAULT_TIMEOUT_MS;
  if (!username) throw failure(target, 'config', new Error('the URL names no user'));

  async function privateKey(): Promise<string | Buffer | undefined> {
    if (keySource === undefined || Buffer.isBuffer(keySource)) return keySource;
    if (keySource.includes('-----BEGIN')) return keySource;
    try {
      return await readFile(keySource);
    } catch (err) {
      throw failure(
        target,
        'config',
        new Error(`cannot read the private key file: ${(err as Error).message}`),
      );
    }
  }

  /**
   * Connects, signs in and opens the SFTP channel, all within the connect timeout: ssh2's readyTimeout covers the
   * handshake and sign-in only, and a server that signs us in but never opens the SFTP channel would otherwise
   * hold the send for ever.
   */
  async function connect(client: SftpClient): Promise<void> {
    let presented: string | undefined;
    const key = await privateKey();
    try {
      await withTimeout(
        client.connect({
          host: hostOf(url),
          port: url.port ? Number(url.port) : 22,
          username,
          password,
          privateKey: key,
          passphrase,
          // ssh2 closes the connection itself when the handshake and sign-in take longer than this.
          readyTimeout: connectTimeoutMs,
          hostVerifier: (hostKey: Buffer) => {
            presented = fingerprintOf(hostKey);
            return expectedFingerprint === undefined || presented === expectedFingerprint;
          },
        }),
        connectTimeoutMs,
        'connecting',
        () => hangUp(client),
      );
    } catch (err) {
      if (expectedFingerprint !== undefined && presented !== undefined && presented !== expectedFingerprint) {
        throw new TransferProblem(
          `the server's host key is ${presented}, expected ${expectedFingerprint}`,
          'HOST_KEY_MISMATCH',
        );
      }
      throw err;
    }
  }

  /** Creates the directory when missing and answers its absolute path. */
  async function openDirectory(client: SftpClient): Promise<string> {
    if (dir !== '.') await operation(client, 'creating the directory', () => client.mkdir(dir, true));
    return operation(client, 'resolving the directory', () => client.realPath(dir));
  }

  /**
   * Fails with ETIMEDOUT when the upload makes no progress for the operation timeout (its file is read only as fast
   * as the server takes it): the same race as `withTimeout`, its timer started again at each chunk. The connection
   * is then cut, not ended politely: a server that stopped answering mid-file never acknowledges an end, and the
   * upload would wait for ever. The local file is closed however the upload ends (on a failed write the library
   * destroys only a read stream it opened itself).
   */
  async function upload(client: SftpClient, localPath: string, remotePath: string): Promise<void> {
    const source = createReadStream(localPath);
    let timer: NodeJS.Timeout | undefined;
    let settled = false;
    const stalled = new Promise<never>((_, reject) => {
      const arm = () => {
        clearTimeout(timer);
        if (settled) return;
        timer = setTimeout(() => {
          hangUp(client);
          reject(new TransferProblem(`upload stalled for ${operationTimeoutMs} ms`, 'ETIMEDOUT'));
        }, operationTimeoutMs);
      };
      source.on('data', arm);
      arm();
    });
    const putting = client.put(source, remotePath);
    try {
      await Promise.race([putting, stalled]);
    } finally {
      settled = true;
      clearTimeout(timer);
      source.destroy();
      putting.catch(() => {});
      stalled.catch(() => {});
    }
  }

  /** Runs one SFTP request, cutting the connection when it takes longer than the operation timeout. */
  function operation<T>(client: SftpClient, what: string, run: () => Promise<T>): Promise<T> {
    return withTimeout(run(), operationTimeoutMs, what, () => hangUp(client));
  }

  async function sizeOf(client: SftpClient, path: string): Promise<number> {
    return (await operation(client, 'reading the file size', () => client.stat(path))).size;
  }

  /**
   * OpenSSH's posix-rename replaces the target atomically; plain SFTP RENAME refuses an existing target,
   * so without the extension the old file is removed first (the final name is briefly absent, never partial).
   */
  async function renameOver(client: SftpClient, from: string, to: string): Promise<void> {
    try {
      await operation(client, 'renaming', () => client.posixRename(from, to));
    } catch {
      if (await operation(client, 'checking the target', () => client.exists(to))) {
        await operation(client, 'removing the previous file', () => client.delete(to));
      }
      await operation(client, 'renaming', () => client.rename(from, to));
    }
  }

  /**
   * Closes the connection: politely when the server answers, cut after CLOSE_WAIT_MS when it does not (ssh2's end
   * waits for the server to close its side, which a stalled server never does).
   */
  async function close(client: SftpClient): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<void>((resolve) => {
      timer = setTimeout(() => {
        hangUp(client);
        resolve();
      }, CLOSE_WAIT_MS);
    });
    await Promise.race([client.end().catch(() => {}), late]);
    clearTimeout(timer);
  }

  function newClient(): SftpClient {
    // The library's default callbacks print to the console; failures reach us through its promises.
    return new SftpClient('psps-delivery', { error: () => {}, end: () => {}, close: () => {} });
  }

  return {
    async send(localPath: string, remoteName: string, opts: SendOptions = {}): Promise<SendResult> {
      checkRemoteName(target, remoteName);
      const bytes = await localFileSize(target, localPath);
      const client = newClient();
      const stages = stageRunner(target, secrets, opts.signal, () => hangUp(client), options.timeLimitMs);
      let leftover: string | undefined;
      try {
        await stages.run('connect', () => connect(client));
        const absoluteDir = await stages.run('directory', () => openDirectory(client));
        const temp = posix.join(absoluteDir, partName(remoteName));
        leftover = temp;
        const final = posix.join(absoluteDir, remoteName);
        await stages.run('upload', () => upload(client, localPath, temp));
        await stages.run('verify', async () => {
          const size = await sizeOf(client, temp);
          if (size !== bytes) throw sizeMismatch(partName(remoteName), bytes, size);
        });
        await stages.run('rename', () => renameOver(client, temp, final));
        leftover = undefined;
        await stages.run('verify', async () => {
          // The server renamed a file whose size was checked: one no longer there was taken by the utility's pick-up
          // already (some take each file the moment it appears). Failing would have it sent again, and again.
          const size = await sizeOf(client, final).catch((err: unknown) => {
            if ((err as { code?: unknown }).code === 'ENOENT') return undefined;
            throw err;
          });
          if (size !== undefined && size !== bytes) throw sizeMismatch(remoteName, bytes, size);
        });
        return { bytes, remotePath: final };
      } catch (err) {
        // The temporary file goes when the connection still works (a refused or short upload, a failed rename);
        // the original error is the one reported.
        const part = leftover;
        if (part !== undefined && !stages.stopped && !cut.has(client)) {
          await operation(client, 'removing the temporary file', () => client.delete(part, true)).catch(
            () => {},
          );
        }
        throw err;
      } finally {
        stages.dispose();
        await close(client);
      }
    },

    async check(): Promise<void> {
      const client = newClient();
      const stages = stageRunner(target, secrets, undefined, () => hangUp(client));
      try {
        await stages.run('connect', () => connect(client));
        await stages.run('directory', () => openDirectory(client));
      } finally {
        await close(client);
      }
    },
  };
}

/** How long a polite end of a connection may take before it is cut. */
const CLOSE_WAIT_MS = 5_000;

/** Clients whose connection was cut: nothing more is asked of them. */
const cut = new WeakSet<SftpClient>();

/** Cuts the connection at once (ssh2's `destroy`), whatever state the server is in. */
function hangUp(client: SftpClient): void {
  cut.add(client);
  (client as unknown as { client?: { destroy?: () => void } }).client?.destroy?.();
}

function remoteDirectory(path: string): string {
  if (path === '' || path === '/~' || path === '/~/') return '.';
  if (path.startsWith('/~/')) return path.slice(3).replace(/\/+$/, '');
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
}

/** OpenSSH's form: `SHA256:` and unpadded base64 of the key blob. */
export function fingerprintOf(hostKey: Buffer): string {
  return `SHA256:${createHash('sha256').update(hostKey).digest('base64').replace(/=+$/, '')}`;
}

function normaliseFingerprint(value: string | undefined): string | undefined {
  if (!value) return undefined;
  // A `+` of base64 in a query string arrives as a space.
  const digest = value
    .trim()
    .replace(/^SHA256:/i, '')
    .replace(/ /g, '+')
    .replace(/=+$/, '');
  return `SHA256:${digest}`;
}
