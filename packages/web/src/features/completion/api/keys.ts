/** Query keys of the completion screen; actions invalidate by these. */
export const completionKeys = {
  all: ['completion'] as const,
  list: () => ['completion', 'reports'] as const,
};
