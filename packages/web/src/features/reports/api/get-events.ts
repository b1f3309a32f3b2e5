import { eventsListAnswer, type PspsEvent } from '@psps/contracts';
import { useQuery } from '@tanstack/react-query';
import { cache } from '@/lib/storage.ts';
import { reportCall, reportPolling } from './report-query.ts';

const CACHE_NAME = 'reports.events';

export async function getEvents(signal?: AbortSignal): Promise<PspsEvent[]> {
  const [events] = await reportCall(eventsListAnswer, '/api/proc_events_getList/', signal);
  cache.set(CACHE_NAME, events);
  return events;
}

/** The events dropdown's list; the cached copy shows at once while the current one loads. */
export function useEvents() {
  return useQuery({
    queryKey: ['reports', 'events'],
    queryFn: ({ signal }) => getEvents(signal),
    initialData: () => cache.get<PspsEvent[]>(CACHE_NAME),
    initialDataUpdatedAt: 0,
    ...reportPolling(),
  });
}
