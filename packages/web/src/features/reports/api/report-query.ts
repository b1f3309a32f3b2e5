import type { z } from 'zod';
import { apiCall } from '@/lib/api.ts';
import { pollCallLimitMs, pollInterval } from '@/lib/poll.ts';

/**
 * What every report query shares: reload every 60 seconds (document 1 §4), also in a background tab because
 * operators keep the console open beside other tools during an event. On a failed reload TanStack Query keeps
 * the last good data; the screen says so.
 */
export function reportPolling() {
  return { refetchInterval: pollInterval(), refetchIntervalInBackground: true } as const;
}

/** A report call, given up after `pollCallLimitMs()` (lib/poll.ts says why). */
export function reportCall<S extends z.ZodType>(schema: S, path: string, signal?: AbortSignal) {
  return apiCall(schema, path, { signal, timeoutMs: pollCallLimitMs() });
}
