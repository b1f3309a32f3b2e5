import { type SummarySnapshot, summaryAnswer } from '@psps/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api.ts';
import { reportPolling } from './report-query.ts';

/** The latest summary snapshot of a dataset, or null before the first one (`[[]]`). */
export async function getSummary(datasetId: number): Promise<SummarySnapshot | null> {
  const [[row]] = await apiCall(summaryAnswer, `/api/all-reports-summary/${datasetId}`);
  return row ?? null;
}

export function useSummary(datasetId: number | null) {
  return useQuery({
    queryKey: ['reports', 'summary', datasetId],
    queryFn: () => getSummary(datasetId as number),
    enabled: datasetId !== null,
    ...reportPolling(),
  });
}
