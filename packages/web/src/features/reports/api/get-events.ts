import { eventsListAnswer, type PspsEvent } from '@psps/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api.ts';
import { cache } from '../../../lib/storage.ts';
import { reportPolling } from './report-query.ts';

const CACHE_NAME = 'reports.events';

export async function getEvents(): Promise<PspsEvent[]> {
  const [events] = await apiCall(eventsListAnswer, '/api/proc_events_getList/');
  cache.set(CACHE_NAME, events);
  return events;
}

/** The events dropdown's list; the cached copy shows at once while the current one loads. */
export function useEvents() {
  return useQuery({
    queryKey: ['reports', 'events'],
    queryFn: getEvents,
    initialData: () => cache.get<PspsEvent[]>(CACHE_NAME),
    initialDataUpdatedAt: 0,
    ...reportPolling(),
  });
}
