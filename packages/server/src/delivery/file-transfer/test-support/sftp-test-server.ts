import { timingSafeEqual } from 'node:crypto';
import { type FileHandle, mkdir, open, readdir, rename, rm, rmdir, stat, truncate } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { join, posix } from 'node:path';
import { type Attributes, type Connection, type ParsedKey, Server, type SFTPWrapper, utils } from 'ssh2';

const { STATUS_CODE } = utils.sftp;

export interface SftpTestServerOptions {
  /** Address to listen on: 127.0.0.1 by default, `::1` for a destination written as an IPv6 address. */
  host?: string;
  /** Folder that the server shows as `/`; relative paths resolve against it too. */
  root: string;
  hostKey: string;
  username: string;
  password?: string;
  /** Private or public key (any format ssh2 parses) whose holder may sign in. */
  authorizedKey?: string;
  /** Drops the last byte of every uploaded file, to exercise the size check. */
  truncateUploads?: boolean;
  /** Refuses every change (open for writing, mkdir, remove, rename) as OpenSSH does without permission. */
  readOnly?: boolean;
  /** Refuses writes past this many bytes of a file with OpenSSH's answer to a full disk (a bare 'Failure'). */
  diskFullAfterBytes?: number;
  /** Refuses every rename (a server that will not move the uploaded file into place). */
  refuseRename?: boolean;
  /** Signs the client in and accepts its session, but never answers its request for the SFTP subsystem. */
  neverOpenSftp?: boolean;
  /**
   * Moves a file into this folder (under `root`) as soon as it is renamed into place (to a name not ending in
   * `.part`): the utility's pick-up, taking each report the moment it appears.
   */
  pickUpTo?: string;
}

export interface SftpTestServer {
  port: number;
  close(): Promise<void>;
}

/** A small SFTP server on 127.0.0.1 (or `host`) for tests: real SSH, files in a temp folder, OpenSSH's RENAME rules. */
export async function startSftpTestServer(options: SftpTestServerOptions): Promise<SftpTestServer> {
  const authorized = options.authorizedKey ? parse(options.authorizedKey) : undefined;
  const connections = new Set<Connection>();

  const server = new Server({ hostKeys: [options.hostKey] }, (connection) => {
    connections.add(connection);
    connection.on('close', () => connections.delete(connection));
    connection.on('error', () => {});
    connection.on('authentication', (ctx) => {
      if (ctx.username !== options.username) return ctx.reject();
      if (
        ctx.method === 'password' &&
        options.password !== undefined &&
        same(ctx.password, options.password)
      ) {
        return ctx.accept();
      }
      if (ctx.method === 'publickey' && authorized && same(ctx.key.data, authorized.getPublicSSH())) {
        // Without a signature the client only asks whether this key would do.
        if (!ctx.signature || !ctx.blob) return ctx.accept();
        if (authorized.verify(ctx.blob, ctx.signature, ctx.hashAlgo)) return ctx.accept();
      }
      ctx.reject(['password', 'publickey']);
    });
    connection.on('ready', () => {
      connection.on('session', (acceptSession) => {
        acceptSession().on('sftp', (acceptSftp) => {
          if (!options.neverOpenSftp) serveSftp(acceptSftp(), options);
        });
      });
    });
  });

  await new Promise<void>((resolve) => server.listen(0, options.host ?? '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    close: () =>
      new Promise<void>((resolve) => {
        for (const connection of connections) connection.end();
        server.close(() => resolve());
      }),
  };
}

function parse(key: string): ParsedKey {
  const parsed = utils.parseKey(key);
  if (parsed instanceof Error) throw parsed;
  return parsed;
}

function same(a: string | Buffer, b: string | Buffer): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

type Handle =
  | { kind: 'file'; file: FileHandle; path: string }
  | { kind: 'dir'; path: string; listed: boolean };

function serveSftp(sftp: SFTPWrapper, options: SftpTestServerOptions): void {
  const handles = new Map<number, Handle>();
  let nextHandle = 1;

  const local = (path: string) => join(options.root, posix.resolve('/', path));
  const handleOf = (buffer: Buffer) =>
    buffer.length === 4 ? handles.get(buffer.readUInt32BE(0)) : undefined;
  const newHandle = (handle: Handle) => {
    const id = nextHandle++;
    handles.set(id, handle);
    const buffer = Buffer.alloc(4);
    buffer.writeUInt32BE(id, 0);
    return buffer;
  };
  const fail = (reqId: number, err: unknown) => {
    const code = (err as NodeJS.ErrnoException).code;
    sftp.status(
      reqId,
      code === 'ENOENT'
        ? STATUS_CODE.NO_SUCH_FILE
        : code === 'EACCES'
          ? STATUS_CODE.PERMISSION_DENIED
          : STATUS_CODE.FAILURE,
      (err as Error).message,
    );
  };
  const denied = (reqId: number) =>
    void sftp.status(reqId, STATUS_CODE.PERMISSION_DENIED, 'Permission denied');
  const attrsOf = async (path: string): Promise<Attributes> => {
    const info = await stat(path);
    return {
      mode: info.mode,
      uid: info.uid,
      gid: info.gid,
      size: info.size,
      atime: Math.floor(info.atimeMs / 1000),
      mtime: Math.floor(info.mtimeMs / 1000),
    };
  };
  // Each handler answers exactly once: with its result or with a status.
  const answer = (reqId: number, work: () => Promise<void>) => {
    work().catch((err: unknown) => fail(reqId, err));
  };

  sftp.on('OPEN', (reqId, filename, flags) =>
    answer(reqId, async () => {
      const mode = utils.sftp.flagsToString(flags);
      if (!mode) return void sftp.status(reqId, STATUS_CODE.OP_UNSUPPORTED);
      if (options.readOnly && mode !== 'r') return denied(reqId);
      const path = local(filename);
      const file = await open(path, mode);
      sftp.handle(reqId, newHandle({ kind: 'file', file, path }));
    }),
  );
  sftp.on('WRITE', (reqId, handleBuffer, offset, data) =>
    answer(reqId, async () => {
      const handle = handleOf(handleBuffer);
      if (handle?.kind !== 'file') return void sftp.status(reqId, STATUS_CODE.FAILURE, 'bad handle');
      if (options.diskFullAfterBytes !== undefined && offset + data.length > options.diskFullAfterBytes) {
        return void sftp.status(reqId, STATUS_CODE.FAILURE, 'Failure');
      }
      await handle.file.write(data, 0, data.length, offset);
      sftp.status(reqId, STATUS_CODE.OK);
    }),
  );
  sftp.on('READ', (reqId, handleBuffer, offset, length) =>
    answer(reqId, async () => {
      const handle = handleOf(handleBuffer);
      if (handle?.kind !== 'file') return void sftp.status(reqId, STATUS_CODE.FAILURE, 'bad handle');
      const buffer = Buffer.alloc(length);
      const { bytesRead } = await handle.file.read(buffer, 0, length, offset);
      if (bytesRead === 0) return void sftp.status(reqId, STATUS_CODE.EOF);
      sftp.data(reqId, buffer.subarray(0, bytesRead));
    }),
  );
  sftp.on('CLOSE', (reqId, handleBuffer) =>
    answer(reqId, async () => {
      const handle = handleOf(handleBuffer);
      if (!handle) return void sftp.status(reqId, STATUS_CODE.FAILURE, 'bad handle');
      handles.delete(handleBuffer.readUInt32BE(0));
      if (handle.kind === 'file') {
        await handle.file.close();
        if (options.truncateUploads) {
          const { size } = await stat(handle.path);
          if (size > 0) await truncate(handle.path, size - 1);
        }
      }
      sftp.status(reqId, STATUS_CODE.OK);
    }),
  );
  sftp.on('FSTAT', (reqId, handleBuffer) =>
    answer(reqId, async () => {
      const handle = handleOf(handleBuffer);
      if (!handle) return void sftp.status(reqId, STATUS_CODE.FAILURE, 'bad handle');
      sftp.attrs(reqId, await attrsOf(handle.path));
    }),
  );
  for (const event of ['STAT', 'LSTAT'] as const) {
    sftp.on(event, (reqId: number, path: string) =>
      answer(reqId, async () => void sftp.attrs(reqId, await attrsOf(local(path)))),
    );
  }
  for (const event of ['SETSTAT', 'FSETSTAT'] as const) {
    sftp.on(event, (reqId: number) => sftp.status(reqId, STATUS_CODE.OK));
  }
  sftp.on('OPENDIR', (reqId, path) =>
    answer(reqId, async () => {
      if (!(await stat(local(path))).isDirectory()) throw new Error('not a folder');
      sftp.handle(reqId, newHandle({ kind: 'dir', path: local(path), listed: false }));
    }),
  );
  sftp.on('READDIR', (reqId, handleBuffer) =>
    answer(reqId, async () => {
      const handle = handleOf(handleBuffer);
      if (handle?.kind !== 'dir') return void sftp.status(reqId, STATUS_CODE.FAILURE, 'bad handle');
      if (handle.listed) return void sftp.status(reqId, STATUS_CODE.EOF);
      handle.listed = true;
      const names = await readdir(handle.path);
      const entries = await Promise.all(
        names.map(async (filename) => ({
          filename,
          longname: filename,
          attrs: await attrsOf(join(handle.path, filename)),
        })),
      );
      sftp.name(reqId, entries);
    }),
  );
  sftp.on('REALPATH', (reqId, path) => {
    const resolved = posix.resolve('/', path);
    sftp.name(reqId, [{ filename: resolved, longname: resolved, attrs: {} as Attributes }]);
  });
  sftp.on('MKDIR', (reqId, path) =>
    answer(reqId, async () => {
      if (options.readOnly) return denied(reqId);
      await mkdir(local(path));
      sftp.status(reqId, STATUS_CODE.OK);
    }),
  );
  sftp.on('RMDIR', (reqId, path) =>
    answer(reqId, async () => {
      await rmdir(local(path));
      sftp.status(reqId, STATUS_CODE.OK);
    }),
  );
  sftp.on('REMOVE', (reqId, path) =>
    answer(reqId, async () => {
      if (options.readOnly) return denied(reqId);
      await rm(local(path));
      sftp.status(reqId, STATUS_CODE.OK);
    }),
  );
  sftp.on('RENAME', (reqId, from, to) =>
    answer(reqId, async () => {
      if (options.readOnly || options.refuseRename) return denied(reqId);
      // Like OpenSSH: plain SFTP rename never replaces an existing file.
      const exists = await stat(local(to)).then(
        () => true,
        () => false,
      );
      if (exists) return void sftp.status(reqId, STATUS_CODE.FAILURE, 'target exists');
      await rename(local(from), local(to));
      if (options.pickUpTo !== undefined && !to.endsWith('.part')) {
        await rename(local(to), join(options.root, options.pickUpTo, posix.basename(to)));
      }
      sftp.status(reqId, STATUS_CODE.OK);
    }),
  );
  sftp.on('close', () => {
    for (const handle of handles.values())
      if (handle.kind === 'file') void handle.file.close().catch(() => {});
    handles.clear();
  });
}
