import { inTimeZone } from '@psps/contracts/testing';
import { describe, expect, it } from 'vitest';
import { customReport as report } from './report-fixture.ts';
import { stillRunningNote } from './still-running.ts';

describe('stillRunningNote', () => {
  it('says the list is not final while unreached customers were still being tried', () => {
    inTimeZone('America/Los_Angeles');
    expect(stillRunningNote('mb_unreached', report({ UNREACHED_IN_PROGRESS: 169 }))).toBe(
      'MB Unreached Report was made at 2026-11-22 01:34:12, while the campaign was still running: 169 customers not reached were still being tried (IN_PROGRESS = Y in the file). Launch it again when the campaign is over for the final list.',
    );
    expect(stillRunningNote('medbase', report({ UNREACHED_IN_PROGRESS: 1 }))).toBe(
      'MedBase Report was made at 2026-11-22 01:34:12, while the campaign was still running: 1 customer not reached was still being tried (REACHED = N and IN_PROGRESS = Y in the file). Launch it again when the campaign is over for the final list.',
    );
  });

  it('says nothing of a final list, a file not made yet, or a LinkClick file', () => {
    expect(stillRunningNote('mb_unreached', report({ UNREACHED_IN_PROGRESS: 0 }))).toBeNull();
    expect(
      stillRunningNote('mb_unreached', report({ REPORT_TIME: null, UNREACHED_IN_PROGRESS: null })),
    ).toBeNull();
    expect(stillRunningNote('linkclick', report({ UNREACHED_IN_PROGRESS: 3 }))).toBeNull();
  });
});
