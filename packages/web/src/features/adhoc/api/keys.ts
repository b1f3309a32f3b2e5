import type { NotifyBy } from '@psps/contracts';

/** Query keys of the ad hoc screens; mutations invalidate by these. */
export const adhocKeys = {
  all: ['adhoc'] as const,
  campaigns: (search?: string) =>
    search ? (['adhoc', 'campaigns', search] as const) : (['adhoc', 'campaigns'] as const),
  campaign: (id: number) => ['adhoc', 'campaign', id] as const,
  templates: (id: number, notifyBy: NotifyBy) => ['adhoc', 'templates', id, notifyBy] as const,
  summary: (id: number) => ['adhoc', 'summary', id] as const,
  publishHistory: (id: number) => ['adhoc', 'publish-history', id] as const,
  outbox: (id: number) => ['adhoc', 'outbox', id] as const,
  audio: (kind: string, dialerAddress: string, uploaded: string | null) =>
    ['adhoc', 'audio', kind, dialerAddress, uploaded] as const,
};
