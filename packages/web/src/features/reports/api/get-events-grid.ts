import { gridAnswer } from '@psps/contracts';
import { useQuery } from '@tanstack/react-query';
import { reportCall, reportPolling } from './report-query.ts';

export async function getEventsGrid(eventId: number, signal?: AbortSignal) {
  const [rows] = await reportCall(gridAnswer, `/api/sql/proc_reports_gridTreeEvents/${eventId}`, signal);
  return rows;
}

export function useEventsGrid(eventId: number | null) {
  return useQuery({
    queryKey: ['reports', 'events-grid', eventId],
    queryFn: ({ signal }) => getEventsGrid(eventId as number, signal),
    enabled: eventId !== null,
    ...reportPolling(),
  });
}
