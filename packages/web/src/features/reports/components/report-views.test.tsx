import { MantineProvider } from '@mantine/core';
import type { Campaign, ChannelReportAnswer, GridRow, SummarySnapshot } from '@psps/contracts';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { CampaignTreeView } from './campaign-tree.tsx';
import { ChannelReportView } from './channel-report.tsx';
import { EventsGrid } from './events-grid.tsx';
import { SummaryTable } from './summary-table.tsx';

const html = (node: ReactNode) => renderToStaticMarkup(<MantineProvider>{node}</MantineProvider>);
const text = (node: ReactNode) =>
  html(node)
    .replace(/<style[^>]*>.*?<\/style>/gs, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ');

// Local times without a zone, so the expected text does not depend on the machine's time zone.
const root: Campaign = {
  dataset_id_bint: 100,
  title_vch: 'Sierra 48h notice',
  created_dt: '2026-09-14T06:00:00',
  launched_dt: '2026-09-14T06:30:00',
  processed_dt: null,
  totalrecords_int: 1500,
  voicecount_int: 700,
  smscount_int: 500,
  emailcount_int: 300,
};
const child: Campaign = { ...root, dataset_id_bint: 101, title_vch: 'Sierra 48h MB', totalrecords_int: 12 };

describe('campaign tree', () => {
  it("shows the root card, then Medical Baseline, Critical Essential and General, with 'none' for a class without campaigns", () => {
    const out = text(<CampaignTreeView tree={[[root], [child], [], []]} />);
    expect(out).toMatch(/ID 100 .*Medical Baseline .*ID 101 .*Critical Essential none General none/);
  });

  it("shows ID, Imported, Launched, Completed and the four counts, with '-' for a missing date", () => {
    const out = text(<CampaignTreeView tree={[[root], [], [], []]} />);
    expect(out).toContain('Imported 2026-09-14 06:00:00 Launched 2026-09-14 06:30:00 Completed -');
    expect(out).toContain('Total 1,500 Voice 700 SMS 500 e-Mail 300');
  });
});

describe('events grid', () => {
  const row: GridRow = {
    ...root,
    id_bint: 7,
    name_vch: 'Sierra Foothills',
    rootDataset_bint: 100,
    CMD: 'ADVANCE_48H',
    type: 'Root',
  };
  it('has the 14 columns of the specification in order, and a CSV download link', () => {
    const out = text(<EventsGrid eventId={7} rows={[row]} />);
    expect(out).toContain(
      '# MB-EVT-ID Event Name MB-DS-ID MB-ROOT-ID Type Title Imported Queued Processed Total Messages Voice Count SMS Count e-Mail Count',
    );
    expect(out).toContain(
      '1 7 Sierra Foothills 100 100 Root Sierra 48h notice 2026-09-14 06:00:00 2026-09-14 06:30:00 - 1,500 700 500 300',
    );
    expect(out).toContain('Download CSV File');
  });

  it("offers 'Download CSV File' as a link (doc 1 §2), not a button", () => {
    const markup = html(<EventsGrid eventId={7} rows={[row]} />);
    const opening = /<(a|button)\b([^>]*)>(?:(?!<\/\1>).)*Download CSV File/s.exec(markup);
    expect(opening?.[2]).toMatch(/\brole="link"|\bhref="/);
  });
});

describe('all-channels summary', () => {
  it("shows 'NO DATA AVAILABLE' before the first snapshot", () => {
    expect(text(<SummaryTable summary={null} />)).toContain('NO DATA AVAILABLE');
  });

  it("shows ALL, VOICE, SMS, E-MAIL by IMPORTED, QUEUED, COMPLETED and the 'current as of' time of the snapshot", () => {
    const snapshot: SummarySnapshot = {
      insert_dt: '2026-09-14T07:10:00',
      importedALL_bint: 1500,
      queuedALL_bint: 1200,
      completedALL_bint: 900,
      importedPHON_bint: 700,
      queuedPHON_bint: 600,
      completedPHON_bint: 400,
      importedSMS_bint: 500,
      queuedSMS_bint: 400,
      completedSMS_bint: 300,
      importedEMAIL_bint: 300,
      queuedEMAIL_bint: 200,
      completedEMAIL_bint: 200,
    };
    const out = text(<SummaryTable summary={snapshot} />);
    expect(out).toContain(
      'IMPORTED QUEUED COMPLETED ALL 1,500 1,200 900 VOICE 700 600 400 SMS 500 400 300 E-MAIL 300 200 200',
    );
    // The corner is empty on screen, and names the column of ALL, VOICE, SMS, E-MAIL for a screen reader.
    expect(html(<SummaryTable summary={snapshot} />)).toMatch(/<th [^>]*aria-label="Channel"[^>]*><\/th>/);
    // On its own page (All Channels) it says which is the snapshot and where the live counts are.
    expect(out).toContain(
      'This report refreshes automatically; updates arrive every 10 minutes. Counts current as of 2026-09-14 07:10:00. This summary is a snapshot taken every 10 minutes; the Voice, SMS and e-Mail reports are live, so their counts may be ahead of it.',
    );
    // Above the live channel sections of the Campaign Report, it points to them.
    expect(text(<SummaryTable summary={snapshot} live="below" />)).toContain(
      'This report refreshes automatically; updates arrive every 10 minutes. Counts current as of 2026-09-14 07:10:00. This summary is a snapshot taken every 10 minutes; the voice, SMS and e-mail sections below are live, so their counts may be ahead of it.',
    );
  });
});

describe('all-channels summary of a campaign that has completed', () => {
  const snapshot = (insert_dt: string): SummarySnapshot => ({
    insert_dt,
    importedALL_bint: 10,
    queuedALL_bint: 10,
    completedALL_bint: 10,
    importedPHON_bint: 10,
    queuedPHON_bint: 10,
    completedPHON_bint: 10,
    importedSMS_bint: 0,
    queuedSMS_bint: 0,
    completedSMS_bint: 0,
    importedEMAIL_bint: 0,
    queuedEMAIL_bint: 0,
    completedEMAIL_bint: 0,
  });

  it('says the campaign completed, and that later status changes show in the next snapshot, when it was taken at or after the completion', () => {
    expect(
      text(<SummaryTable summary={snapshot('2026-09-14T07:10:00Z')} completedAt="2026-09-14T07:10:00Z" />),
    ).toContain(
      'This report refreshes automatically; updates arrive every 10 minutes. Counts current as of 2026-09-14 07:10:00. The campaign completed at 2026-09-14 07:10:00; a status that changes after that (a late delivery receipt, an e-mail opened later) shows in the next snapshot.',
    );
  });

  it('says nothing of the completion while the snapshot is older than it', () => {
    const out = text(
      <SummaryTable
        summary={snapshot('2026-09-14T07:00:00Z')}
        completedAt="2026-09-14T07:05:00Z"
        live="below"
      />,
    );
    expect(out).not.toContain('completed');
    expect(out).toContain(
      'the voice, SMS and e-mail sections below are live, so their counts may be ahead of it.',
    );
  });
});

describe('channel report', () => {
  it('shows the channel, the total count, the launch time and the tag title and line', () => {
    const report: ChannelReportAnswer = [
      [{ TOTAL_COUNT: 700 }],
      [{ launched_dt: '2026-09-14T06:30:00', title_vch: 'Sierra 48h notice' }],
      [{ customer_class: 'MEDICAL_BASELINE', COUNT: 50 }],
      [{ tag_title_vch: 'PSPS 48-hour notice', tag_line_vch: 'Power may be shut off' }],
      [{ STATUS: 'ANSWERED', COUNT: 700 }],
    ];
    const out = text(<ChannelReportView channel="voice" report={report} />);
    expect(out).toMatch(
      /Channel Voice PSPS 48-hour notice Power may be shut off .*Total count 700 Launch time 2026-09-14 06:30:00/,
    );
    expect(out).toContain('Medical Baseline: 50');
  });

  it('says a campaign has no messages on the channel, not that its messages have no status, when the count is 0', () => {
    // Every message has a status (PENDING at least): an empty pie means the campaign sent nothing on this channel
    // (a Campaign Report of a campaign without voice messages said 'No message of this campaign has a status yet').
    const report: ChannelReportAnswer = [
      [{ TOTAL_COUNT: 0 }],
      [{ launched_dt: '2026-09-14T06:30:00', title_vch: 'Sierra 48h notice' }],
      [],
      [{ tag_title_vch: null, tag_line_vch: null }],
      [],
    ];
    const out = text(<ChannelReportView channel="voice" report={report} />);
    expect(out).toContain('This campaign has no Voice messages.');
    expect(out).not.toContain('has a status yet');
  });
});
