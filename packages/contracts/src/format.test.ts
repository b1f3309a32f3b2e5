import { describe, expect, it } from 'vitest';
import { formatDateTime } from './format.ts';

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
