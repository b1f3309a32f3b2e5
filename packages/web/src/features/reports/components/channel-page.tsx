import { Stack } from '@mantine/core';
import { CHANNEL_LABELS, CHANNEL_REPORT_PATHS, type ChannelReportKind, REPORT_TEXTS } from '@psps/contracts';
import { useCampaigns } from '../api/get-campaigns.ts';
import { useChannelReport } from '../api/get-channel-report.ts';
import { campaignLabel } from '../utils/labels.ts';
import { knownChoice, useRememberedChoice } from '../utils/remembered-choice.ts';
import { ChannelReportView } from './channel-report.tsx';
import { LoadProblem } from './report-query.tsx';
import { ReportSection } from './report-section.tsx';
import { ReportSelect } from './report-select.tsx';

export function ChannelSection({
  channel,
  datasetId,
  title,
}: {
  channel: ChannelReportKind;
  datasetId: number;
  title?: string;
}) {
  const report = useChannelReport(channel, datasetId);
  return (
    <ReportSection
      title={title}
      what={`${CHANNEL_LABELS[CHANNEL_REPORT_PATHS[channel]]} report`}
      query={report}
      skeletonHeight={420}
      testId={`channel-section-${channel}`}
    >
      {(data) => <ChannelReportView channel={channel} report={data} />}
    </ReportSection>
  );
}

/** Voice, SMS and e-mail reports (document 1 §2): choose a campaign; see the stats card and the status pie. */
export function ChannelPage({ channel }: { channel: ChannelReportKind }) {
  const campaigns = useCampaigns();
  const [remembered, setDatasetId] = useRememberedChoice(channel);
  const datasetId = knownChoice(remembered, campaigns.data, (c) => c.dataset_id_bint);
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
      {datasetId !== null && <ChannelSection channel={channel} datasetId={datasetId} />}
    </Stack>
  );
}

export const VoicePage = () => <ChannelPage channel="voice" />;
export const SmsPage = () => <ChannelPage channel="sms" />;
export const EmailPage = () => <ChannelPage channel="email" />;
