import { eventCampaignsAnswer } from '@psps/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api.ts';
import { reportPolling } from './report-query.ts';

export async function getEventCampaigns(eventId: number) {
  const [campaigns] = await apiCall(eventCampaignsAnswer, `/api/proc_events_getCampaigns/${eventId}`);
  return campaigns;
}

/** The campaigns of an event, each shown with a title and its campaign tree. */
export function useEventCampaigns(eventId: number | null) {
  return useQuery({
    queryKey: ['reports', 'event-campaigns', eventId],
    queryFn: () => getEventCampaigns(eventId as number),
    enabled: eventId !== null,
    ...reportPolling(),
  });
}
