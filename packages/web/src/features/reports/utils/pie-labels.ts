/** Where the label of one pie slice goes: a leader line from the slice's rim to the text. */
export type LabelPlacement = {
  /** Polyline points: rim, elbow, text end. */
  points: [number, number][];
  x: number;
  y: number;
  anchor: 'start' | 'end';
};

const RAD = Math.PI / 180;

/**
 * Places slice labels in two columns, left and right of the pie, each at the height of its slice but pushed
 * apart so that no two labels overlap (`lineHeight`), however thin the slices. Slices run clockwise from
 * 12 o'clock, as the pie draws them. `labelled[i]` false: no label for slice i.
 */
export function placeLabels(
  shares: readonly number[],
  labelled: readonly boolean[],
  geometry: { cx: number; cy: number; r: number; lineHeight?: number },
): (LabelPlacement | null)[] {
  const { cx, cy, r, lineHeight = 14 } = geometry;
  const placed: ({ i: number; angle: number; y: number; right: boolean } | null)[] = [];
  let before = 0;
  shares.forEach((share, i) => {
    const angle = 90 - 360 * (before + share / 2);
    before += share;
    if (!labelled[i]) {
      placed.push(null);
      return;
    }
    const y = cy - (r + 14) * Math.sin(angle * RAD);
    placed.push({ i, angle, y, right: Math.cos(angle * RAD) >= 0 });
  });

  const result: (LabelPlacement | null)[] = shares.map(() => null);
  for (const right of [true, false]) {
    const side = placed.filter((p): p is NonNullable<typeof p> => p !== null && p.right === right);
    side.sort((a, b) => a.y - b.y);
    // Push down to make room, then pull back up if the column ran past the bottom of the pie.
    for (let k = 1; k < side.length; k++) {
      const prev = side[k - 1] as (typeof side)[number];
      const cur = side[k] as (typeof side)[number];
      cur.y = Math.max(cur.y, prev.y + lineHeight);
    }
    const bottom = cy + r + lineHeight;
    const last = side[side.length - 1];
    if (last && last.y > bottom) {
      last.y = bottom;
      for (let k = side.length - 2; k >= 0; k--) {
        const next = side[k + 1] as (typeof side)[number];
        const cur = side[k] as (typeof side)[number];
        cur.y = Math.min(cur.y, next.y - lineHeight);
      }
    }
    for (const p of side) {
      const cos = Math.cos(p.angle * RAD);
      const sin = Math.sin(p.angle * RAD);
      const rim: [number, number] = [cx + r * cos, cy - r * sin];
      const elbow: [number, number] = [cx + (r + 10) * cos, p.y];
      const textX = right ? cx + r + 22 : cx - r - 22;
      result[p.i] = {
        points: [rim, elbow, [textX, p.y]],
        x: right ? textX + 3 : textX - 3,
        y: p.y,
        anchor: right ? 'start' : 'end',
      };
    }
  }
  return result;
}

/** The pie's radius where there is room for it and its labels. */
export const PIE_RADIUS = 90;
/** A whole label ('Answered (person) 27.9%') is kept while the pie beside it can be at least this large. */
const MIN_FULL_LABEL_RADIUS = 60;
const MIN_RADIUS = 30;
/**
 * Width of one character of the 11 px label font, on the generous side (Chromium on Linux draws DejaVu Sans,
 * a wide font): a label estimated too wide only makes the pie a little smaller.
 */
const LABEL_CHAR_PX = 6.6;
/** From the pie's rim to where a label's text begins (elbow 10, line to 22, gap 3; see placeLabels) and a margin. */
const LABEL_REACH_PX = 29;

/**
 * The radius and the kind of label that fit a chart `width` px wide, so that no label is cut off at the chart's
 * edge (at 429 px 'Invalid number 2.9%' showed as 'umber 2.9%'). Whole labels ('Pending 31.9%') while the pie can
 * stay at least 60 px in radius; narrower, each slice keeps a label with its share only ('31.9%'), the legend
 * beside the pie naming it. Width 0 (not measured yet): the full size.
 */
export function fitPieLabels(
  width: number,
  wholeLabels: readonly string[],
  shareLabels: readonly string[],
): { radius: number; full: boolean } {
  if (!(width > 0)) return { radius: PIE_RADIUS, full: true };
  const room = (labels: readonly string[]) =>
    width / 2 - LABEL_REACH_PX - Math.max(0, ...labels.map((label) => label.length * LABEL_CHAR_PX));
  const whole = room(wholeLabels);
  if (whole >= MIN_FULL_LABEL_RADIUS) return { radius: Math.min(PIE_RADIUS, Math.floor(whole)), full: true };
  return { radius: Math.max(MIN_RADIUS, Math.min(PIE_RADIUS, Math.floor(room(shareLabels)))), full: false };
}
