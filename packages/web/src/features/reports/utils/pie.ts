import {
  CHANNEL_REPORT_PATHS,
  type ChannelReportKind,
  PIE_LABEL_MIN_SHARE,
  STATUS_LABELS,
} from '@psps/contracts';

export type PieSlice = {
  /** The status code (see CHANNEL_STATUSES). */
  status: string;
  /** The status as the legend and labels name it. */
  label: string;
  count: number;
  /** Part of the total, 0..1. */
  share: number;
  /** Whether the slice carries a label on the pie (the legend lists every slice). */
  labelled: boolean;
};

/** The status as operators read it ('Answered (person)'); an unknown code as it is. */
export function statusLabel(status: string): string {
  return (STATUS_LABELS as Readonly<Record<string, string>>)[status] ?? status;
}

/** The voice pie labels every slice; SMS and e-mail pies only slices of 20% or more (document 1 §2). */
export function isSliceLabelled(kind: ChannelReportKind, share: number): boolean {
  return share >= PIE_LABEL_MIN_SHARE[CHANNEL_REPORT_PATHS[kind]];
}

/**
 * Status rows to pie slices, in the server's order (the channel's status order), so that slices and legend
 * keep their places while the numbers move during an event. Statuses with no messages are left out.
 */
export function pieSlices(
  rows: readonly { STATUS: string; COUNT: number }[],
  kind: ChannelReportKind,
): PieSlice[] {
  const total = rows.reduce((sum, r) => sum + Math.max(0, r.COUNT), 0);
  if (total === 0) return [];
  return rows
    .filter((r) => r.COUNT > 0)
    .map((r) => {
      const share = r.COUNT / total;
      return {
        status: r.STATUS,
        label: statusLabel(r.STATUS),
        count: r.COUNT,
        share,
        labelled: isSliceLabelled(kind, share),
      };
    });
}

/** A share as the legend shows it: one decimal, '<0.1%' rather than a misleading 0.0%. */
export function formatShare(share: number): string {
  if (share > 0 && share < 0.001) return '<0.1%';
  return `${(share * 100).toFixed(1)}%`;
}
