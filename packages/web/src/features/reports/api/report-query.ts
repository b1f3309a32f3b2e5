import { pollInterval } from '../../../lib/poll.ts';

/**
 * What every report query shares: reload every 60 seconds (document 1 §4), also in a background tab because
 * operators keep the console open beside other tools during an event. On a failed reload TanStack Query keeps
 * the last good data; the screen says so.
 */
export function reportPolling() {
  return { refetchInterval: pollInterval(), refetchIntervalInBackground: true } as const;
}
