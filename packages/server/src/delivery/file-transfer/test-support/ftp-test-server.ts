import { statSync, truncateSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { FtpSrv } from 'ftp-srv';

export interface FtpTestServerOptions {
  root: string;
  username: string;
  password: string;
  /** Offer explicit TLS (AUTH TLS) with this key and certificate. */
  tls?: { key: string; cert: string };
  /** Drops the last byte of every stored file before acknowledging it, to exercise the size check. */
  truncateUploads?: boolean;
  /** Listen on this port (default: any free one), e.g. to bring a destination back where it was. */
  port?: number;
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
    url: `ftp://127.0.0.1:${options.port ?? 0}`,
    pasv_url: '127.0.0.1',
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
    resolve({ root: options.root, cwd: '/' });
  });
  await server.listen();
  const { port } = (server as unknown as { server: { address(): AddressInfo } }).server.address();
  return { port, close: () => server.close() };
}
