import { useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api.ts';
import { type Summary, summaryAnswer } from './types.ts';
import { reportPolling } from './report-query.ts';

/** The latest summary snapshot of a dataset, or null before the first one (`[[]]`). */
export async function getSummary(datasetId: number): Promise<Summary | null> {
  const [[row]] = await apiCall(summaryAnswer, `/api/all-reports-summary/${datasetId}`);
  return (row as Summary | undefined) ?? null;
}

export function useSummary(datasetId: number | null) {
  return useQuery({
    queryKey: ['reports', 'summary', datasetId],
    queryFn: () => getSummary(datasetId as number),
    enabled: datasetId !== null,
    ...reportPolling(),
  });
}
