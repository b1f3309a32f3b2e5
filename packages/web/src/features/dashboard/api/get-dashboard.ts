import { dashboardAnswer } from '@psps/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiCall } from '@/lib/api.ts';
import { pollCallLimitMs, pollInterval } from '@/lib/poll.ts';
import { browserTimeZone, withTimeZone } from '@/lib/time-zone.ts';

/** Today's counts for the operator's day: the browser's zone goes along as `tz`. */
export function getDashboard() {
  return apiCall(dashboardAnswer, withTimeZone('/api/v1/dashboard'), { timeoutMs: pollCallLimitMs() });
}

/**
 * Today's message counts per channel; reloads like the reports so the cards follow a live event, and so the day
 * moves on at the operator's midnight.
 */
export function useDashboard() {
  return useQuery({
    queryKey: ['dashboard', browserTimeZone()],
    queryFn: getDashboard,
    refetchInterval: pollInterval(),
    refetchIntervalInBackground: true,
  });
}
