import { Divider, Stack } from '@mantine/core';
import { CHANNEL_LABELS, CHANNEL_REPORT_PATHS, type ChannelReportKind } from '@psps/contracts';
import { useEvents } from '../api/get-events.ts';
import { eventLabel } from '../utils/labels.ts';
import { SummarySection } from './all-channels-page.tsx';
import { CampaignChoice } from './campaign-choice.tsx';
import { ChannelSection } from './channel-page.tsx';
import { CampaignTreeSection, EventsGridSection } from './events-page.tsx';

const KINDS = Object.keys(CHANNEL_REPORT_PATHS) as ChannelReportKind[];

/**
 * Combined campaign report (document 1 §2): one campaign dropdown drives, for the chosen dataset, the summary, the
 * events grid (the campaign's rows of its event's grid), the campaign tree and the voice, SMS and e-mail sections together. The summary is the
 * 10-minute snapshot and the channel sections are live: their titles and the summary's note say which is which.
 */
export function CampaignReportPage() {
  const events = useEvents();
  return (
    <CampaignChoice screen="campaign">
      {(datasetId, campaign) => {
        const event = events.data?.find((e) => e.id_bint === campaign?.event_id_bint);
        return (
          <>
            <SummarySection
              datasetId={datasetId}
              title="All channels: snapshot every 10 minutes"
              live="below"
              completedAt={campaign?.processed_dt}
            />
            {campaign && (
              <EventsGridSection
                eventId={campaign.event_id_bint}
                datasetId={datasetId}
                title={`Event ${event ? eventLabel(event) : `E${campaign.event_id_bint}`}`}
              />
            )}
            <CampaignTreeSection datasetId={datasetId} title="Campaign tree" />
            {KINDS.map((kind) => (
              <Stack key={kind} gap="lg">
                <Divider />
                <ChannelSection
                  channel={kind}
                  datasetId={datasetId}
                  title={`${CHANNEL_LABELS[CHANNEL_REPORT_PATHS[kind]]}: live`}
                />
              </Stack>
            ))}
          </>
        );
      }}
    </CampaignChoice>
  );
}
