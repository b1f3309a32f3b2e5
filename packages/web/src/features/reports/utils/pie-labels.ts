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
