import { describe, expect, it } from 'vitest';
import { failureAlert } from './failure-alert.ts';

describe('failureAlert: what REPORT_ALERT_EMAILS are told when a report file failed for good', () => {
  it('a custom report that never arrived says where to launch it again, with the console link', () => {
    expect(
      failureAlert(
        {
          kind: 'mb_unreached',
          datasetId: 40121,
          title: 'North Bay: Imminent Shutoff',
          fileName: 'PGE_mb_unreached_40121_20261122093412.csv',
          attempts: 1,
          lastError:
            'Cannot connect or sign in: the server refused the connection. File transfer to sftp://psps@files.utility.example/.',
        },
        'PG&E',
        'https://psps.provider.example',
      ),
    ).toEqual({
      subject: 'PG&E PSPS: the MB Unreached Report of campaign 40121 did not arrive',
      lines: [
        "The MB Unreached Report of campaign 40121 (North Bay: Imminent Shutoff) did not reach the utility's server after 1 attempt.",
        'File: PGE_mb_unreached_40121_20261122093412.csv',
        'Last error: Cannot connect or sign in: the server refused the connection. File transfer to sftp://psps@files.utility.example/.',
        'Nothing more is tried by itself. It can be launched again from Custom Reports: https://psps.provider.example/admin/launcher',
      ],
    });
  });

  it('a file that could not even be made says so', () => {
    expect(
      failureAlert(
        {
          kind: 'completion',
          datasetId: 500,
          title: null,
          fileName: null,
          attempts: 0,
          lastError: 'Report generation failed: no space left on device',
        },
        'SCE',
        undefined,
      ),
    ).toEqual({
      subject: 'SCE PSPS: the Completion Report of campaign 500 did not arrive',
      lines: [
        'The Completion Report of campaign 500 could not be made.',
        'Last error: Report generation failed: no space left on device',
        'Nothing more is tried by itself. An operator with MB_INTERNAL_PERMISSION can resend it from Report History > Completion.',
      ],
    });
  });
});
