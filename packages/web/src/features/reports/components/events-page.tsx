import { Divider, Stack, Text } from '@mantine/core';
import { REPORT_TEXTS } from '@psps/contracts';
import { useCampaignTree } from '../api/get-campaign-tree.ts';
import { useEventCampaigns } from '../api/get-event-campaigns.ts';
import { useEvents } from '../api/get-events.ts';
import { useEventsGrid } from '../api/get-events-grid.ts';
import { campaignLabel, eventLabel } from '../utils/labels.ts';
import { RememberedChoice } from './campaign-choice.tsx';
import { CampaignTreeView } from './campaign-tree.tsx';
import { EventsGrid } from './events-grid.tsx';
import { LoadProblem } from './report-query.tsx';
import { ReportSection } from './report-section.tsx';

export function EventsGridSection({ eventId, title }: { eventId: number; title?: string }) {
  const grid = useEventsGrid(eventId);
  return (
    <ReportSection title={title} what="events grid" query={grid} testId="events-grid-section">
      {(rows) => <EventsGrid eventId={eventId} rows={rows} />}
    </ReportSection>
  );
}

export function CampaignTreeSection({ datasetId, title }: { datasetId: number; title: string }) {
  const tree = useCampaignTree(datasetId);
  return (
    <ReportSection title={title} what="campaign tree" query={tree} skeletonHeight={240} testId="tree-section">
      {(data) => <CampaignTreeView tree={data} />}
    </ReportSection>
  );
}

function EventCampaigns({ eventId }: { eventId: number }) {
  const campaigns = useEventCampaigns(eventId);
  return (
    <Stack gap="lg">
      <LoadProblem query={campaigns} what="campaigns of this event" />
      {campaigns.data?.length === 0 && (
        <Text c="dimmed" size="sm">
          This event has no campaign yet.
        </Text>
      )}
      {campaigns.data?.map((c) => (
        <CampaignTreeSection key={c.dataset_id_bint} datasetId={c.dataset_id_bint} title={campaignLabel(c)} />
      ))}
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
          <EventCampaigns eventId={eventId} />
        </>
      )}
    </RememberedChoice>
  );
}
