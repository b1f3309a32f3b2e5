import { Stack } from '@mantine/core';
import { type CampaignListItem, REPORT_TEXTS } from '@psps/contracts';
import type { ReactNode } from 'react';
import { useCampaigns } from '../api/get-campaigns.ts';
import { campaignLabel } from '../utils/labels.ts';
import { knownChoice, useRememberedChoice } from '../utils/remembered-choice.ts';
import { LoadProblem } from './report-query.tsx';
import { ReportSelect } from './report-select.tsx';

/**
 * The campaign dropdown of the report screens ('--- select a campaign ---' first), its choice remembered per
 * screen; what the screen shows for the chosen campaign appears only once one is chosen (document 1 §4).
 */
export function CampaignChoice({
  screen,
  children,
}: {
  screen: string;
  children: (datasetId: number, campaign: CampaignListItem | undefined) => ReactNode;
}) {
  const campaigns = useCampaigns();
  const [remembered, setDatasetId] = useRememberedChoice(screen);
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
      {datasetId !== null &&
        children(
          datasetId,
          campaigns.data?.find((c) => c.dataset_id_bint === datasetId),
        )}
    </Stack>
  );
}
