import { describe, expect, it } from 'vitest';
import { fitPieLabels, placeLabels } from './pie-labels.ts';

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

describe('pie labels on a narrow screen', () => {
  // The voice pie of the demo's live campaign: every slice labelled (doc 1 §2).
  const full = [
    'Pending 31.9%',
    'Queued 5.3%',
    'Answered (person) 27.9%',
    'Answering machine 17.5%',
    'No answer 8.9%',
    'Busy 3.2%',
    'Failed 2.4%',
    'Invalid number 2.9%',
  ];
  const shares = ['31.9%', '5.3%', '27.9%', '17.5%', '8.9%', '3.2%', '2.4%', '2.9%'];

  it('keeps the whole labels and the 90 px pie where there is room (a 1280 px screen)', () => {
    expect(fitPieLabels(590, full, shares)).toEqual({ radius: 90, full: true });
  });

  it('draws the pie smaller rather than cut a label off', () => {
    expect(fitPieLabels(520, full, shares)).toEqual({ radius: 79, full: true });
  });

  it('at 429 px, where a whole label cannot fit beside any pie, labels every slice with its share (the legend names it)', () => {
    // 365 px of chart: 'Answered (person) 27.9%' needs about 152 px on one side of the pie, leaving it 1 px.
    expect(fitPieLabels(365, full, shares)).toEqual({ radius: 90, full: false });
    expect(fitPieLabels(200, full, shares)).toEqual({ radius: 38, full: false });
  });

  it('keeps the whole labels while the width is not known yet', () => {
    expect(fitPieLabels(0, full, shares)).toEqual({ radius: 90, full: true });
  });
});
