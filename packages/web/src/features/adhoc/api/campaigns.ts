import {
  ADHOC_CALLS,
  ADHOC_LIST_MAX_ROWS,
  type AdhocCampaign,
  type CampaignUpdateTesterBody,
} from '@psps/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '@/lib/api.ts';
import { adhocKeys } from './keys.ts';

const { campaignSelect, campaignInsert, templateDelete, campaignSelectSingle } = ADHOC_CALLS;
const { campaignUpdateTitle, campaignUpdateTester } = ADHOC_CALLS;

const post = (body: unknown) => ({ method: 'POST', body });

export async function getCampaigns(search = ''): Promise<AdhocCampaign[]> {
  const answer = await apiCall(campaignSelect.answer, campaignSelect.path, post(search ? { search } : {}));
  return answer.response;
}

/** The template list: the first 100 rows (doc 2 §2.1), optionally narrowed by a search text. */
export function useCampaigns(search = '') {
  return useQuery({
    queryKey: adhocKeys.campaigns(search),
    queryFn: () => getCampaigns(search),
    placeholderData: (previous) => previous,
    select: (rows) => rows.slice(0, ADHOC_LIST_MAX_ROWS),
  });
}

export async function getCampaign(id: number): Promise<AdhocCampaign | null> {
  const answer = await apiCall(
    campaignSelectSingle.answer,
    campaignSelectSingle.path,
    post({ id_bint_adhoc_campaign: id }),
  );
  return answer.response[0] ?? null;
}

/** One template; `refetchInterval` watches its status (a launch locks the editor). */
export function useCampaign(id: number, refetchInterval?: number) {
  return useQuery({ queryKey: adhocKeys.campaign(id), queryFn: () => getCampaign(id), refetchInterval });
}

export function useCreateCampaign() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (name: string) =>
      (await apiCall(campaignInsert.answer, campaignInsert.path, post({ name_vch: name }))).response,
    onSuccess: () => client.invalidateQueries({ queryKey: adhocKeys.campaigns() }),
  });
}

export function useDeleteCampaign() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiCall(templateDelete.answer, templateDelete.path, post({ id_bint_adhoc_campaign: id })),
    onSettled: () => client.invalidateQueries({ queryKey: adhocKeys.campaigns() }),
  });
}

/** Renames a template; `baseTitle` (the title this one was typed from) makes a colleague's newer title refuse it. */
export function updateTitle(id: number, title: string, baseTitle?: string) {
  return apiCall(
    campaignUpdateTitle.answer,
    campaignUpdateTitle.path,
    post({
      id_bint_adhoc_campaign: id,
      title_vch: title,
      ...(baseTitle === undefined ? {} : { baseTitle_vch: baseTitle }),
    }),
  );
}

export function updateTester(body: CampaignUpdateTesterBody) {
  return apiCall(campaignUpdateTester.answer, campaignUpdateTester.path, post(body));
}
