import { gridAnswer } from '@psps/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api.ts';
import { reportPolling } from './report-query.ts';

export async function getEventsGrid(eventId: number) {
  const [rows] = await apiCall(gridAnswer, `/api/sql/proc_reports_gridTreeEvents/${eventId}`);
  return rows;
}

export function useEventsGrid(eventId: number | null) {
  return useQuery({
    queryKey: ['reports', 'events-grid', eventId],
    queryFn: () => getEventsGrid(eventId as number),
    enabled: eventId !== null,
    ...reportPolling(),
  });
}
