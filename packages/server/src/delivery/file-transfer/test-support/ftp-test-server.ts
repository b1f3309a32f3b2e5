import { renameSync, statSync, truncateSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { basename, join } from 'node:path';
import { Writable } from 'node:stream';
import { FileSystem, FtpSrv } from 'ftp-srv';

export interface FtpTestServerOptions {
  root: string;
  username: string;
  password: string;
  /** Offer explicit TLS (AUTH TLS) with this key and certificate. */
  tls?: { key: string; cert: string };
  /** Drops the last byte of every stored file before acknowledging it, to exercise the size check. */
  truncateUploads?: boolean;
  /** Address to listen on: 127.0.0.1 by default, `::1` for a destination written as an IPv6 address. */
  host?: string;
  /** Listen on this port (default: any free one), e.g. to bring a destination back where it was. */
  port?: number;
  /**
   * Refuses to store files: `EACCES` at once (no permission), `ENOSPC` after the first 64 KiB of each file (a full
   * disk). The server answers 550 with the system's words, as ftp-srv does for any storage error.
   */
  refuseWrites?: 'EACCES' | 'ENOSPC';
  /** Refuses to create directories (no permission). */
  refuseMkdir?: boolean;
  /** Refuses every rename (a server that will not move the uploaded file into place). */
  refuseRename?: boolean;
  /**
   * Moves a file into this folder (under `root`) as soon as it is renamed into place (to a name not ending in
   * `.part`), before the rename is answered: the utility's pick-up, taking each report the moment it appears.
   */
  pickUpTo?: string;
}

const systemError = (code: string, text: string) => Object.assign(new Error(`${code}: ${text}`), { code });

/** ftp-srv's file system with the refusals of {@link FtpTestServerOptions}. */
function refusingFileSystem(options: FtpTestServerOptions) {
  return class RefusingFileSystem extends FileSystem {
    override write(fileName: string, opts?: { append?: boolean; start?: unknown }) {
      if (options.refuseWrites === 'EACCES') throw systemError('EACCES', 'permission denied, open');
      const written = super.write(fileName, opts) as { stream: Writable; clientPath: string };
      if (options.refuseWrites !== 'ENOSPC') return written;
      let bytes = 0;
      const full = new Writable({
        write(chunk: Buffer, _encoding, callback) {
          bytes += chunk.length;
          if (bytes > 65_536) {
            // As ftp-srv's own file stream failing: it removes the partial file.
            const error = systemError('ENOSPC', 'no space left on device, write');
            written.stream.destroy(error);
            return callback(error);
          }
          written.stream.write(chunk, callback);
        },
        final(callback) {
          written.stream.end(callback);
        },
      });
      return { stream: full, clientPath: written.clientPath };
    }
    override mkdir(path: string) {
      if (options.refuseMkdir) throw systemError('EACCES', 'permission denied, mkdir');
      return super.mkdir(path);
    }
    override async rename(from: string, to: string) {
      if (options.refuseRename) throw systemError('EACCES', 'permission denied, rename');
      await super.rename(from, to);
      if (options.pickUpTo !== undefined && !to.endsWith('.part')) {
        const { fsPath } = (
          this as unknown as { _resolvePath(path: string): { fsPath: string } }
        )._resolvePath(to);
        renameSync(fsPath, join(options.root, options.pickUpTo, basename(fsPath)));
      }
    }
  };
}

export interface FtpTestServer {
  port: number;
  close(): Promise<void>;
}

// ftp-srv logs through bunyan by default; tests want silence.
const silentLog = {
  child: () => silentLog,
  trace() {},
  debug() {},
  info() {},
  warn() {},
  error() {},
  fatal() {},
};

/** An FTP server (ftp-srv) on 127.0.0.1 with one user whose root is a temp folder. */
export async function startFtpTestServer(options: FtpTestServerOptions): Promise<FtpTestServer> {
  const server = new FtpSrv({
    url: `ftp://${options.host?.includes(':') ? `[${options.host}]` : (options.host ?? '127.0.0.1')}:${options.port ?? 0}`,
    pasv_url: options.host ?? '127.0.0.1',
    pasv_min: 20000,
    pasv_max: 60000,
    log: silentLog,
    ...(options.tls ? { tls: options.tls } : {}),
  });
  server.on('login', ({ connection, username, password }, resolve, reject) => {
    if (username !== options.username || password !== options.password) {
      return reject(new Error('bad credentials'));
    }
    if (options.truncateUploads) {
      // Emitted after the file is written and before the 226 reply reaches the client.
      connection.on('STOR', (error: unknown, fsPath: string) => {
        if (error) return;
        const { size } = statSync(fsPath);
        if (size > 0) truncateSync(fsPath, size - 1);
      });
    }
    if (
      options.refuseWrites ||
      options.refuseMkdir ||
      options.refuseRename ||
      options.pickUpTo !== undefined
    ) {
      const Refusing = refusingFileSystem(options);
      return resolve({ fs: new Refusing(connection, { root: options.root, cwd: '/' }) });
    }
    resolve({ root: options.root, cwd: '/' });
  });
  await server.listen();
  const { port } = (server as unknown as { server: { address(): AddressInfo } }).server.address();
  return { port, close: () => server.close() };
}
