import { Alert } from '@mantine/core';
import { formatDateTime } from '@psps/contracts';
import { IconHourglass, IconWifiOff } from '@tabler/icons-react';
import { onlineManager } from '@tanstack/react-query';
import { useEffect, useReducer, useState, useSyncExternalStore } from 'react';
import { pendingCalls } from '@/lib/pending-calls.ts';
import { useReachability } from '@/lib/reachability-watch.ts';

/** Since when, in the date format of every screen (document 1 §5): an outage over midnight reads as one. */
const time = (ms: number) => formatDateTime(new Date(ms));

/**
 * Says so while the browser has no connection, or while no call reaches the server though the browser is online (a
 * hotspot or network without a way to it: the browser still says 'online'). Offline, the data library holds every
 * call (no poll, no retry, so no error either) and makes them when the connection is back: without this line a live
 * report, the dashboard's counts or a template's status stayed on screen as if current, with nothing said, for as
 * long as the link was down. Unreachable, the server is probed every 15 s, and any answer clears it; the screen's
 * failed calls are then made again at once (reachability-watch.ts). While the server is reached but a call has waited
 * SLOW_CALL_MS for its answer, it says that instead.
 */
export function ConnectionLost() {
  const online = useSyncExternalStore(
    (notify) => onlineManager.subscribe(notify),
    () => onlineManager.isOnline(),
  );
  const unreachableSince = useReachability();
  const [offlineSince, setOfflineSince] = useState<number | null>(null);
  useEffect(() => setOfflineSince(online ? null : Date.now()), [online]);
  const slowSince = useSlowCallSince();
  if (online && unreachableSince === null)
    return slowSince === null ? null : <SlowAnswer since={slowSince} />;
  const since = online ? unreachableSince : offlineSince;
  return (
    <ShellNotice kind="lost">
      {`The server cannot be reached${since === null ? '' : ` since ${time(since)}`}: what is on screen is from before then and is not reloaded. ${
        online
          ? 'The console keeps trying, and reloads the data by itself as soon as the server answers.'
          : 'The console reloads the data by itself when the connection is back.'
      }`}
    </ShellNotice>
  );
}

/** The lines above every screen about the server's answers: lost (no call reaches it) or slow (one waits long). */
const NOTICES = {
  lost: {
    role: 'alert',
    color: 'orange',
    icon: <IconWifiOff size={18} />,
    title: 'The connection is lost',
    testId: 'connection-lost',
  },
  slow: {
    role: 'status',
    color: 'yellow',
    icon: <IconHourglass size={18} />,
    title: 'The server is slow to answer',
    testId: 'slow-answer',
  },
} as const;

function ShellNotice({ kind, children }: { kind: keyof typeof NOTICES; children: string }) {
  const { role, color, icon, title, testId } = NOTICES[kind];
  return (
    <Alert
      role={role}
      color={color}
      variant="light"
      icon={icon}
      p="xs"
      mb="sm"
      title={title}
      data-testid={testId}
    >
      {children}
    </Alert>
  );
}

/**
 * How long a call waits for its answer before the shell says so. Longer than the time limit of the screens that poll
 * (15 s, after which they say the server did not answer in time): only calls without a limit get here.
 */
export const SLOW_CALL_MS = 20_000;

/** When the call that has waited SLOW_CALL_MS or more for its answer was sent, or null while none has. */
function useSlowCallSince(): number | null {
  const oldest = useSyncExternalStore(pendingCalls.subscribe, pendingCalls.oldest);
  const [, recheck] = useReducer((n: number) => n + 1, 0);
  useEffect(() => {
    if (oldest === null) return;
    const wait = oldest + SLOW_CALL_MS - Date.now();
    if (wait <= 0) return;
    const timer = setTimeout(recheck, wait);
    return () => clearTimeout(timer);
  }, [oldest]);
  return oldest !== null && Date.now() - oldest >= SLOW_CALL_MS ? oldest : null;
}

/**
 * A call the server holds (a list, a search, a press without a time limit) showed its loader and nothing else for as
 * long as it waited: the operator could not tell a slow server from a stuck screen.
 */
function SlowAnswer({ since }: { since: number }) {
  return (
    <ShellNotice kind="slow">
      {`A call to the server sent at ${time(since)} has had no answer yet. The screen changes as soon as the answer comes; until then what is on screen may be out of date.`}
    </ShellNotice>
  );
}
