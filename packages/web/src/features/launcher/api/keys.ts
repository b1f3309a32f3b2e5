/** Query keys of the Custom Reports list; launches invalidate by these. */
export const launcherKeys = {
  all: ['launcher'] as const,
  campaigns: () => ['launcher', 'campaigns'] as const,
};
