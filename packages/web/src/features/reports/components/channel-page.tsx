import { CHANNEL_LABELS, CHANNEL_REPORT_PATHS, type ChannelReportKind } from '@psps/contracts';
import { useChannelReport } from '../api/get-channel-report.ts';
import { CampaignChoice } from './campaign-choice.tsx';
import { ChannelReportView } from './channel-report.tsx';
import { ReportSection } from './report-section.tsx';

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
  return (
    <CampaignChoice screen={channel}>
      {(datasetId) => <ChannelSection channel={channel} datasetId={datasetId} />}
    </CampaignChoice>
  );
}

export const VoicePage = () => <ChannelPage channel="voice" />;
export const SmsPage = () => <ChannelPage channel="sms" />;
export const EmailPage = () => <ChannelPage channel="email" />;
