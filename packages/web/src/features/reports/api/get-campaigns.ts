import { type CampaignListItem, campaignListAnswer } from '@psps/contracts';
import { useQuery } from '@tanstack/react-query';
import { cache } from '@/lib/storage.ts';
import { reportCall, reportPolling } from './report-query.ts';

const CACHE_NAME = 'reports.campaigns';

export async function getCampaigns(signal?: AbortSignal): Promise<CampaignListItem[]> {
  const [campaigns] = await reportCall(campaignListAnswer, '/api/campaign-list/', signal);
  cache.set(CACHE_NAME, campaigns);
  return campaigns;
}

/** The campaign dropdown's list; the cached copy shows at once while the current one loads. */
export function useCampaigns() {
  return useQuery({
    queryKey: ['reports', 'campaigns'],
    queryFn: ({ signal }) => getCampaigns(signal),
    initialData: () => cache.get<CampaignListItem[]>(CACHE_NAME),
    initialDataUpdatedAt: 0,
    ...reportPolling(),
  });
}
