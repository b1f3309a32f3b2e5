import { campaignTreeAnswer } from '@psps/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api.ts';
import { reportPolling } from './report-query.ts';

export function getCampaignTree(datasetId: number) {
  return apiCall(campaignTreeAnswer, `/api/proc_reports_campaignTree/${datasetId}`);
}

export function useCampaignTree(datasetId: number | null) {
  return useQuery({
    queryKey: ['reports', 'campaign-tree', datasetId],
    queryFn: () => getCampaignTree(datasetId as number),
    enabled: datasetId !== null,
    ...reportPolling(),
  });
}
