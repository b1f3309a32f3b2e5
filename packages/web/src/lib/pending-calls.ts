/**
 * The calls to the server still waiting for their answer, each by when it was sent: a call without a time limit (a
 * list, a search, a press) that the server holds shows its screen's loader, and nothing else, for as long as it
 * waits. The shell says so once one has waited long (connection-lost.tsx).
 */
const sentAt = new Map<symbol, number>();
const listeners = new Set<() => void>();
let oldest: number | null = null;

function changed() {
  oldest = sentAt.size === 0 ? null : Math.min(...sentAt.values());
  for (const listener of listeners) listener();
}

export const pendingCalls = {
  /** A call is sent now; the function returned says its answer came (or that it failed, or was given up). */
  start(): () => void {
    const call = Symbol('call');
    sentAt.set(call, Date.now());
    changed();
    return () => {
      if (sentAt.delete(call)) changed();
    };
  },
  /** When the call waiting longest was sent (ms since the epoch), or null when none waits. */
  oldest: (): number | null => oldest,
  /** Forgets every call (a test's calls that a silent server never answers). */
  clear() {
    sentAt.clear();
    changed();
  },
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
};
