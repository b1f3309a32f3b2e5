/** Query keys of the suppression screen; every change invalidates `suppressionKeys.all`. */
export const suppressionKeys = {
  all: ['suppression'] as const,
  summary: (page: number) => ['suppression', 'summary', page] as const,
  groups: ['suppression', 'groups'] as const,
  list: (page: number) => ['suppression', 'list', page] as const,
  search: (value: string, page: number) => ['suppression', 'search', value, page] as const,
};
