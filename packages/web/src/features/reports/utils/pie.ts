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
  /** The share as legend, labels and tooltip show it ('60.0%', '<0.1%'): the pie's shown shares add up to 100.0%. */
  shown: string;
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
 * Counts to shares in tenths of a percent that add up to exactly 1000 (largest remainder: each share rounded
 * down, then the tenths left over go to the largest remainders, the larger count first on a tie). Rounding each
 * share alone can show 33.3 + 33.3 + 33.3 or 50.1 + 50.0: a legend that does not add up is read as a wrong count.
 */
export function tenthsOfPercent(counts: readonly number[]): number[] {
  const total = counts.reduce((sum, count) => sum + count, 0);
  if (total === 0) return counts.map(() => 0);
  const exact = counts.map((count) => (count * 1000) / total);
  const tenths = exact.map(Math.floor);
  const left = 1000 - tenths.reduce((sum, t) => sum + t, 0);
  const order = counts
    .map((count, index) => ({ index, count, remainder: (exact[index] ?? 0) - (tenths[index] ?? 0) }))
    .sort((a, b) => b.remainder - a.remainder || b.count - a.count || a.index - b.index);
  for (const { index } of order.slice(0, left)) tenths[index] = (tenths[index] ?? 0) + 1;
  return tenths;
}

/**
 * Status rows to pie slices, in the server's order (the channel's status order), so that slices and legend
 * keep their places while the numbers move during an event. Statuses with no messages are left out. Whether a
 * slice is labelled follows its shown share, so a slice the legend says is 20.0% is never left without a label.
 */
export function pieSlices(
  rows: readonly { STATUS: string; COUNT: number }[],
  kind: ChannelReportKind,
): PieSlice[] {
  const counted = rows.filter((r) => r.COUNT > 0);
  const total = counted.reduce((sum, r) => sum + r.COUNT, 0);
  if (total === 0) return [];
  const tenths = tenthsOfPercent(counted.map((r) => r.COUNT));
  return counted.map((r, index) => {
    const shown = tenths[index] ?? 0;
    return {
      status: r.STATUS,
      label: statusLabel(r.STATUS),
      count: r.COUNT,
      share: r.COUNT / total,
      shown: shown === 0 ? '<0.1%' : `${(shown / 10).toFixed(1)}%`,
      labelled: isSliceLabelled(kind, shown / 1000),
    };
  });
}
