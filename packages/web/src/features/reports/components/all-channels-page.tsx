import { useSummary } from '../api/get-summary.ts';
import { CampaignChoice } from './campaign-choice.tsx';
import { ReportSection } from './report-section.tsx';
import { type LiveCounts, SummaryTable } from './summary-table.tsx';

export function SummarySection({
  datasetId,
  title,
  live,
  completedAt,
}: {
  datasetId: number;
  title?: string;
  live?: LiveCounts;
  /** When the campaign completed (processed_dt), if it has. */
  completedAt?: string | null;
}) {
  const summary = useSummary(datasetId);
  return (
    <ReportSection title={title} what="summary" query={summary} skeletonHeight={180} testId="summary-section">
      {(data) => <SummaryTable summary={data} live={live} completedAt={completedAt} />}
    </ReportSection>
  );
}

/** All Channels summary (document 1 §2): choose a campaign; see its latest all-channel counts. */
export function AllChannelsPage() {
  return (
    <CampaignChoice screen="all">
      {(datasetId, campaign) => <SummarySection datasetId={datasetId} completedAt={campaign?.processed_dt} />}
    </CampaignChoice>
  );
}
