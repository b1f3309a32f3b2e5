import { SUPPRESSION_PATHS, type SuppressionRowsAnswer, suppressionRowsAnswerSchema } from '@psps/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiCall } from '@/lib/api.ts';
import { suppressionKeys } from './keys.ts';

/** GET search?value={text}&page={n}: active values whose group, value or type match, 50 a page. */
export function searchSuppressions(
  value: string,
  page: number,
  signal?: AbortSignal,
): Promise<SuppressionRowsAnswer> {
  const query = new URLSearchParams({ value, page: String(page) });
  return apiCall(suppressionRowsAnswerSchema, `${SUPPRESSION_PATHS.search}?${query}`, { signal });
}

/** Runs only in search mode (a non-empty search text was submitted). */
export function useSuppressionSearch(value: string | null, page: number) {
  return useQuery({
    queryKey: suppressionKeys.search(value ?? '', page),
    queryFn: ({ signal }) => searchSuppressions(value ?? '', page, signal),
    enabled: value !== null,
    placeholderData: (previous, previousQuery) =>
      // Paging within one search keeps the old page visible; a new search text starts blank.
      previousQuery?.queryKey[2] === value ? previous : undefined,
  });
}
