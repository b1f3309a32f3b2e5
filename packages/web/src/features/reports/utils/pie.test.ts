import { describe, expect, it } from 'vitest';
import { formatShare, isSliceLabelled, pieSlices } from './pie.ts';

const rows = [
  { STATUS: 'DELIVERED', COUNT: 60 },
  { STATUS: 'FAILED', COUNT: 19 },
  { STATUS: 'QUEUED', COUNT: 20 },
  { STATUS: 'OPTED_OUT', COUNT: 1 },
];

describe('channel report pie', () => {
  it('labels every slice of the voice pie', () => {
    expect(pieSlices(rows, 'voice').map((s) => s.labelled)).toEqual([true, true, true, true]);
  });

  it('labels only SMS and e-mail slices of 20% or more', () => {
    for (const channel of ['sms', 'email'] as const) {
      expect(pieSlices(rows, channel).map((s) => [s.status, s.labelled])).toEqual([
        ['DELIVERED', true],
        ['QUEUED', true],
        ['FAILED', false],
        ['OPTED_OUT', false],
      ]);
    }
  });

  it('puts the 20% threshold itself on the labelled side', () => {
    expect(isSliceLabelled('sms', 0.2)).toBe(true);
    expect(isSliceLabelled('email', 0.199)).toBe(false);
    expect(isSliceLabelled('voice', 0.001)).toBe(true);
  });

  it('gives each slice its share of the total, largest first', () => {
    expect(pieSlices(rows, 'sms').map((s) => [s.status, s.count, s.share])).toEqual([
      ['DELIVERED', 60, 0.6],
      ['QUEUED', 20, 0.2],
      ['FAILED', 19, 0.19],
      ['OPTED_OUT', 1, 0.01],
    ]);
  });

  it('draws nothing when no message has a status yet', () => {
    expect(pieSlices([{ STATUS: 'DELIVERED', COUNT: 0 }], 'voice')).toEqual([]);
    expect(pieSlices([], 'email')).toEqual([]);
  });

  it('shows shares with one decimal in the legend', () => {
    expect(formatShare(0.6)).toBe('60.0%');
    expect(formatShare(0.1234)).toBe('12.3%');
    expect(formatShare(0.0004)).toBe('<0.1%');
    expect(formatShare(0)).toBe('0.0%');
  });
});
