import { afterEach, describe, expect, it, vi } from 'vitest';
import { browserTimeZone, timeZoneName, timeZoneNote, todayCaption, withTimeZone } from './time-zone.ts';

const winter = new Date('2026-11-21T22:03:43Z');
const summer = new Date('2026-07-01T19:00:00Z');

describe('the note that says which zone the times on a screen are in', () => {
  it('names the zone, its IANA name and its offset now', () => {
    expect(timeZoneNote('America/Los_Angeles', winter)).toBe(
      'Times are in Pacific Time (America/Los_Angeles, now UTC-08:00).',
    );
    expect(timeZoneNote('America/Los_Angeles', summer)).toBe(
      'Times are in Pacific Time (America/Los_Angeles, now UTC-07:00).',
    );
    expect(timeZoneNote('Asia/Kolkata', winter)).toBe(
      'Times are in India Standard Time (Asia/Kolkata, now UTC+05:30).',
    );
  });

  it('says UTC plainly for a browser set to UTC', () => {
    expect(timeZoneNote('UTC', winter)).toBe('Times are in Coordinated Universal Time (UTC).');
    expect(timeZoneNote('Etc/UTC', winter)).toBe('Times are in Coordinated Universal Time (UTC).');
  });

  it('falls back to the IANA name when the browser has no words for the zone', () => {
    expect(timeZoneName('Etc/GMT+5', winter)).toBe('Etc/GMT+5');
  });
});

describe("the dashboard's day", () => {
  it("reads 'Today, Sat 21 Nov (Pacific Time)'", () => {
    expect(todayCaption('Today', '2026-11-21', 'America/Los_Angeles', winter)).toBe(
      'Today, Sat 21 Nov (Pacific Time)',
    );
    expect(todayCaption('Today', '2026-11-22', 'UTC', winter)).toBe(
      'Today, Sun 22 Nov (Coordinated Universal Time)',
    );
  });
});

describe("the browser's zone sent as tz", () => {
  afterEach(() => vi.restoreAllMocks());

  it("is 'UTC' when the runtime cannot name its zone, never the word undefined", () => {
    const options = Intl.DateTimeFormat().resolvedOptions();
    vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockReturnValue({
      ...options,
      timeZone: undefined as unknown as string,
    });
    expect(browserTimeZone()).toBe('UTC');
    expect(withTimeZone('/api/v1/dashboard')).toBe('/api/v1/dashboard?tz=UTC');
  });
});
