import { Divider, Skeleton, Stack, Text } from '@mantine/core';
import { type CampaignTreeAnswer, type GridRow, gridRowsOfCampaign, REPORT_TEXTS } from '@psps/contracts';
import { useDeferredValue, useMemo } from 'react';
import { useCampaignTree } from '../api/get-campaign-tree.ts';
import { useEventTrees } from '../api/get-event-trees.ts';
import { useEvents } from '../api/get-events.ts';
import { useEventsGrid } from '../api/get-events-grid.ts';
import { campaignLabel, eventLabel } from '../utils/labels.ts';
import { RememberedChoice } from './campaign-choice.tsx';
import { CampaignTreeView } from './campaign-tree.tsx';
import { EventsGrid } from './events-grid.tsx';
import { LoadProblem } from './report-query.tsx';
import { ReportSection } from './report-section.tsx';

/**
 * The events grid of an event; with `datasetId`, only that campaign's rows (its root and children), as the combined
 * campaign report shows it for the chosen dataset (document 1 §2), its CSV likewise.
 */
export function EventsGridSection({
  eventId,
  datasetId,
  title,
}: {
  eventId: number;
  datasetId?: number;
  title?: string;
}) {
  const grid = useEventsGrid(eventId);
  return (
    <ReportSection title={title} what="events grid" query={grid} testId="events-grid-section">
      {(rows) => <CampaignRows eventId={eventId} datasetId={datasetId} rows={rows} />}
    </ReportSection>
  );
}

function CampaignRows({
  eventId,
  datasetId,
  rows,
}: {
  eventId: number;
  datasetId?: number;
  rows: readonly GridRow[];
}) {
  // Kept the same between reloads that change nothing, so the memoised grid draws nothing again.
  const shown = useMemo(
    () => (datasetId === undefined ? rows : gridRowsOfCampaign(rows, datasetId)),
    [rows, datasetId],
  );
  return <EventsGrid eventId={eventId} datasetId={datasetId} rows={shown} />;
}

export function CampaignTreeSection({ datasetId, title }: { datasetId: number; title: string }) {
  const tree = useCampaignTree(datasetId);
  return (
    <ReportSection title={title} what="campaign tree" query={tree} skeletonHeight={240} testId="tree-section">
      {(data) => <CampaignTreeView tree={data} />}
    </ReportSection>
  );
}

/**
 * A title and a campaign tree for each campaign of the event (document 1 §2), all from one call. Each tree is a
 * section of its own as on the other screens: its title, when it was loaded and, when a reload fails, the notice
 * beside it (wherever the operator has scrolled to) above the tree kept on screen. Before the first answer there
 * are no sections yet: one skeleton, or the notice.
 */
function EventCampaigns({ eventId }: { eventId: number }) {
  const trees = useEventTrees(eventId);
  // Drawn in the background, in slices the browser can interrupt: 200 trees at once held the page for a second.
  // null until then, also when the answer is already in the cache (an event chosen again); undefined (the value
  // before the first answer) while the first answer is drawn: the skeleton stays for both, never a blank.
  const shown = useDeferredValue<CampaignTreeAnswer[] | undefined | null>(trees.data, null);
  return (
    <Stack gap="lg">
      {!trees.data?.length && <LoadProblem query={trees} what="campaign trees of this event" />}
      {(trees.isPending || (shown == null && trees.data !== undefined)) && (
        <Skeleton height={240} radius="sm" data-testid="report-skeleton" />
      )}
      {shown?.length === 0 && (
        <Text c="dimmed" size="sm">
          This event has no campaign yet.
        </Text>
      )}
      {/* Each tree has one root card: the campaign, whose label titles the section. */}
      {shown?.flatMap((tree) =>
        tree[0].map((root) => (
          <ReportSection
            key={root.dataset_id_bint}
            title={campaignLabel(root)}
            what="campaign tree"
            query={trees}
            testId="tree-section"
          >
            {() => <CampaignTreeView tree={tree} />}
          </ReportSection>
        )),
      )}
    </Stack>
  );
}

/** Events report (document 1 §2): choose an event; see its grid, then a titled tree per campaign. */
export function EventsPage() {
  return (
    <RememberedChoice
      screen="events"
      param="event"
      label="Event"
      firstEntry={REPORT_TEXTS.selectEvent}
      query={useEvents()}
      idOf={(e) => e.id_bint}
      labelOf={eventLabel}
      testId="event-select"
      what="list of events"
      empty="No events yet. A PSPS event appears here as soon as the messaging engine reports it."
    >
      {(eventId) => (
        <>
          <EventsGridSection eventId={eventId} title="Events grid" />
          <Divider />
          {/* Keyed: another event's trees are never shown while the chosen one's are drawn. */}
          <EventCampaigns key={eventId} eventId={eventId} />
        </>
      )}
    </RememberedChoice>
  );
}
