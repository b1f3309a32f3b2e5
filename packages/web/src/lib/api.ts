import { errorBody, LOGIN_PATH } from '@psps/contracts';
import type { z } from 'zod';
import { pendingCalls } from './pending-calls.ts';
import { reachability } from './reachability.ts';
import { returnPath, session } from './storage.ts';

/** A refusal without the server's words (a proxy's error page, a crash): what happened, and what to do. */
function unexplainedRefusal(status: number): string {
  return status >= 500
    ? `The server answered with an error (${status}). If it goes on, tell your administrator.`
    : `The server refused this (${status}) without saying why. Reload the page and try again.`;
}

/**
 * An answer the console cannot read: most often a console older than the server after an update, which a reload
 * fixes.
 */
function unreadableAnswer(path: string): string {
  return `Unexpected answer from ${path.split('?')[0]}: the console may be out of date. Reload the page.`;
}

/** An answer that is not JSON: a page from whatever stands between the console and the server. */
function notData(path: string): string {
  return `The answer from ${path.split('?')[0]} was not data the console can read (a web page instead, perhaps from a proxy or the network). If it goes on, tell your administrator.`;
}

/** A press (a launch, a resend, an upload) whose call never reached the server: the page does not try it again. */
const PRESS_UNREACHABLE = 'The server cannot be reached. Check your connection and try again.';

/**
 * What to say of a press that failed: the error's own sentence, except that a call the server never got is not said
 * to be retried by the page (reads are; a press is not).
 */
export function pressFailure(error: unknown): string {
  if (error instanceof ApiError && error.code === 'network') return PRESS_UNREACHABLE;
  return error instanceof Error ? error.message : String(error);
}

/** A failed call, with the server's human message. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
  }
}

type Options = {
  method?: string;
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Give the call up after this long ('The server did not answer in time'); polling screens use it. */
  timeoutMs?: number;
};

/**
 * When the server says the session is over, the console signs out and shows the login page (a full page load:
 * nothing of the ended session stays in memory). Unsaved ad hoc edits are already kept as their typist's local
 * drafts, offered again at their next sign-in. The page this tab was on (its template and tab, its report's choice)
 * is where the sign-in leads back to.
 */
export function sessionEnded(reason?: string) {
  session.clear();
  const { pathname, search } = window.location;
  if (pathname.startsWith('/auth/')) return;
  returnPath.remember(pathname + search, reason);
  leaving = true;
  window.location.assign(`${LOGIN_PATH}?expired=1`);
}

let leaving = false;

/**
 * Whether this page is on its way to the login page after its session ended. Until the browser leaves, the
 * screens must not route anywhere themselves: a same-page navigation (the guard's redirect of a page without a
 * token) would cancel the page load under way, leaving the login page without 'Your session has ended'.
 */
export function leavingForLogin(): boolean {
  return leaving;
}

/**
 * A call answered 401. Sent with the stored token, or while none is stored any more (another tab signed out
 * meanwhile): the session is over here too. Sent before a newer sign-in in another tab: the answer is about the
 * old session only, and the next call carries the new token.
 */
function unauthorized(sentToken: string | null, body: unknown) {
  const stored = session.token();
  if (stored === null || stored === sentToken) sessionEnded(ranOutBecause(body));
}

/**
 * The server's sentence for a session that ran out ('Your session ended after 30 minutes without activity.
 * Please sign in again.'; details.reason 'idle' or 'expired'), for the login page to say why.
 */
function ranOutBecause(body: unknown): string | undefined {
  const parsed = errorBody.safeParse(body);
  if (!parsed.success) return undefined;
  const reason = (parsed.data.details as { reason?: unknown } | undefined)?.reason;
  return reason === 'idle' || reason === 'expired' ? parsed.data.message : undefined;
}

/**
 * A call that got no whole answer: cancelled (passed on as it is), past its time limit (`timeoutMs`), or cut off,
 * before the answer or while it arrived. Never the browser's own words ('Failed to fetch', 'network error').
 */
function unanswered(err: unknown): unknown {
  if ((err as Error).name === 'AbortError') return err;
  if ((err as Error).name === 'TimeoutError') {
    reachability.timedOut();
    return new ApiError(0, 'timeout', 'The server did not answer in time. The page retries by itself.');
  }
  reachability.failed();
  return new ApiError(
    0,
    'network',
    'The server cannot be reached. Check your connection; the page retries by itself.',
  );
}

/**
 * The answer's JSON. One that is not JSON at all (a proxy's or a network's sign-in page answering 200) is said in
 * words, not with the parser's 'Unexpected token <'.
 */
async function readJson(res: Response, path: string): Promise<unknown> {
  let text: string;
  try {
    text = await res.text();
  } catch (err) {
    throw unanswered(err);
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new ApiError(res.status, 'unreadable', notData(path));
  }
}

async function send(path: string, opts: Options = {}): Promise<Response> {
  const headers: Record<string, string> = { ...opts.headers };
  const token = session.token();
  if (token) headers.authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (opts.body instanceof FormData) body = opts.body;
  else if (opts.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(opts.body);
  }
  let res: Response;
  const answered = pendingCalls.start();
  try {
    const limit = opts.timeoutMs === undefined ? undefined : AbortSignal.timeout(opts.timeoutMs);
    const signal = limit && opts.signal ? AbortSignal.any([opts.signal, limit]) : (limit ?? opts.signal);
    res = await fetch(path, { method: opts.method ?? 'GET', headers, body, signal });
  } catch (err) {
    throw unanswered(err);
  } finally {
    answered();
  }
  reachability.answered();
  if (res.status === 403 && token) session.doubtPermissions();
  if (!res.ok) {
    const body = await res.json().catch(() => null);
    if (res.status === 401) unauthorized(token, body);
    const parsed = errorBody.safeParse(body);
    throw parsed.success
      ? new ApiError(res.status, parsed.data.error, parsed.data.message, parsed.data.details)
      : new ApiError(res.status, 'http', unexplainedRefusal(res.status));
  }
  return res;
}

/** Calls the API and checks the answer against its contract schema. */
export async function apiCall<S extends z.ZodType>(
  schema: S,
  path: string,
  opts?: Options,
): Promise<z.infer<S>> {
  const res = await send(path, opts);
  const json = await readJson(res, path);
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    throw new ApiError(res.status, 'contract', unreadableAnswer(path));
  }
  return parsed.data;
}

/** Calls the API for a file (CSV downloads) and saves it under `fileName`. */
export async function apiDownload(path: string, fileName: string): Promise<void> {
  const res = await send(path);
  const blob = await res.blob().catch((err: unknown) => {
    throw unanswered(err);
  });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Progress of an upload's request body, in bytes. */
export type UploadProgress = { loaded: number; total: number };

/**
 * Sends a multipart form with XMLHttpRequest, the one browser API that reports upload progress, and checks the
 * answer against its contract schema. Errors are `ApiError`s as with `apiCall`, with the whole error answer as
 * `details` (an upload's failure may list the file's bad lines); a 401 signs the user out.
 */
export function apiUpload<S extends z.ZodType>(
  schema: S,
  path: string,
  form: FormData,
  opts: {
    headers?: Record<string, string>;
    onProgress?: (p: UploadProgress) => void;
    signal?: AbortSignal;
  } = {},
): Promise<z.infer<S>> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    const token = session.token();
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    for (const [name, value] of Object.entries(opts.headers ?? {})) xhr.setRequestHeader(name, value);
    xhr.responseType = 'text';
    if (opts.onProgress) {
      const report = opts.onProgress;
      xhr.upload.onprogress = (e) => report({ loaded: e.loaded, total: e.lengthComputable ? e.total : 0 });
    }
    opts.signal?.addEventListener('abort', () => xhr.abort());
    xhr.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));
    xhr.onerror = () => {
      reachability.failed();
      reject(new ApiError(0, 'network', PRESS_UNREACHABLE));
    };
    xhr.onload = () => {
      reachability.answered();
      let json: unknown = null;
      let readable = true;
      try {
        json = JSON.parse(xhr.responseText);
      } catch {
        readable = false;
      }
      if (xhr.status === 401) unauthorized(token, json);
      if (xhr.status < 200 || xhr.status >= 300) {
        const parsed = errorBody.safeParse(json);
        reject(
          parsed.success
            ? new ApiError(xhr.status, parsed.data.error, parsed.data.message, json)
            : new ApiError(xhr.status, 'http', unexplainedRefusal(xhr.status)),
        );
        return;
      }
      const parsed = schema.safeParse(json);
      if (parsed.success) resolve(parsed.data);
      else if (!readable) reject(new ApiError(xhr.status, 'unreadable', notData(path)));
      else reject(new ApiError(xhr.status, 'contract', unreadableAnswer(path)));
    };
    xhr.send(form);
  });
}

export { send as apiFetch };
