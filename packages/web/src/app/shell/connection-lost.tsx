import { Alert } from '@mantine/core';
import { formatDateTime } from '@psps/contracts';
import { IconWifiOff } from '@tabler/icons-react';
import { onlineManager } from '@tanstack/react-query';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { useReachability } from '../../lib/reachability-watch.ts';

/** Since when, in the date format of every screen (document 1 §5): an outage over midnight reads as one. */
const time = (ms: number) => formatDateTime(new Date(ms));

/**
 * Says so while the browser has no connection, or while no call reaches the server though the browser is online (a
 * hotspot or network without a way to it: the browser still says 'online'). Offline, the data library holds every
 * call (no poll, no retry, so no error either) and makes them when the connection is back: without this line a live
 * report, the dashboard's counts or a template's status stayed on screen as if current, with nothing said, for as
 * long as the link was down. Unreachable, the server is probed every 15 s, and any answer clears it; the screen's
 * failed calls are then made again at once (reachability-watch.ts).
 */
export function ConnectionLost() {
  const online = useSyncExternalStore(
    (notify) => onlineManager.subscribe(notify),
    () => onlineManager.isOnline(),
  );
  const unreachableSince = useReachability();
  const [offlineSince, setOfflineSince] = useState<number | null>(null);
  useEffect(() => setOfflineSince(online ? null : Date.now()), [online]);
  if (online && unreachableSince === null) return null;
  const since = online ? unreachableSince : offlineSince;
  return (
    <Alert
      role="alert"
      color="orange"
      variant="light"
      icon={<IconWifiOff size={18} />}
      p="xs"
      mb="sm"
      title="The connection is lost"
      data-testid="connection-lost"
    >
      {`The server cannot be reached${since === null ? '' : ` since ${time(since)}`}: what is on screen is from before then and is not reloaded. ${
        online
          ? 'The console keeps trying, and reloads the data by itself as soon as the server answers.'
          : 'The console reloads the data by itself when the connection is back.'
      }`}
    </Alert>
  );
}
