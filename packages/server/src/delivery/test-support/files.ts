import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { connect, createServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A temp folder and its removal, for one test file. */
export async function tempFolder(prefix: string): Promise<{ path: string; remove(): Promise<void> }> {
  const path = await mkdtemp(join(tmpdir(), `psps-${prefix}-`));
  return { path, remove: () => rm(path, { recursive: true, force: true }) };
}

/** Writes `size` random bytes: large enough to span many protocol packets, and not text. */
export async function randomFile(
  dir: string,
  name: string,
  size: number,
): Promise<{ path: string; bytes: Buffer }> {
  const bytes = randomBytes(size);
  const path = join(dir, name);
  await writeFile(path, bytes);
  return { path, bytes };
}

/** Every file name under `dir`, sorted, as paths relative to it. */
export async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name).slice(dir.length + 1))
    .sort();
}

/** A port on 127.0.0.1 that nothing listens on (taken, then released). */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

type LoopbackServer = { port: number; close(): Promise<void> };

/**
 * A TCP server on 127.0.0.1 that hands each connection to `onConnection` with `track`, for sockets of its own to
 * be cut too; closing it cuts every connection it holds, so a test never waits on a client still connected.
 */
async function loopbackServer(
  onConnection: (socket: Socket, track: (socket: Socket) => void) => void,
): Promise<LoopbackServer> {
  const sockets = new Set<Socket>();
  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  };
  const server = createServer((socket) => {
    track(socket);
    onConnection(socket, track);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return {
    port: address.port,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** A TCP server on 127.0.0.1 that accepts connections and never says a word. */
export function silentServer(): Promise<LoopbackServer> {
  return loopbackServer(() => {});
}

/**
 * A TCP proxy on 127.0.0.1 to `port` that breaks once the client has sent more than `afterBytes`: with 'stall' it
 * stops passing anything, either way, and keeps the connection open (a server that accepted the start of an upload,
 * then stopped answering); with 'cut' it closes the connection both ways (a server that dropped it mid-upload).
 */
export function breakingProxy(
  port: number,
  afterBytes: number,
  how: 'stall' | 'cut',
): Promise<LoopbackServer> {
  return loopbackServer((client, track) => {
    const upstream = connect(port, '127.0.0.1');
    track(upstream);
    let sent = 0;
    for (const socket of [client, upstream]) socket.on('error', () => {});
    client.on('data', (chunk: Buffer) => {
      sent += chunk.length;
      if (sent <= afterBytes) {
        upstream.write(chunk);
      } else if (how === 'cut') {
        client.destroy();
        upstream.destroy();
      }
    });
    upstream.on('data', (chunk: Buffer) => {
      if (sent <= afterBytes) client.write(chunk);
    });
  });
}

/**
 * A TCP proxy on 127.0.0.1 to `port` that passes everything, the client's data one chunk per `delayMs`: a slow link
 * on which an upload keeps making progress.
 */
export function slowProxy(port: number, delayMs: number): Promise<LoopbackServer> {
  return loopbackServer((client, track) => {
    const upstream = connect(port, '127.0.0.1');
    track(upstream);
    for (const socket of [client, upstream]) socket.on('error', () => {});
    client.on('data', (chunk: Buffer) => {
      upstream.write(chunk);
      client.pause();
      setTimeout(() => client.resume(), delayMs);
    });
    upstream.pipe(client);
  });
}

/**
 * A TCP proxy on 127.0.0.1 to `port` that passes everything until `freeze()`, then nothing either way while keeping
 * every connection open: a link that went silent (a network cut, a firewall dropping a connection's state) without
 * either side being told.
 */
export async function freezingProxy(port: number): Promise<LoopbackServer & { freeze(): void }> {
  let frozen = false;
  const server = await loopbackServer((client, track) => {
    const upstream = connect(port, '127.0.0.1');
    track(upstream);
    for (const socket of [client, upstream]) socket.on('error', () => {});
    client.on('data', (chunk: Buffer) => {
      if (!frozen) upstream.write(chunk);
    });
    upstream.on('data', (chunk: Buffer) => {
      if (!frozen) client.write(chunk);
    });
  });
  return {
    ...server,
    freeze() {
      frozen = true;
    },
  };
}
