import { stat } from 'node:fs/promises';
import { errorText, scrubSecrets } from '../redact.ts';

/**
 * Delivers one file (a completion or custom report) to the utility's server.
 *
 * Invariants every adapter keeps, because a report that silently fails to arrive is the worst failure:
 * - the file is written under a temporary name (`.{name}.part`) and renamed into place only after its
 *   size on the server equals the local size, so the customer never picks up a partial file;
 * - the remote directory is created when missing; an existing file of the same name is replaced;
 * - connections are always closed; every failure is a {@link FileTransferError} whose message names the
 *   target through `redactUrl` and never holds a password or key.
 * Retrying is the job queue's business: an adapter fails once, clearly.
 */
export interface FileTransfer {
  send(localPath: string, remoteName: string, opts?: SendOptions): Promise<SendResult>;
  /** Connects, signs in and opens (creating if needed) the target directory, then disconnects. */
  check?(): Promise<void>;
}

export interface SendOptions {
  /**
   * Aborting closes the connection; the send fails with stage `cancelled`, saying why when the abort's reason is a
   * plain `Error` (its message; an `AbortController.abort()` without a reason says 'the send was aborted').
   */
  signal?: AbortSignal;
}

export interface SendResult {
  bytes: number;
  /** Where the file now is, as the server names it. */
  remotePath: string;
}

export interface FileTransferOptions {
  /** Time allowed to connect and sign in. Default 30 s. */
  connectTimeoutMs?: number;
  /** Time any one operation may go without progress. Default 30 s. */
  operationTimeoutMs?: number;
  /**
   * Time one whole send may take, connecting and cleaning up included; past it the connection is cut and the send
   * fails with stage `time-limit`. A big file on a slow link that still makes progress is stopped here, so whoever
   * runs the send (the job queue) never has to take it for lost while it still writes. Default: no limit.
   */
  timeLimitMs?: number;
  /** SFTP: private key, as PEM/OpenSSH text or the path of a key file (overrides `?key=`). */
  privateKey?: string | Buffer;
  /** SFTP: passphrase of the private key (overrides `?passphrase=`). */
  passphrase?: string;
  /**
   * SFTP: expected host key, as OpenSSH prints it (`SHA256:…`; overrides `?fingerprint=`).
   * When set, a server presenting another key is refused.
   */
  hostKeyFingerprint?: string;
  /** FTPS: extra trusted certificate authorities (PEM), e.g. the utility's own CA. */
  ca?: string | Buffer;
  /** FTPS: accept a self-signed or otherwise untrusted certificate. For tests and demos only. */
  allowSelfSigned?: boolean;
}

export const DEFAULT_TIMEOUT_MS = 30_000;

export type FileTransferStage =
  | 'config'
  | 'local-file'
  | 'connect'
  | 'directory'
  | 'upload'
  | 'verify'
  | 'rename'
  | 'cancelled'
  | 'time-limit';

const STAGE_TEXT: Record<FileTransferStage, string> = {
  config: 'invalid configuration',
  'local-file': 'cannot read the local file',
  connect: 'cannot connect or sign in',
  directory: 'cannot open or create the remote directory',
  upload: 'upload failed',
  verify: 'size check failed',
  rename: 'cannot rename the uploaded file into place',
  cancelled: 'cancelled',
  'time-limit': 'gave up',
};

export class FileTransferError extends Error {
  override readonly name = 'FileTransferError';
  constructor(
    message: string,
    readonly stage: FileTransferStage,
    /** The underlying error code when there was one (`ECONNREFUSED`, `ETIMEDOUT`, `SIZE_MISMATCH`, …). */
    readonly code?: string,
  ) {
    super(message);
  }
}

/** Thrown inside adapters for a condition they detect themselves; `failure` turns it into a message. */
export class TransferProblem extends Error {
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message);
  }
}

/**
 * What a failure usually means, in words an operator on call acts on, from the error's code or the server's
 * answer (FTP reply codes, SSH and SFTP wordings, system error codes); undefined when there is nothing to add.
 */
const EXPLANATIONS: {
  test: (code: string, detail: string, stage: FileTransferStage) => boolean;
  text: string;
}[] = [
  {
    test: (code) => code === 'ECONNREFUSED',
    text: 'the server refused the connection: it is down, or nothing listens on that port',
  },
  {
    test: (code, detail) =>
      /CERT|SELF_SIGNED|UNABLE_TO_(GET|VERIFY)/.test(code) || /certificate/i.test(detail),
    text: "the server's TLS certificate is not trusted: give this server its certificate authority (NODE_EXTRA_CA_CERTS=/path/ca.pem), or check that the URL's host name is the one in the certificate",
  },
  {
    // An FTP server answering AUTH TLS with 'not implemented' (500, 502, 504) offers no FTPS on that port.
    test: (code, detail, stage) => stage === 'connect' && /^50[024]$/.test(code) && /AUTH TLS/.test(detail),
    text: 'the server does not offer TLS on that port: ask the utility for its FTPS address (ftp:// would send the password and the file unencrypted)',
  },
  {
    test: (code) => code === 'HOST_KEY_MISMATCH',
    text: 'the server is not the one the fingerprint in the URL names: its host key changed, or another machine answers at that address; nothing was sent',
  },
  {
    test: (code) => code === 'EHOSTUNREACH' || code === 'ENETUNREACH',
    text: 'there is no network route to the server: check the address, and the network and firewall on the way to it',
  },
  {
    test: (code, detail) => code === 'ENOTFOUND' || code === 'EAI_AGAIN' || /getaddrinfo/.test(detail),
    text: 'the host name cannot be found',
  },
  {
    test: (code, detail) => code === '530' || /authentication methods failed|login incorrect/i.test(detail),
    text: 'the server refused the sign-in: wrong user name, password or key',
  },
  {
    test: (code, detail) =>
      code === 'ETIMEDOUT' || /timed? ?out|timeout/i.test(detail) || /stalled/.test(detail),
    text: 'the server stopped answering in time',
  },
  {
    test: (code, detail) =>
      code === 'EACCES' ||
      code === 'EROFS' ||
      code === 'EPERM' ||
      /permission denied|read-only/i.test(detail),
    text: 'the server does not allow writing there: no permission',
  },
  {
    test: (code, detail) =>
      code === 'ENOSPC' || code === '452' || code === '552' || /no space|quota|disk full/i.test(detail),
    text: "the server's disk is full or over its quota",
  },
  {
    test: (code, detail, stage) =>
      stage === 'directory' && (code === 'ENOTDIR' || /not a directory|exists as a file/i.test(detail)),
    text: "the URL's path names a file on the server, not a folder: check the path",
  },
  {
    test: (code, detail, stage) =>
      stage === 'directory' && (code === 'ENOENT' || /no such file|not found|does not exist/i.test(detail)),
    text: "the folder does not exist and the server did not let this account create it: check the URL's path and the account's rights",
  },
  {
    test: (code) => code === 'SIZE_MISMATCH',
    text: 'the file did not arrive whole: the server may be out of space',
  },
  {
    test: (code) => code === 'TIME_LIMIT',
    text: 'the attempt took longer than the time allowed for one attempt; the link may be too slow for the file',
  },
  {
    // The server cut the connection mid-file (ftp-srv and others do so on a storage error, before any reply).
    test: (code, detail, stage) =>
      stage === 'upload' &&
      (code === 'ECONNRESET' || code === 'EPIPE' || /premature close|ECONNRESET|EPIPE/i.test(detail)),
    text: 'the server closed the connection before the whole file was in: a full disk, a quota or a size limit on the server is the usual reason',
  },
  {
    // ssh2-sftp-client words a connection that ended under a request 'Unexpected end event' (or close).
    test: (code, detail) =>
      code === 'ECONNRESET' ||
      code === 'EPIPE' ||
      /FIN packet|socket hang up|connection lost|unexpected (end|close) event/i.test(detail),
    text: 'the server closed the connection',
  },
];

/**
 * Builds the error for a failed stage, worded for the operator: the stage and what it usually means first (the
 * console shows the first lines), then the library's words, then the destination (password hidden). The library's
 * own error is not attached as `cause`: its text is copied after scrubbing, so nothing unscrubbed can reach a log
 * through the error object.
 */
export function failure(
  target: string,
  stage: FileTransferStage,
  err: unknown,
  secrets: readonly (string | undefined)[] = [],
): FileTransferError {
  if (err instanceof FileTransferError) return err;
  const code = errorCode(err);
  const detail = scrubSecrets(errorText(err), secrets);
  const meaning =
    stage === 'cancelled' ? undefined : EXPLANATIONS.find((e) => e.test(code ?? '', detail, stage))?.text;
  const what = STAGE_TEXT[stage];
  const head = `${what.charAt(0).toUpperCase()}${what.slice(1)}`;
  return new FileTransferError(
    `${head}${meaning ? `: ${meaning}` : ''} (${detail}). File transfer to ${target}.`,
    stage,
    code,
  );
}

function errorCode(err: unknown): string | undefined {
  if (typeof err !== 'object' || err === null || !('code' in err)) return undefined;
  const { code } = err as { code: unknown };
  return typeof code === 'string' || typeof code === 'number' ? String(code) : undefined;
}

/**
 * The remote name is a plain file name chosen by our report jobs; refusing separators and dot names
 * keeps a file from landing outside the configured directory.
 */
export function checkRemoteName(target: string, remoteName: string): void {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what we refuse
  if (!remoteName || remoteName === '.' || remoteName === '..' || /[/\\\u0000-\u001f]/.test(remoteName)) {
    throw failure(target, 'config', new Error(`"${remoteName}" is not a plain file name`));
  }
}

/**
 * The host to connect to: a URL writes an IPv6 address in brackets (`sftp://psps@[2001:db8::10]/in`), which a
 * socket takes without them (given as is, the brackets are looked up as a host name, and never found).
 */
export function hostOf(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, '$1');
}

export function partName(remoteName: string): string {
  return `.${remoteName}.part`;
}

export async function localFileSize(target: string, localPath: string): Promise<number> {
  try {
    const info = await stat(localPath);
    if (!info.isFile()) throw new Error(`${localPath} is not a file`);
    return info.size;
  } catch (err) {
    throw failure(target, 'local-file', err);
  }
}

export function sizeMismatch(name: string, expected: number, actual: number): TransferProblem {
  return new TransferProblem(
    `${name} has ${actual} bytes on the server, ${expected} were sent`,
    'SIZE_MISMATCH',
  );
}

/**
 * Runs `operation`, failing with `ETIMEDOUT` if it has not settled in `ms`; `onTimeout` should close
 * the connection so the operation does not linger.
 */
export async function withTimeout<T>(
  operation: Promise<T>,
  ms: number,
  what: string,
  onTimeout: () => void,
): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      onTimeout();
      reject(new TransferProblem(`${what} timed out after ${ms} ms`, 'ETIMEDOUT'));
    }, ms);
  });
  try {
    return await Promise.race([operation, expired]);
  } finally {
    clearTimeout(timer);
    // The losing promise may still reject once the connection is closed; nobody waits for it.
    operation.catch(() => {});
  }
}

/**
 * Runs the stages of one transfer: checks the abort signal and the time limit before each stage; when either fires
 * mid-stage, closes the connection and fails the stage at once (not when the library notices the cut); turns any
 * error into a {@link FileTransferError}. `stopped` tells the adapter afterwards that its connection was cut.
 */
export function stageRunner(
  target: string,
  secrets: readonly (string | undefined)[],
  signal: AbortSignal | undefined,
  close: () => void,
  timeLimitMs?: number,
) {
  const stop = new AbortController();
  const stopped = (): FileTransferError =>
    stop.signal.reason instanceof FileTransferError
      ? stop.signal.reason
      : failure(target, 'cancelled', new Error('the send was aborted'));
  const onAbort = () => {
    if (stop.signal.aborted) return;
    // The caller's reason when it gives one (an Error whose message says why), in the operator's message.
    const reason =
      signal?.reason instanceof Error && signal.reason.name === 'Error' ? signal.reason : undefined;
    stop.abort(failure(target, 'cancelled', reason ?? new Error('the send was aborted'), secrets));
  };
  signal?.addEventListener('abort', onAbort, { once: true });
  if (signal?.aborted) onAbort();
  const deadline =
    timeLimitMs === undefined
      ? undefined
      : setTimeout(() => {
          if (stop.signal.aborted) return;
          const problem = new TransferProblem(`still running after ${describeMs(timeLimitMs)}`, 'TIME_LIMIT');
          stop.abort(failure(target, 'time-limit', problem));
        }, timeLimitMs);
  deadline?.unref();
  stop.signal.addEventListener('abort', () => close(), { once: true });
  const halted = new Promise<never>((_, reject) => {
    stop.signal.addEventListener('abort', () => reject(stopped()), { once: true });
  });
  halted.catch(() => {});
  return {
    /** Whether the send was aborted or ran out of time (the connection is then cut). */
    get stopped(): boolean {
      return stop.signal.aborted;
    },
    async run<T>(stage: FileTransferStage, operation: () => Promise<T>): Promise<T> {
      if (stop.signal.aborted) throw stopped();
      const running = operation();
      try {
        return await Promise.race([running, halted]);
      } catch (err) {
        if (stop.signal.aborted) throw stopped();
        throw failure(target, stage, err, secrets);
      } finally {
        // The operation may still reject once its connection is cut; nobody waits for it.
        running.catch(() => {});
      }
    },
    dispose() {
      clearTimeout(deadline);
      signal?.removeEventListener('abort', onAbort);
    },
  };
}

/** `500 ms`, `90 seconds`, `30 minutes`: a time limit in a message. */
export function describeMs(ms: number): string {
  if (ms % 60_000 === 0) return `${ms / 60_000} minute${ms === 60_000 ? '' : 's'}`;
  if (ms % 1000 === 0) return `${ms / 1000} seconds`;
  return `${ms} ms`;
}
