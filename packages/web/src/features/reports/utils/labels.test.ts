import { describe, expect, it } from 'vitest';
import { dateOrDash } from '@/lib/dates.ts';
import { campaignLabel, eventLabel, formatCount } from './labels.ts';

// Local-time ISO strings (no zone) so the expected text does not depend on the machine's time zone.
describe('report labels', () => {
  it('labels an event with its begin time, then [E{event id}/N{record count}], then its name', () => {
    expect(
      eventLabel({
        id_bint: 12,
        name_vch: 'Sierra Foothills PSPS',
        begin_dt: '2026-09-14T06:30:00',
        recordCount: 48211,
      }),
    ).toBe('2026-09-14 06:30:00 [E12/N48211] Sierra Foothills PSPS');
  });

  it('labels a campaign with its launch time, its [dataset id] and its title', () => {
    expect(
      campaignLabel({
        dataset_id_bint: 3051,
        title_vch: 'Initial notice',
        launched_dt: '2026-09-14T07:05:09',
      }),
    ).toBe('2026-09-14 07:05:09 [3051] Initial notice');
  });

  it("shows '-' for a campaign that has not launched", () => {
    expect(campaignLabel({ dataset_id_bint: 7, title_vch: 'Draft', launched_dt: null })).toBe('- [7] Draft');
  });

  it("shows '-' for a missing date and for a missing count", () => {
    expect(dateOrDash(null)).toBe('-');
    expect(dateOrDash(undefined)).toBe('-');
    expect(formatCount(null)).toBe('-');
    expect(formatCount(1234567)).toBe('1,234,567');
    expect(formatCount(0)).toBe('0');
  });
});
