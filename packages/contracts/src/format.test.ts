import { describe, expect, it } from 'vitest';
import { formatDateTime, formatDateTimeIn, isTimeZone } from './format.ts';

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
