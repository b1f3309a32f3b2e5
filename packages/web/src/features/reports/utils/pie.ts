import { PIE_LABEL_MIN_SHARE } from '@psps/contracts';

export type ReportChannel = 'voice' | 'sms' | 'email';

export type PieSlice = {
  status: string;
  count: number;
  /** Part of the total, 0..1. */
  share: number;
  /** Whether the slice carries a label on the pie (the legend lists every slice). */
  labelled: boolean;
};

/** The voice pie labels every slice; SMS and e-mail pies only slices of 20% or more (document 1 §2). */
export function isSliceLabelled(channel: ReportChannel, share: number): boolean {
  return channel === 'voice' || share >= PIE_LABEL_MIN_SHARE;
}

/** Status rows to pie slices, largest first; statuses with no messages are left out of the pie. */
export function pieSlices(
  rows: readonly { STATUS: string; COUNT: number }[],
  channel: ReportChannel,
): PieSlice[] {
  const total = rows.reduce((sum, r) => sum + Math.max(0, r.COUNT), 0);
  if (total === 0) return [];
  return rows
    .filter((r) => r.COUNT > 0)
    .map((r) => {
      const share = r.COUNT / total;
      return { status: r.STATUS, count: r.COUNT, share, labelled: isSliceLabelled(channel, share) };
    })
    .sort((a, b) => b.count - a.count || a.status.localeCompare(b.status));
}

/** A share as the legend shows it: one decimal, '<0.1%' rather than a misleading 0.0%. */
export function formatShare(share: number): string {
  if (share > 0 && share < 0.001) return '<0.1%';
  return `${(share * 100).toFixed(1)}%`;
}
