import { eventCampaignsAnswer } from '@psps/contracts';
import { useQuery } from '@tanstack/react-query';
import { reportCall, reportPolling } from './report-query.ts';

export async function getEventCampaigns(eventId: number, signal?: AbortSignal) {
  const [campaigns] = await reportCall(
    eventCampaignsAnswer,
    `/api/proc_events_getCampaigns/${eventId}`,
    signal,
  );
  return campaigns;
}

/** The campaigns of an event, each shown with a title and its campaign tree. */
export function useEventCampaigns(eventId: number | null) {
  return useQuery({
    queryKey: ['reports', 'event-campaigns', eventId],
    queryFn: ({ signal }) => getEventCampaigns(eventId as number, signal),
    enabled: eventId !== null,
    ...reportPolling(),
  });
}
