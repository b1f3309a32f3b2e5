import type { z } from 'zod';
import { apiCall } from '../../../lib/api.ts';
import { pollInterval } from '../../../lib/poll.ts';

/**
 * What every report query shares: reload every 60 seconds (document 1 §4), also in a background tab because
 * operators keep the console open beside other tools during an event. On a failed reload TanStack Query keeps
 * the last good data; the screen says so.
 */
export function reportPolling() {
  return { refetchInterval: pollInterval(), refetchIntervalInBackground: true } as const;
}

/**
 * How long a report call is given: 15 s (a report answers in milliseconds), never more than the reload interval
 * and never less than 5 s (browser tests reload every second).
 */
export function reportCallLimitMs(): number {
  return Math.min(15_000, Math.max(5_000, pollInterval()));
}

/**
 * A report call that is given up after `reportCallLimitMs()`: a reload is not started while one is still under
 * way, so a call that never answers (a stalled connection or proxy) would freeze the report on its old numbers
 * with nothing said. Given up (after the usual retries), it fails with 'The server did not answer in time'; the
 * screen says so and keeps the data, and the next reload tries again. `signal`: the query's own, for when the
 * answer is no longer wanted.
 */
export function reportCall<S extends z.ZodType>(schema: S, path: string, signal?: AbortSignal) {
  const limit = AbortSignal.timeout(reportCallLimitMs());
  return apiCall(schema, path, { signal: signal ? AbortSignal.any([signal, limit]) : limit });
}
