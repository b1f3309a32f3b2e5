import {
  SUPPRESSION_PATHS,
  SUPPRESSION_SUMMARY_SELECTOR,
  type SuppressionSummaryAnswer,
  suppressionSummaryAnswerSchema,
} from '@psps/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiCall } from '@/lib/api.ts';
import { suppressionKeys } from './keys.ts';

/** GET getPaginatedCampaigns?page={n}&data=groupNameAndType: the valid count of each group and type, 5 a page. */
export function getSuppressionSummary(page: number, signal?: AbortSignal): Promise<SuppressionSummaryAnswer> {
  const query = new URLSearchParams({ page: String(page), data: SUPPRESSION_SUMMARY_SELECTOR });
  return apiCall(suppressionSummaryAnswerSchema, `${SUPPRESSION_PATHS.list}?${query}`, { signal });
}

export function useSuppressionSummary(page: number, enabled = true) {
  return useQuery({
    queryKey: suppressionKeys.summary(page),
    queryFn: ({ signal }) => getSuppressionSummary(page, signal),
    enabled,
    // Keeps the table on screen while the next page loads, so paging does not flash a loader.
    placeholderData: keepPreviousData,
  });
}
