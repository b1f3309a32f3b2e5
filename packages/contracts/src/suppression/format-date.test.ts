import { describe, expect, it } from 'vitest';
import { inTimeZone } from '../testing/time-zone.ts';
import { formatSuppressionDate } from './format-date.ts';

describe('formatSuppressionDate', () => {
  it('shows suppression times as MM/DD/YYYY HH:mm:ss in local time', () => {
    expect(formatSuppressionDate(new Date(2024, 0, 5, 7, 8, 9))).toBe('01/05/2024 07:08:09');
  });

  it('uses a 24-hour clock', () => {
    expect(formatSuppressionDate(new Date(2023, 11, 31, 23, 59, 59))).toBe('12/31/2023 23:59:59');
  });

  it('shows midnight as 00:00:00', () => {
    expect(formatSuppressionDate(new Date(2025, 6, 4, 0, 0, 0))).toBe('07/04/2025 00:00:00');
  });

  it('follows a time of the hour repeated when summer time ends with its offset', () => {
    inTimeZone('America/Los_Angeles');
    expect(formatSuppressionDate(new Date('2026-11-01T08:30:00Z'))).toBe('11/01/2026 01:30:00 -07:00');
    expect(formatSuppressionDate(new Date('2026-11-01T09:30:00Z'))).toBe('11/01/2026 01:30:00 -08:00');
    expect(formatSuppressionDate(new Date('2026-11-01T10:30:00Z'))).toBe('11/01/2026 02:30:00');
  });
});
