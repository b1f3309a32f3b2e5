import { Stack, Text } from '@mantine/core';
import { type CampaignListItem, REPORT_TEXTS } from '@psps/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, useCallback } from 'react';
import { ScreenHeading } from '@/components/screen-heading.tsx';
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
  return (
    <RememberedChoice
      screen={screen}
      param="campaign"
      label="Campaign"
      firstEntry={REPORT_TEXTS.selectCampaign}
      query={useCampaigns()}
      idOf={(c) => c.dataset_id_bint}
      labelOf={campaignLabel}
      testId="campaign-select"
      what="list of campaigns"
      empty="No campaigns yet. A campaign appears here as soon as the messaging engine reports it."
      unknownMayBe={CHILD_CAMPAIGN_HINT}
    >
      {children}
    </RememberedChoice>
  );
}

/**
 * The list holds whole campaigns: a customer-class campaign's id (Medical Baseline, Critical Essential, General, as
 * the Events grid shows them) is part of one, whose report covers it.
 */
export const CHILD_CAMPAIGN_HINT =
  'a customer-class campaign (choose the campaign it belongs to: its report covers it)';

/**
 * A report screen's dropdown of events or campaigns (its first entry a '--- select … ---' line), the choice
 * remembered per screen, a notice when the list cannot be loaded, and what the screen shows for the chosen item
 * once one is chosen.
 */
export function RememberedChoice<T>({
  screen,
  param,
  label,
  firstEntry,
  query,
  idOf,
  labelOf,
  testId,
  what,
  empty,
  unknownMayBe,
  children,
}: {
  screen: string;
  /** The search parameter holding the choice in the address: 'campaign' or 'event'. */
  param: string;
  label: string;
  firstEntry: string;
  query: UseQueryResult<T[]>;
  idOf: (item: T) => number;
  labelOf: (item: T) => string;
  testId: string;
  what: string;
  /** Said when the list holds nothing yet, so an empty dropdown is not a mystery. */
  empty: string;
  /** What else an id the list does not hold may be, said first. */
  unknownMayBe?: string;
  children: (id: number, item: T | undefined) => ReactNode;
}) {
  const items = query.data;
  const holds = useCallback((wanted: number) => items?.some((item) => idOf(item) === wanted), [items, idOf]);
  const [remembered, setId, asked] = useRememberedChoice(screen, param, holds);
  const id = knownChoice(remembered, query.data, idOf);
  // A link naming an entry the list does not hold (removed since, or mistyped) says so instead of an empty page.
  const unknown = asked !== null && asked !== '' && query.isSuccess && id === null;
  return (
    <Stack gap="lg">
      <ScreenHeading screen={screen} />
      <ReportSelect
        label={label}
        firstEntry={firstEntry}
        items={query.data}
        idOf={idOf}
        labelOf={labelOf}
        value={id}
        onChange={setId}
        loading={query.isPending}
        testId={testId}
      />
      <LoadProblem query={query} what={what} />
      {unknown && (
        <Text c="dimmed" data-testid={`${testId}-unknown`}>
          {`${label} ${asked} is not in the list: it may ${unknownMayBe ? `be ${unknownMayBe}, ` : ''}have been removed, or the address is mistyped. Choose one above.`}
        </Text>
      )}
      {query.isSuccess && query.data.length === 0 && (
        <Text c="dimmed" data-testid={`${testId}-empty`}>
          {empty}
        </Text>
      )}
      {id !== null &&
        children(
          id,
          query.data?.find((item) => idOf(item) === id),
        )}
    </Stack>
  );
}
