import { type CampaignListItem, campaignListAnswer } from '@psps/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api.ts';
import { cache } from '../../../lib/storage.ts';
import { reportPolling } from './report-query.ts';

const CACHE_NAME = 'reports.campaigns';

export async function getCampaigns(): Promise<CampaignListItem[]> {
  const [campaigns] = await apiCall(campaignListAnswer, '/api/campaign-list/');
  cache.set(CACHE_NAME, campaigns);
  return campaigns;
}

/** The campaign dropdown's list; the cached copy shows at once while the current one loads. */
export function useCampaigns() {
  return useQuery({
    queryKey: ['reports', 'campaigns'],
    queryFn: getCampaigns,
    initialData: () => cache.get<CampaignListItem[]>(CACHE_NAME),
    initialDataUpdatedAt: 0,
    ...reportPolling(),
  });
}
