import { describe, expect, it } from 'vitest';
import { formatShare, isSliceLabelled, pieSlices } from './pie.ts';

const sms = [
  { STATUS: 'QUEUED', COUNT: 20 },
  { STATUS: 'DELIVERED', COUNT: 60 },
  { STATUS: 'UNDELIVERED', COUNT: 1 },
  { STATUS: 'FAILED', COUNT: 19 },
] as const;

describe('channel report pie', () => {
  it('labels every slice of the voice pie, however small', () => {
    const voice = [
      { STATUS: 'ANSWERED', COUNT: 970 },
      { STATUS: 'BUSY', COUNT: 29 },
      { STATUS: 'INVALID_NUMBER', COUNT: 1 },
    ] as const;
    expect(pieSlices(voice, 'voice').map((s) => s.labelled)).toEqual([true, true, true]);
  });

  it('labels only SMS and e-mail slices of 20% or more', () => {
    expect(pieSlices(sms, 'sms').map((s) => [s.status, s.labelled])).toEqual([
      ['QUEUED', true],
      ['DELIVERED', true],
      ['UNDELIVERED', false],
      ['FAILED', false],
    ]);
    const email = [
      { STATUS: 'DELIVERED', COUNT: 79 },
      { STATUS: 'BOUNCED', COUNT: 21 },
    ] as const;
    expect(pieSlices(email, 'email').map((s) => s.labelled)).toEqual([true, true]);
  });

  it('puts the 20% threshold itself on the labelled side', () => {
    expect(isSliceLabelled('sms', 0.2)).toBe(true);
    expect(isSliceLabelled('email', 0.199)).toBe(false);
    expect(isSliceLabelled('voice', 0.001)).toBe(true);
  });

  it("keeps the server's status order and gives each slice its share and label", () => {
    expect(pieSlices(sms, 'sms').map((s) => [s.label, s.count, s.share])).toEqual([
      ['Queued', 20, 0.2],
      ['Delivered', 60, 0.6],
      ['Undelivered', 1, 0.01],
      ['Failed', 19, 0.19],
    ]);
  });

  it('draws nothing when no message has a status yet', () => {
    expect(pieSlices([{ STATUS: 'DELIVERED', COUNT: 0 }], 'sms')).toEqual([]);
    expect(pieSlices([], 'email')).toEqual([]);
  });

  it('shows shares with one decimal in the legend', () => {
    expect(formatShare(0.6)).toBe('60.0%');
    expect(formatShare(0.1234)).toBe('12.3%');
    expect(formatShare(0.0004)).toBe('<0.1%');
    expect(formatShare(0)).toBe('0.0%');
  });
});
