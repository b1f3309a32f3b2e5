import { beforeEach, describe, expect, it } from 'vitest';
import {
  formatDateTime,
  formatDateTimeIn,
  formatDateTimeWithOffsetIn,
  isTimeZone,
  utcOffsetIn,
  wallTimeIn,
  ZONE_SPELLINGS_KEPT,
  zoneFormatterCounts,
} from './format.ts';
import { inTimeZone } from './testing/time-zone.ts';

describe('date display (document 1 §5)', () => {
  it('shows dates as YYYY-MM-DD HH:mm:ss in local time', () => {
    expect(formatDateTime(new Date(2026, 10, 3, 7, 5, 9))).toBe('2026-11-03 07:05:09');
  });
  it('is blank when the date is null or missing', () => {
    expect(formatDateTime(null)).toBe('');
    expect(formatDateTime(undefined)).toBe('');
    expect(formatDateTime('not a date')).toBe('');
  });
});

describe('date display in the hour repeated when summer time ends', () => {
  // The console's local time, in a browser set to Los Angeles.
  beforeEach(() => {
    inTimeZone('America/Los_Angeles');
  });

  it('follows a time of the repeated hour with its offset, so the two 01:30s read apart', () => {
    // 2026-11-01: 01:00-02:00 happens in PDT (08:00-09:00 UTC), then again in PST (09:00-10:00 UTC).
    expect(formatDateTime('2026-11-01T08:30:00Z')).toBe('2026-11-01 01:30:00 -07:00');
    expect(formatDateTime('2026-11-01T09:30:00Z')).toBe('2026-11-01 01:30:00 -08:00');
    expect(formatDateTime('2026-11-01T08:00:00Z')).toBe('2026-11-01 01:00:00 -07:00');
    expect(formatDateTime('2026-11-01T09:59:59Z')).toBe('2026-11-01 01:59:59 -08:00');
  });

  it('keeps every other time bare: the hours around it, the skipped spring hour, a summer and a winter day', () => {
    expect(formatDateTime('2026-11-01T07:59:59Z')).toBe('2026-11-01 00:59:59');
    expect(formatDateTime('2026-11-01T10:00:00Z')).toBe('2026-11-01 02:00:00');
    expect(formatDateTime('2027-03-14T09:59:59Z')).toBe('2027-03-14 01:59:59');
    expect(formatDateTime('2027-03-14T10:00:00Z')).toBe('2027-03-14 03:00:00');
    expect(formatDateTime('2026-07-01T08:30:00Z')).toBe('2026-07-01 01:30:00');
    expect(formatDateTime('2026-11-22T09:30:00Z')).toBe('2026-11-22 01:30:00');
  });

  it('has nothing to add where clocks never go back (India, UTC)', () => {
    inTimeZone('Asia/Kolkata');
    expect(formatDateTime('2026-11-01T08:30:00Z')).toBe('2026-11-01 14:00:00');
    inTimeZone('UTC');
    expect(formatDateTime('2026-11-01T08:30:00Z')).toBe('2026-11-01 08:30:00');
  });
});

describe('date display in a given time zone (files made on the server)', () => {
  it('writes YYYY-MM-DD HH:mm:ss in the zone, summer time included, midnight as 00', () => {
    expect(formatDateTimeIn('2026-11-22T08:00:00Z', 'America/Los_Angeles')).toBe('2026-11-22 00:00:00');
    expect(formatDateTimeIn('2026-07-01T19:05:09.700Z', 'America/Los_Angeles')).toBe('2026-07-01 12:05:09');
    expect(formatDateTimeIn(new Date('2026-11-21T23:30:00Z'), 'UTC')).toBe('2026-11-21 23:30:00');
    expect(formatDateTimeIn(null, 'UTC')).toBe('');
    expect(formatDateTimeIn('not a date', 'UTC')).toBe('');
  });

  it('knows the zones of the runtime and nothing else', () => {
    expect(isTimeZone('America/Los_Angeles')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
  });
});

describe('a wall time read in a time zone (upload dates without an offset)', () => {
  const la = (wall: number) => new Date(wallTimeIn(wall, 'America/Los_Angeles')).toISOString();
  it('reads winter and summer times with their own offsets', () => {
    expect(la(Date.UTC(2030, 0, 1))).toBe('2030-01-01T08:00:00.000Z');
    expect(la(Date.UTC(2030, 5, 15, 8))).toBe('2030-06-15T15:00:00.000Z');
    expect(new Date(wallTimeIn(Date.UTC(2030, 5, 15, 8, 0, 1, 500), 'UTC')).toISOString()).toBe(
      '2030-06-15T08:00:01.500Z',
    );
    expect(new Date(wallTimeIn(Date.UTC(2030, 0, 1), 'Asia/Kolkata')).toISOString()).toBe(
      '2029-12-31T18:30:00.000Z',
    );
  });
  it('reads a skipped spring time with the winter offset, and a repeated autumn time as its first occurrence', () => {
    // 2030-03-10 02:30 does not exist in Los Angeles (02:00 PST -> 03:00 PDT): 10:30 UTC, which is 03:30 PDT.
    expect(la(Date.UTC(2030, 2, 10, 2, 30))).toBe('2030-03-10T10:30:00.000Z');
    expect(la(Date.UTC(2030, 2, 10, 1, 30))).toBe('2030-03-10T09:30:00.000Z');
    expect(la(Date.UTC(2030, 2, 10, 3, 30))).toBe('2030-03-10T10:30:00.000Z');
    // 2030-11-03 01:30 happens twice (PDT, then PST): the first, 08:30 UTC.
    expect(la(Date.UTC(2030, 10, 3, 1, 30))).toBe('2030-11-03T08:30:00.000Z');
    expect(la(Date.UTC(2030, 10, 3, 3))).toBe('2030-11-03T11:00:00.000Z');
  });
});

describe('a time with its offset from UTC (files that leave the screen)', () => {
  const la = (iso: string) => formatDateTimeWithOffsetIn(iso, 'America/Los_Angeles');

  it('writes the wall time in the zone followed by its offset at that instant', () => {
    expect(la('2026-11-21T12:23:52.701Z')).toBe('2026-11-21 04:23:52 -08:00');
    expect(la('2026-07-01T19:05:09Z')).toBe('2026-07-01 12:05:09 -07:00');
    expect(formatDateTimeWithOffsetIn('2026-11-21T12:23:52Z', 'UTC')).toBe('2026-11-21 12:23:52 +00:00');
    expect(formatDateTimeWithOffsetIn('2026-11-21T12:00:00Z', 'Asia/Kathmandu')).toBe(
      '2026-11-21 17:45:00 +05:45',
    );
    expect(formatDateTimeWithOffsetIn(null, 'UTC')).toBe('');
  });

  it('tells apart the two 01:30s of the night summer time ends', () => {
    expect(la('2026-11-01T08:30:00Z')).toBe('2026-11-01 01:30:00 -07:00');
    expect(la('2026-11-01T09:30:00Z')).toBe('2026-11-01 01:30:00 -08:00');
    expect(utcOffsetIn('2026-11-21T12:00:00Z', 'America/St_Johns')).toBe('-03:30');
  });
});

describe('inTimeZone (test support)', () => {
  const start = process.env.TZ;
  it('changes the zone for the rest of a test, as often as asked', () => {
    inTimeZone('Asia/Kolkata');
    inTimeZone('UTC');
    expect(process.env.TZ).toBe('UTC');
  });
  it('puts back the zone the test started with', () => {
    expect(process.env.TZ).toBe(start);
  });
});

describe('formatters kept per time zone', () => {
  it('keeps one formatter for a zone asked for in a thousand letter cases, and at most 256 spellings', () => {
    const before = zoneFormatterCounts().zones;
    const name = 'america/los_angeles';
    for (let i = 0; i < 1000; i++) {
      // Each i gives another mix of capitals: bit k of i capitalises letter k.
      const spelling = [...name].map((c, k) => (k < 10 && (i >> k) & 1 ? c.toUpperCase() : c)).join('');
      expect(formatDateTimeIn('2026-11-01T09:30:00Z', spelling)).toBe('2026-11-01 01:30:00');
    }
    const after = zoneFormatterCounts();
    expect(after.zones - before).toBeLessThanOrEqual(1);
    expect(after.spellings).toBeLessThanOrEqual(ZONE_SPELLINGS_KEPT);
    expect(ZONE_SPELLINGS_KEPT).toBe(256);
  });
});
