import {
  SUPPRESSION_PATHS,
  type SuppressionGroupsAnswer,
  suppressionGroupsAnswerSchema,
} from '@psps/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiCall } from '@/lib/api.ts';
import { suppressionKeys } from './keys.ts';

/** GET groups (added): the names of the groups holding active values, offered as the upload's group name is typed. */
export function getSuppressionGroups(signal?: AbortSignal): Promise<SuppressionGroupsAnswer> {
  return apiCall(suppressionGroupsAnswerSchema, SUPPRESSION_PATHS.groups, { signal });
}

export function useSuppressionGroups() {
  return useQuery({
    queryKey: suppressionKeys.groups,
    queryFn: ({ signal }) => getSuppressionGroups(signal),
  });
}
