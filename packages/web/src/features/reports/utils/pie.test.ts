import { describe, expect, it } from 'vitest';
import { isSliceLabelled, pieSlices, tenthsOfPercent } from './pie.ts';

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

  it('draws nothing for a campaign without messages on the channel', () => {
    expect(pieSlices([{ STATUS: 'DELIVERED', COUNT: 0 }], 'sms')).toEqual([]);
    expect(pieSlices([], 'email')).toEqual([]);
  });

  it('shows shares with one decimal in the legend', () => {
    expect(pieSlices(sms, 'sms').map((s) => s.shown)).toEqual(['20.0%', '60.0%', '1.0%', '19.0%']);
    const tiny = [
      { STATUS: 'DELIVERED', COUNT: 9996 },
      { STATUS: 'FAILED', COUNT: 4 },
    ] as const;
    expect(pieSlices(tiny, 'sms').map((s) => s.shown)).toEqual(['100.0%', '<0.1%']);
  });

  it('shows shares that add up to 100.0%, the leftover tenths going to the largest remainders', () => {
    // Each rounded alone: 33.3 + 33.3 + 33.3 = 99.9.
    expect(tenthsOfPercent([1, 1, 1])).toEqual([334, 333, 333]);
    expect(
      pieSlices(
        [
          { STATUS: 'DELIVERED', COUNT: 1 },
          { STATUS: 'UNDELIVERED', COUNT: 1 },
          { STATUS: 'FAILED', COUNT: 1 },
        ],
        'email',
      ).map((s) => s.shown),
    ).toEqual(['33.4%', '33.3%', '33.3%']);
    // Each rounded alone: 50.1 + 40.1 + 9.9 = 100.1 (50.05%, 40.05%, 9.9%).
    expect(tenthsOfPercent([1001, 801, 198])).toEqual([501, 400, 99]);
    expect(tenthsOfPercent([5, 0, 995])).toEqual([5, 0, 995]);
    expect(tenthsOfPercent([0, 0])).toEqual([0, 0]);
  });

  it('labels a slice the legend shows as 20.0% (19.96% of the messages) like any slice of 20%', () => {
    const rows = [
      { STATUS: 'DELIVERED', COUNT: 8004 },
      { STATUS: 'FAILED', COUNT: 1996 },
    ] as const;
    expect(pieSlices(rows, 'sms').map((s) => [s.shown, s.labelled])).toEqual([
      ['80.0%', true],
      ['20.0%', true],
    ]);
    const below = [
      { STATUS: 'DELIVERED', COUNT: 8006 },
      { STATUS: 'FAILED', COUNT: 1994 },
    ] as const;
    expect(pieSlices(below, 'sms').map((s) => [s.shown, s.labelled])).toEqual([
      ['80.1%', true],
      ['19.9%', false],
    ]);
  });
});
