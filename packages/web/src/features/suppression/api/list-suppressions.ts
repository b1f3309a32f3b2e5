import { SUPPRESSION_PATHS, type SuppressionRowsAnswer, suppressionRowsAnswerSchema } from '@psps/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiCall } from '@/lib/api.ts';
import { suppressionKeys } from './keys.ts';

/** GET getPaginatedCampaigns?page={n}: every active value, ordered by group, type and value, 50 a page. */
export function listSuppressions(page: number, signal?: AbortSignal): Promise<SuppressionRowsAnswer> {
  const query = new URLSearchParams({ page: String(page) });
  return apiCall(suppressionRowsAnswerSchema, `${SUPPRESSION_PATHS.list}?${query}`, { signal });
}

/** Runs in normal mode (no search): the results table lists every active value. */
export function useSuppressionList(page: number, enabled: boolean) {
  return useQuery({
    queryKey: suppressionKeys.list(page),
    queryFn: ({ signal }) => listSuppressions(page, signal),
    enabled,
    // The page shown stays while the next one loads (dimmed), as in a search.
    placeholderData: keepPreviousData,
  });
}
