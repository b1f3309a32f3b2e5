import { ApiError } from './api.ts';

/** How many times a failed read is asked again at once (1 s, then 2 s later) before the screen says it failed. */
const QUICK_RETRIES = 2;

/**
 * Whether TanStack Query asks a failed read again at once. Not after a refusal (4xx: a signed-out, forbidden or
 * wrong request will not improve by asking again), and not after a call given up because the server did not answer
 * in time: that call already waited its whole limit (15 s), and two more such waits kept the screen silent for 48 s
 * before it said so; the next poll asks again anyway. A network error (no answer at all, at once) is asked again.
 */
export function retryRead(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  if (error instanceof ApiError && error.code === 'timeout') return false;
  return failureCount < QUICK_RETRIES;
}
