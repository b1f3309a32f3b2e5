/**
 * Whether the server answers: a call that could not reach it (the browser online, but a hotspot or network without
 * a way to the server) marks it unreachable since then; any answer from it, even a refusal, marks it reachable
 * again. The browser's own offline signal does not see that case: it stays 'online'.
 *
 * A call the server did not answer in time leaves it in doubt (not yet said to be unreachable: it may only have
 * been slow) until its next answer. While unreachable or in doubt the console probes it (reachability-watch.ts).
 */
let unreachableSince: number | null = null;
let slow = false;
const listeners = new Set<() => void>();

function set(since: number | null, inDoubt: boolean) {
  unreachableSince = since;
  slow = inDoubt;
  for (const listener of listeners) listener();
}

export const reachability = {
  /** A call failed before any answer (not aborted, not merely slow). */
  failed() {
    if (unreachableSince === null) set(Date.now(), false);
  },
  /** A call was given up: the server did not answer it within its time limit. */
  timedOut() {
    if (unreachableSince === null && !slow) set(null, true);
  },
  /** The server answered. */
  answered() {
    if (unreachableSince !== null || slow) set(null, false);
  },
  /** Since when no call has reached the server (ms since the epoch), or null while it answers. */
  since: () => unreachableSince,
  /** Whether the server has not answered since a call failed or timed out. */
  inDoubt: () => unreachableSince !== null || slow,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
};
