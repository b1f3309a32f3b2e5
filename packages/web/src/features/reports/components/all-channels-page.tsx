import { useSummary } from '../api/get-summary.ts';
import { CampaignChoice } from './campaign-choice.tsx';
import { ReportSection } from './report-section.tsx';
import { type LiveCounts, SummaryTable } from './summary-table.tsx';

export function SummarySection({
  datasetId,
  title,
  live,
}: {
  datasetId: number;
  title?: string;
  live?: LiveCounts;
}) {
  const summary = useSummary(datasetId);
  return (
    <ReportSection title={title} what="summary" query={summary} skeletonHeight={180} testId="summary-section">
      {(data) => <SummaryTable summary={data} live={live} />}
    </ReportSection>
  );
}

/** All Channels summary (document 1 §2): choose a campaign; see its latest all-channel counts. */
export function AllChannelsPage() {
  return (
    <CampaignChoice screen="all">{(datasetId) => <SummarySection datasetId={datasetId} />}</CampaignChoice>
  );
}
