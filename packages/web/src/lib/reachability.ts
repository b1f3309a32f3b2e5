/**
 * Whether the server answers: a call that could not reach it (the browser online, but a hotspot or network without
 * a way to the server) marks it unreachable since then; any answer from it, even a refusal, marks it reachable
 * again. The browser's own offline signal does not see that case: it stays 'online'.
 */
let unreachableSince: number | null = null;
const listeners = new Set<() => void>();

function set(value: number | null) {
  unreachableSince = value;
  for (const listener of listeners) listener();
}

export const reachability = {
  /** A call failed before any answer (not aborted, not merely slow). */
  failed() {
    if (unreachableSince === null) set(Date.now());
  },
  /** The server answered. */
  answered() {
    if (unreachableSince !== null) set(null);
  },
  /** Since when no call has reached the server (ms since the epoch), or null while it answers. */
  since: () => unreachableSince,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
};
