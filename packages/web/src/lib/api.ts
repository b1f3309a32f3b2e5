import { errorBody, LOGIN_PATH } from '@psps/contracts';
import type { z } from 'zod';
import { session } from './storage.ts';

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

type Options = { method?: string; body?: unknown; headers?: Record<string, string>; signal?: AbortSignal };

/** When the server says the session is over, the console signs out and shows the login page. */
export function sessionEnded() {
  session.clear();
  if (!window.location.pathname.startsWith('/auth/')) window.location.assign(`${LOGIN_PATH}?expired=1`);
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
  try {
    res = await fetch(path, { method: opts.method ?? 'GET', headers, body, signal: opts.signal });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new ApiError(
      0,
      'network',
      'The server cannot be reached. Check your connection; the page retries by itself.',
    );
  }
  if (res.status === 401 && token) sessionEnded();
  if (!res.ok) {
    const parsed = errorBody.safeParse(await res.json().catch(() => null));
    throw parsed.success
      ? new ApiError(res.status, parsed.data.error, parsed.data.message, parsed.data.details)
      : new ApiError(res.status, 'http', `The server answered ${res.status}.`);
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
  const json = await res.json();
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    throw new ApiError(res.status, 'contract', `Unexpected answer from ${path.split('?')[0]}.`);
  }
  return parsed.data;
}

/** Calls the API for a file (CSV downloads) and saves it under `fileName`. */
export async function apiDownload(path: string, fileName: string): Promise<void> {
  const res = await send(path);
  const blob = await res.blob();
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export { send as apiFetch };
