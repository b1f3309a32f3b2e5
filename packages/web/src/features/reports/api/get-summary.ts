import { type SummarySnapshot, summaryAnswer } from '@psps/contracts';
import { useQuery } from '@tanstack/react-query';
import { reportCall, reportPolling } from './report-query.ts';

/** The latest summary snapshot of a dataset, or null before the first one (`[[]]`). */
export async function getSummary(datasetId: number, signal?: AbortSignal): Promise<SummarySnapshot | null> {
  const [[row]] = await reportCall(summaryAnswer, `/api/all-reports-summary/${datasetId}`, signal);
  return row ?? null;
}

export function useSummary(datasetId: number | null) {
  return useQuery({
    queryKey: ['reports', 'summary', datasetId],
    queryFn: ({ signal }) => getSummary(datasetId as number, signal),
    enabled: datasetId !== null,
    ...reportPolling(),
  });
}
