import {
  Alert,
  Card,
  Group,
  Loader,
  SegmentedControl,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import {
  COMPLETION_TABLE_COLUMNS,
  COMPLETION_TEXTS,
  type CompletionReportRow,
  formatDateTime,
  type TransferState,
} from '@psps/contracts';
import { IconSearch } from '@tabler/icons-react';
import { memo, useCallback, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { RowPageNav, useRowPages } from '@/components/row-pages.tsx';
import { RowsTable } from '@/components/rows-table.tsx';
import { ShadeLegend } from '@/components/shade-legend.tsx';
import { TimeZoneNote } from '@/components/time-zone-note.tsx';
import { PreviousDelivery, TransferStatus, transferSentence } from '@/components/transfer-status.tsx';
import { rowTint, SplitDateTime } from '@/components/wide-table.tsx';
import { useRowAge } from '@/lib/age-clock.ts';
import { useHasPermission } from '@/lib/permissions.tsx';
import { rowShadeBackground } from '@/lib/row-shade.ts';
import { type CompletionAction, FOLLOW_UP_POLL_MS, useCompletionReports } from '../api/completion-reports.ts';
import { ReportActions, ReportActionsLegend } from './report-actions.tsx';

/** The table's name, as a screen reader's table list gives it (and its sideways-scrolling region). */
const TABLE_LABEL = 'Completion reports';

type Filter = 'all' | 'failed' | 'pending' | 'transferred';
const PENDING: readonly TransferState[] = ['waiting', 'transferring'];
/** How long the list follows an operator's refresh or resend closely. */
const FOLLOW_UP_FOR_MS = 10 * 60_000;

const matchesFilter = (row: CompletionReportRow, filter: Filter) =>
  filter === 'all' ||
  (filter === 'pending' ? PENDING.includes(row.TRANSFER_STATE) : row.TRANSFER_STATE === filter);

const matchesSearch = (row: CompletionReportRow, search: string) => {
  const q = search.trim().toLowerCase();
  return (
    !q ||
    row.CAMPAIGN_TITLE.toLowerCase().includes(q) ||
    String(row.ID).includes(q) ||
    String(row.DATASET_ID).includes(q)
  );
};

function TimeCell({ value }: { value: string | null }) {
  return (
    <Table.Td>
      <SplitDateTime text={formatDateTime(value)} />
    </Table.Td>
  );
}

/**
 * A report sent before its campaign was due (launched or refreshed early by an operator with
 * MB_INTERNAL_PERMISSION) holds customers still PENDING: the row says so until the due report replaces it.
 */
export function earlyNote(row: CompletionReportRow): string | null {
  if (!row.SENT_EARLY) return null;
  const sent = row.TRANSFER_STATE === 'transferred' ? 'Sent early' : 'Requested early';
  const follows = row.DUE_TIME
    ? `at ${formatDateTime(row.DUE_TIME)}`
    : "30 minutes after the campaign's medical-baseline retry time, which the messaging engine has not sent yet";
  return `${sent}, before the campaign was due; the final report follows ${follows}.`;
}

type Follow = (row: CompletionReportRow, action: CompletionAction) => () => void;

/**
 * One report. Memoised on the row and `follow` (both kept while nothing about the report changes: a check that
 * finds it unchanged keeps the same object), so a letter typed into the search or another report's change renders
 * none of the rows already shown; the row's shade and age text follow the shared clock (`useRowAge`) by
 * themselves, as each steps.
 */
const CompletionRow = memo(function CompletionRow({
  row,
  follow,
}: {
  row: CompletionReportRow;
  follow: Follow;
}) {
  // A waiting row's next attempt is told as a time of today or with its date: it is read again at midnight.
  const { shade, title } = useRowAge(row.UPDATE_XT, row.NEXT_ATTEMPT_TIME !== null);
  return (
    <Table.Tr
      data-testid={`completion-row-${row.ID}`}
      data-shade={shade}
      data-state={row.TRANSFER_STATE}
      title={title}
      style={rowTint(rowShadeBackground(shade))}
    >
      <Table.Td fw={600}>{row.ID}</Table.Td>
      <Table.Td miw={90}>{row.CAMPAIGN_TITLE}</Table.Td>
      <Table.Td>{row.DATASET_ID}</Table.Td>
      <TimeCell value={row.CAMPAIGN_LAUNCH_TIME} />
      <TimeCell value={row.MEDBASE_RETRY_TIME} />
      <TimeCell value={row.COMPLETION_REPORT_TIME} />
      <Table.Td maw={210}>
        <Stack gap={4} align="flex-start">
          <SplitDateTime text={formatDateTime(row.FILE_TRANSFER_TIME)} testId="file-transfer-time" />
          <TransferStatus info={row} testId="transfer-status" />
          <PreviousDelivery info={row} testId="previous-transfer" />
          {row.SENT_EARLY && (
            <Text size="xs" c="orange.8" fw={500} data-testid="sent-early">
              {earlyNote(row)}
            </Text>
          )}
        </Stack>
      </Table.Td>
      <Table.Td>
        <ReportActions row={row} follow={follow} />
      </Table.Td>
    </Table.Tr>
  );
});

/**
 * /admin/completion (document 1 §2 'Completion Reports'): every completion report, its times and where its file
 * is, newest report first. The list lives in the browser and is kept current by incremental checks.
 */
/**
 * The line under the list: when it was last checked, or what it shows without a check (the stored list, or nothing
 * when none is stored and the first fetch failed: a failed check is said above the list, never 'Checked').
 */
function checkedLine(reports: ReturnType<typeof useCompletionReports>, followingUp: boolean): string {
  if (reports.isFetching) return 'Checking for changes…';
  if (reports.data === undefined)
    return 'Nothing loaded yet (none stored in this browser); tried again every minute.';
  if (!reports.isFetchedAfterMount || reports.isError)
    return 'Showing the stored list; checked for changes every minute.';
  const again = followingUp
    ? `every ${FOLLOW_UP_POLL_MS / 1000} seconds until the file asked for has arrived or failed`
    : 'every minute';
  return `Checked ${formatDateTime(new Date(reports.dataUpdatedAt))}; checked again ${again}.`;
}

export function CompletionPage() {
  const [filter, setFilter] = useState<Filter>('all');
  const [search, setSearch] = useState('');
  // An operator's refresh/resend is followed closely until its row has changed and the file arrived or failed.
  const followed = useRef(new Map<number, { xt: number; until: number }>());
  const following = (current: CompletionReportRow[]) =>
    current.some((row) => {
      const f = followed.current.get(row.ID);
      return (
        f !== undefined &&
        Date.now() < f.until &&
        (row.UPDATE_XT === f.xt || PENDING.includes(row.TRANSFER_STATE))
      );
    });
  const reports = useCompletionReports(following);
  const rows = reports.data ?? [];
  // Refresh and resend are MB_INTERNAL_PERMISSION's (document 1 §2): others are told whom to ask.
  const canRestart = useHasPermission('MB_INTERNAL_PERMISSION');
  // The same function at every render, so that it never renders a memoised row again.
  const follow = useCallback<Follow>((row) => {
    const entry = { xt: row.UPDATE_XT, until: Date.now() + FOLLOW_UP_FOR_MS };
    followed.current.set(row.ID, entry);
    return () => {
      if (followed.current.get(row.ID) === entry) followed.current.delete(row.ID);
    };
  }, []);
  // The file an operator's refresh or resend asked for is announced politely when it arrives or fails; nothing
  // else is (the list reloads every minute, and a screen reader reading each reload would drown the screen).
  const [announced, setAnnounced] = useState('');
  useEffect(() => {
    const done: string[] = [];
    for (const row of rows) {
      const f = followed.current.get(row.ID);
      if (f === undefined || row.UPDATE_XT === f.xt) continue;
      if (row.TRANSFER_STATE !== 'transferred' && row.TRANSFER_STATE !== 'failed') continue;
      followed.current.delete(row.ID);
      done.push(`Report ${row.ID}: ${transferSentence(row)}`);
    }
    if (done.length > 0) setAnnounced(done.join(' '));
  }, [rows]);

  const counts = useMemo(() => {
    const c = { all: rows.length, failed: 0, pending: 0, transferred: 0 };
    for (const row of rows) {
      if (row.TRANSFER_STATE === 'failed') c.failed++;
      else if (row.TRANSFER_STATE === 'transferred') c.transferred++;
      else c.pending++;
    }
    return c;
  }, [rows]);
  // The table follows the typed search at a lower priority than the field: each letter shows at once, however
  // many reports the search goes through.
  const searched = useDeferredValue(search);
  const visible = useMemo(
    () => rows.filter((row) => matchesFilter(row, filter) && matchesSearch(row, searched)),
    [rows, filter, searched],
  );
  const paged = useRowPages(visible);

  return (
    <Card withBorder padding="lg" radius="md">
      <Stack gap="xs" mb="md">
        <Title order={2} size="h3">
          Completion Reports
        </Title>
        <Text size="sm" c="dimmed" data-testid="completion-caption">
          {COMPLETION_TEXTS.caption}
        </Text>
        <TimeZoneNote />
        <ReportActionsLegend />
      </Stack>

      <Group justify="space-between" mb="sm" gap="sm">
        {/* Its choices wrap: in one line, 'Transferred' was cut off at 320 px (a 1280 px window zoomed to 400%). */}
        <SegmentedControl
          size="xs"
          maw="100%"
          style={{ flexWrap: 'wrap' }}
          value={filter}
          onChange={(value) => {
            setFilter(value as Filter);
            paged.first();
          }}
          aria-label="Show reports by transfer state"
          data={[
            { value: 'all', label: `All ${counts.all}` },
            { value: 'failed', label: `Failed ${counts.failed}` },
            { value: 'pending', label: `Waiting ${counts.pending}` },
            { value: 'transferred', label: `Transferred ${counts.transferred}` },
          ]}
          data-testid="completion-filter"
        />
        <TextInput
          size="xs"
          w={260}
          leftSection={<IconSearch size={14} />}
          placeholder="Search title, report or dataset ID"
          aria-label="Search completion reports"
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            paged.first();
          }}
        />
      </Group>

      {counts.failed > 0 && filter !== 'failed' && (
        <Alert color="red" variant="light" mb="sm" data-testid="completion-failed-alert">
          {counts.failed === 1 ? '1 report file' : `${counts.failed} report files`} did not arrive at the
          customer's server.{' '}
          {(canRestart ? COMPLETION_TEXTS.failedRestart : COMPLETION_TEXTS.failedAskOperator)(counts.failed)}
        </Alert>
      )}
      {reports.error && (
        <Alert color="yellow" variant="light" mb="sm" data-testid="completion-error">
          {reports.data === undefined
            ? `Could not load the completion reports: ${reports.error.message} The next try is in a minute.`
            : `Could not check for changes: ${reports.error.message} Showing the stored list; the next check is in a minute.`}
        </Alert>
      )}

      <VisuallyHidden role="status" data-testid="completion-announce">
        {announced}
      </VisuallyHidden>
      <RowsTable
        label={TABLE_LABEL}
        columns={COMPLETION_TABLE_COLUMNS}
        testId="completion-table"
        horizontalSpacing={6}
      >
        {paged.shown.map((row) => (
          <CompletionRow key={row.ID} row={row} follow={follow} />
        ))}
      </RowsTable>
      <RowPageNav label="Completion report pages" paged={paged} />

      {reports.isPending && (
        <Group justify="center" p="lg">
          <Loader size="sm" />
        </Group>
      )}
      {reports.isSuccess && rows.length === 0 && (
        <Text c="dimmed" ta="center" p="lg">
          No completion reports yet. A report appears 30 minutes after a campaign's medical-baseline retry
          logic completes.
        </Text>
      )}
      {/* Always there, so that a screen reader says it when a search typed or a filter chosen finds nothing (the
          focus stays on the field or the filter). */}
      <div role="status" data-testid="completion-no-match">
        {rows.length > 0 && visible.length === 0 && (
          <Text c="dimmed" ta="center" p="lg">
            No report matches this filter.
          </Text>
        )}
      </div>

      <Group justify="space-between" mt="sm" gap="xs">
        <ShadeLegend />
        <Text size="xs" c="dimmed" data-testid="completion-checked">
          {checkedLine(reports, following(rows))}
        </Text>
      </Group>
    </Card>
  );
}
