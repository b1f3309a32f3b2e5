import { Stack } from '@mantine/core';
import { REPORT_TEXTS } from '@psps/contracts';
import { useCampaigns } from '../api/get-campaigns.ts';
import { useSummary } from '../api/get-summary.ts';
import { campaignLabel } from '../utils/labels.ts';
import { knownChoice, useRememberedChoice } from '../utils/remembered-choice.ts';
import { LoadProblem } from './report-query.tsx';
import { ReportSection } from './report-section.tsx';
import { ReportSelect } from './report-select.tsx';
import { SummaryTable } from './summary-table.tsx';

export function SummarySection({ datasetId, title }: { datasetId: number; title?: string }) {
  const summary = useSummary(datasetId);
  return (
    <ReportSection title={title} what="summary" query={summary} skeletonHeight={180} testId="summary-section">
      {(data) => <SummaryTable summary={data} />}
    </ReportSection>
  );
}

/** All Channels summary (document 1 §2): choose a campaign; see its latest all-channel counts. */
export function AllChannelsPage() {
  const campaigns = useCampaigns();
  const [remembered, setDatasetId] = useRememberedChoice('all');
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
      {datasetId !== null && <SummarySection datasetId={datasetId} />}
    </Stack>
  );
}
