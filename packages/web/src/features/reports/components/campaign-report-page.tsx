import { Divider, Stack } from '@mantine/core';
import { CHANNEL_LABELS, CHANNEL_REPORT_PATHS, type ChannelReportKind, REPORT_TEXTS } from '@psps/contracts';
import { useCampaigns } from '../api/get-campaigns.ts';
import { useEvents } from '../api/get-events.ts';
import { campaignLabel, eventLabel } from '../utils/labels.ts';
import { knownChoice, useRememberedChoice } from '../utils/remembered-choice.ts';
import { SummarySection } from './all-channels-page.tsx';
import { ChannelSection } from './channel-page.tsx';
import { CampaignTreeSection, EventsGridSection } from './events-page.tsx';
import { LoadProblem } from './report-query.tsx';
import { ReportSelect } from './report-select.tsx';

const KINDS = Object.keys(CHANNEL_REPORT_PATHS) as ChannelReportKind[];

/**
 * Combined campaign report (document 1 §2): one campaign dropdown drives the summary, the events grid of the
 * campaign's event, the campaign tree and the voice, SMS and e-mail sections together.
 */
export function CampaignReportPage() {
  const campaigns = useCampaigns();
  const events = useEvents();
  const [remembered, setDatasetId] = useRememberedChoice('campaign');
  const datasetId = knownChoice(remembered, campaigns.data, (c) => c.dataset_id_bint);
  const campaign = campaigns.data?.find((c) => c.dataset_id_bint === datasetId);
  const event = events.data?.find((e) => e.id_bint === campaign?.event_id_bint);
  return (
    <Stack gap="lg">
      <ReportSelect
        label="Campaign"
        firstEntry={REPORT_TEXTS.selectCampaign}
        items={campaigns.data}
        idOf={(c) => c.dataset_id_bint}
        labelOf={campaignLabel}
        value={datasetId}
        onChange={setDatasetId}
        loading={campaigns.isPending}
        testId="campaign-select"
      />
      <LoadProblem query={campaigns} what="list of campaigns" />
      {datasetId !== null && (
        <>
          <SummarySection datasetId={datasetId} title="All channels" />
          {campaign && (
            <EventsGridSection
              eventId={campaign.event_id_bint}
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
                title={CHANNEL_LABELS[CHANNEL_REPORT_PATHS[kind]]}
              />
            </Stack>
          ))}
        </>
      )}
    </Stack>
  );
}
