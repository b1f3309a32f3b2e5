import { eventTreesAnswer, REPORT_PATHS } from '@psps/contracts';
import { useQuery } from '@tanstack/react-query';
import { reportCall, reportPolling } from './report-query.ts';

export async function getEventTrees(eventId: number, signal?: AbortSignal) {
  const [trees] = await reportCall(
    eventTreesAnswer,
    REPORT_PATHS.eventTrees.replace('{eventId}', String(eventId)),
    signal,
  );
  return trees;
}

/**
 * The campaign tree of every campaign of an event, in one call (an event of 200 campaigns was 201 calls a minute
 * with one proc_reports_campaignTree per campaign); each tree's root card gives the campaign's title.
 */
export function useEventTrees(eventId: number | null) {
  return useQuery({
    queryKey: ['reports', 'event-trees', eventId],
    queryFn: ({ signal }) => getEventTrees(eventId as number, signal),
    enabled: eventId !== null,
    ...reportPolling(),
  });
}
