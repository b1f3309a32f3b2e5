import { campaignTreeAnswer } from '@psps/contracts';
import { useQuery } from '@tanstack/react-query';
import { reportCall, reportPolling } from './report-query.ts';

export function getCampaignTree(datasetId: number, signal?: AbortSignal) {
  return reportCall(campaignTreeAnswer, `/api/proc_reports_campaignTree/${datasetId}`, signal);
}

export function useCampaignTree(datasetId: number | null) {
  return useQuery({
    queryKey: ['reports', 'campaign-tree', datasetId],
    queryFn: ({ signal }) => getCampaignTree(datasetId as number, signal),
    enabled: datasetId !== null,
    ...reportPolling(),
  });
}
