import type { LauncherCampaign } from '@psps/contracts';
import { inTimeZone } from '@psps/contracts/testing';
import { describe, expect, it } from 'vitest';
import { arrivedSentences, type Followed, followLaunch } from './arrivals.ts';
import { customReport as report } from './report-fixture.ts';

const campaign = (datasetId: number, reports: Partial<LauncherCampaign['reports']>): LauncherCampaign => ({
  title_vch: `Campaign ${datasetId}`,
  dataset_id_bint: datasetId,
  launched_dt: '2026-11-22T09:00:00Z',
  UPDATE_XT: 1,
  FILE_TRANSFER_TIME: null,
  reports: { medbase: null, mb_unreached: null, linkclick: null, ...reports },
});

describe('arrivedSentences: the launched reports whose file arrived or failed, said once', () => {
  it('says the new file of a launch once it arrives, and nothing of other rows or of the old file', () => {
    inTimeZone('America/Los_Angeles');
    const followed: Followed = new Map();
    const old = report({ ID: 6, FILE_NAME: 'PGE_medbase_40111_20261121080000.csv' });
    followLaunch(followed, campaign(40111, { medbase: old }), 'medbase');
    // The list before the new file is made, and another campaign's file arriving on its own.
    expect(
      arrivedSentences(
        [campaign(40111, { medbase: old }), campaign(40101, { linkclick: report({}) })],
        followed,
      ),
    ).toEqual([]);
    const waiting = report({ TRANSFER_STATE: 'waiting', FILE_TRANSFER_TIME: null, REPORT_TIME: null });
    expect(arrivedSentences([campaign(40111, { medbase: waiting })], followed)).toEqual([]);
    expect(arrivedSentences([campaign(40111, { medbase: report({}) })], followed)).toEqual([
      'MedBase Report of Campaign 40111: File PGE_medbase_40111_20261122093412.csv arrived 2026-11-22 01:34:14.',
    ]);
    // Said once.
    expect(arrivedSentences([campaign(40111, { medbase: report({}) })], followed)).toEqual([]);
  });

  it('says a failure, and the still-running note of a list made mid-campaign', () => {
    inTimeZone('America/Los_Angeles');
    const followed: Followed = new Map();
    followLaunch(followed, campaign(40121, {}), 'mb_unreached');
    const failed = report({
      TRANSFER_STATE: 'failed',
      FILE_TRANSFER_TIME: null,
      ATTEMPTS: 9,
      LAST_ERROR: 'Cannot connect or sign in',
      UNREACHED_IN_PROGRESS: 12,
    });
    expect(arrivedSentences([campaign(40121, { mb_unreached: failed })], followed)).toEqual([
      'MB Unreached Report of Campaign 40121: The file did not arrive after 9 attempts. MB Unreached Report was made at 2026-11-22 01:34:12, while the campaign was still running: 12 customers not reached were still being tried (IN_PROGRESS = Y in the file). Launch it again when the campaign is over for the final list.',
    ]);
  });

  it('a launch that joined one under way is said when that one arrives; a refused launch is no longer followed', () => {
    inTimeZone('America/Los_Angeles');
    const followed: Followed = new Map();
    const underWay = report({ TRANSFER_STATE: 'transferring', FILE_TRANSFER_TIME: null });
    followLaunch(followed, campaign(40111, { linkclick: underWay }), 'linkclick');
    expect(
      arrivedSentences(
        [campaign(40111, { linkclick: report({ FILE_NAME: 'PGE_linkclick_40111_20261122093412.csv' }) })],
        followed,
      ),
    ).toEqual([
      'LinkClick Report of Campaign 40111: File PGE_linkclick_40111_20261122093412.csv arrived 2026-11-22 01:34:14.',
    ]);
    const refused = followLaunch(followed, campaign(40101, {}), 'medbase');
    refused();
    expect(arrivedSentences([campaign(40101, { medbase: report({}) })], followed)).toEqual([]);
  });
});
