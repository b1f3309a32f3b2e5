import { DEFAULT_LIBRARY_YEAR_PREFIX, publicConfig, STORAGE_KEYS } from '@psps/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiCall } from './api.ts';

const fallback = {
  utilityAbbreviation: '',
  providerName: '',
  providerUrl: '',
  emailFromAddress: '',
  libraryYearPrefix: DEFAULT_LIBRARY_YEAR_PREFIX,
  permissions: [],
};

/** Utility abbreviation, provider name and link: configuration served by the server, kept as 'environment'. */
export function usePublicConfig() {
  const query = useQuery({
    queryKey: ['config'],
    queryFn: async () => {
      const config = await apiCall(publicConfig, '/api/v1/config');
      localStorage.setItem(STORAGE_KEYS.environment, JSON.stringify(config));
      return config;
    },
    staleTime: Number.POSITIVE_INFINITY,
    initialData: () => {
      try {
        return publicConfig.parse(JSON.parse(localStorage.getItem(STORAGE_KEYS.environment) ?? 'null'));
      } catch {
        return undefined;
      }
    },
  });
  return query.data ?? fallback;
}
