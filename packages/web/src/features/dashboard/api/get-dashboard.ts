import { dashboardAnswer } from '@psps/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api.ts';
import { pollInterval } from '../../../lib/poll.ts';

export function getDashboard() {
  return apiCall(dashboardAnswer, '/api/v1/dashboard');
}

/** Today's message counts per channel; reloads like the reports so the cards follow a live event. */
export function useDashboard() {
  return useQuery({
    queryKey: ['dashboard'],
    queryFn: getDashboard,
    refetchInterval: pollInterval(),
    refetchIntervalInBackground: true,
  });
}
