import { type Query, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { ApiError, apiFetch } from './api.ts';
import { reachability } from './reachability.ts';

/** How often the server is probed while it has not answered since a call failed or timed out. */
export const PROBE_INTERVAL_MS = 15_000;
/** How long a probe waits: `/healthz` answers at once, so a server silent this long is not answering. */
export const PROBE_LIMIT_MS = 5_000;

/** Asks `GET /healthz`: any answer marks the server reachable (apiFetch), no answer at all unreachable. */
async function probe(): Promise<null> {
  try {
    await apiFetch('/healthz', { timeoutMs: PROBE_LIMIT_MS });
  } catch (err) {
    if (err instanceof ApiError && err.code === 'timeout') reachability.failed();
  }
  return null;
}

/** A query the server's silence failed (no answer, or none in time): worth asking again once it is back. */
const failedBySilence = (query: Query) =>
  query.state.status === 'error' && query.state.error instanceof ApiError && query.state.error.status === 0;

/**
 * Since when the server cannot be reached (null while it answers), and what follows from it:
 * - After a call failed or timed out, and until the server answers, `GET /healthz` is asked at once and then
 *   every 15 s while the tab is visible (at once when it shows again): a screen that polls once a minute (the
 *   dashboard) would otherwise learn that the server is lost, or back, only at its next poll. Never more than one
 *   probe in 15 s (its staleTime): a call that fails again each time the server is back (a proxy refusing one
 *   address) cannot set off a burst of probes. Nothing is probed while calls are answered.
 * - When the server, unreachable, answers again, the screen's queries that failed for want of an answer are
 *   fetched again at once: their 'could not be reloaded' lines go with the connection banner, not at their next
 *   poll. A call merely not answered in time is left to its screen's next poll (the server was slow, not lost).
 */
export function useReachability(): number | null {
  const since = useSyncExternalStore(reachability.subscribe, reachability.since);
  const inDoubt = useSyncExternalStore(reachability.subscribe, reachability.inDoubt);
  useQuery({
    queryKey: ['reachability-probe'],
    queryFn: probe,
    enabled: inDoubt,
    staleTime: PROBE_INTERVAL_MS,
    refetchInterval: PROBE_INTERVAL_MS,
    // The tab shown again (the interval skips a hidden tab): ask at once.
    refetchOnWindowFocus: true,
    retry: false,
    gcTime: 0,
  });
  const queryClient = useQueryClient();
  const wasUnreachable = useRef(since !== null);
  useEffect(() => {
    if (wasUnreachable.current && since === null) {
      void queryClient.refetchQueries(
        { type: 'active', predicate: failedBySilence },
        { cancelRefetch: false },
      );
    }
    wasUnreachable.current = since !== null;
  }, [since, queryClient]);
  return since;
}
