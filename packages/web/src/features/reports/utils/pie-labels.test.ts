import { describe, expect, it } from 'vitest';
import { placeLabels } from './pie-labels.ts';

const geometry = { cx: 200, cy: 150, r: 100, lineHeight: 14 };

describe('pie label placement', () => {
  it('puts a label on the side of its slice: first half of the pie right, second half left', () => {
    const [a, b] = placeLabels([0.5, 0.5], [true, true], geometry);
    expect(a?.anchor).toBe('start');
    expect(a?.x).toBeGreaterThan(300);
    expect(b?.anchor).toBe('end');
    expect(b?.x).toBeLessThan(100);
  });

  it('keeps labels of many thin neighbouring slices at least a line apart', () => {
    const shares = [0.9, 0.02, 0.02, 0.02, 0.02, 0.02];
    const placed = placeLabels(
      shares,
      shares.map(() => true),
      geometry,
    ).slice(1);
    const ys = placed.map((p) => p?.y as number).sort((x, y) => x - y);
    for (let i = 1; i < ys.length; i++) expect(ys[i]! - ys[i - 1]!).toBeGreaterThanOrEqual(14 - 1e-9);
  });

  it('places no label for a slice that is not labelled', () => {
    expect(placeLabels([0.9, 0.1], [true, false], geometry)[1]).toBeNull();
  });
});
