import { useSummary } from '../api/get-summary.ts';
import { CampaignChoice } from './campaign-choice.tsx';
import { ReportSection } from './report-section.tsx';
import { SummaryTable } from './summary-table.tsx';

export function SummarySection({
  datasetId,
  title,
  besideLive = false,
}: {
  datasetId: number;
  title?: string;
  besideLive?: boolean;
}) {
  const summary = useSummary(datasetId);
  return (
    <ReportSection title={title} what="summary" query={summary} skeletonHeight={180} testId="summary-section">
      {(data) => <SummaryTable summary={data} besideLive={besideLive} />}
    </ReportSection>
  );
}

/** All Channels summary (document 1 §2): choose a campaign; see its latest all-channel counts. */
export function AllChannelsPage() {
  return (
    <CampaignChoice screen="all">{(datasetId) => <SummarySection datasetId={datasetId} />}</CampaignChoice>
  );
}
