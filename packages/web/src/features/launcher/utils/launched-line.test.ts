import { describe, expect, it } from 'vitest';
import { launchedLine } from './launched-line.ts';

// A local time without a zone, so the expected text does not depend on the machine's time zone.
const LAUNCHED_TIME = '2026-11-21T21:48:30';

describe("a sent custom report's launched line", () => {
  it('writes the row count with thousands separators, as the report screens do', () => {
    expect(launchedLine('medbase', { LAUNCHED_TIME, ROWS: 12_345 })).toBe(
      'MedBase Report launched 2026-11-21 21:48:30, 12,345 rows.',
    );
  });

  it("says '1 row' for one, and no count before the file is made", () => {
    expect(launchedLine('mb_unreached', { LAUNCHED_TIME, ROWS: 1 })).toBe(
      'MB Unreached Report launched 2026-11-21 21:48:30, 1 row.',
    );
    expect(launchedLine('linkclick', { LAUNCHED_TIME, ROWS: null })).toBe(
      'LinkClick Report launched 2026-11-21 21:48:30.',
    );
  });
});
