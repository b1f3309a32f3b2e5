import { Anchor, Group, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { GRID_COLUMNS, type GridRow, REPORT_TEXTS, TOASTS } from '@psps/contracts';
import { IconDownload } from '@tabler/icons-react';
import { memo, type ReactNode } from 'react';
import { SplitDateTime, WideTable } from '@/components/wide-table.tsx';
import { apiDownload } from '@/lib/api.ts';
import { dateOrDash } from '@/lib/dates.ts';
import { withTimeZone } from '@/lib/time-zone.ts';
import { formatCount } from '../utils/labels.ts';

/** The table's name, as a screen reader's table list gives it (and its sideways-scrolling region). */
const TABLE_LABEL = 'Events grid';

type Column = (typeof GRID_COLUMNS)[number];

/** How each column of the grid reads a row; numeric columns align right. */
const CELLS: Record<
  Column,
  { cell: (row: GridRow, index: number) => ReactNode; numeric?: boolean; nowrap?: boolean; minWidth?: number }
> = {
  '#': { cell: (_, i) => i + 1, numeric: true },
  'MB-EVT-ID': { cell: (r) => r.id_bint, numeric: true },
  'Event Name': { cell: (r) => r.name_vch, minWidth: 80 },
  'MB-DS-ID': { cell: (r) => r.dataset_id_bint, numeric: true },
  'MB-ROOT-ID': { cell: (r) => r.rootDataset_bint, numeric: true },
  Type: { cell: (r) => r.type },
  Title: { cell: (r) => r.title_vch, minWidth: 150 },
  Imported: { cell: (r) => <SplitDateTime text={dateOrDash(r.created_dt)} /> },
  Queued: { cell: (r) => <SplitDateTime text={dateOrDash(r.launched_dt)} /> },
  Processed: { cell: (r) => <SplitDateTime text={dateOrDash(r.processed_dt)} /> },
  'Total Messages': { cell: (r) => formatCount(r.totalrecords_int), numeric: true },
  'Voice Count': { cell: (r) => formatCount(r.voicecount_int), numeric: true },
  'SMS Count': { cell: (r) => formatCount(r.smscount_int), numeric: true },
  'e-Mail Count': { cell: (r) => formatCount(r.emailcount_int), numeric: true },
};

/**
 * Downloads the grid of an event (or of one of its campaigns) as CSV with the session's bearer token (a plain link
 * could not send it).
 */
async function downloadCsv(eventId: number, datasetId: number | undefined) {
  notifications.show({ message: TOASTS.downloadInProgress });
  try {
    const path = `/csv/proc_reports_gridTreeEvents/${eventId}`;
    // The file's times as the grid shows them: in the browser's time zone.
    await (datasetId === undefined
      ? apiDownload(withTimeZone(path), `event-${eventId}.csv`)
      : apiDownload(
          withTimeZone(`${path}?datasetId=${datasetId}`),
          `event-${eventId}-campaign-${datasetId}.csv`,
        ));
  } catch (err) {
    notifications.show({ color: 'red', title: 'Download failed', message: (err as Error).message });
  }
}

/**
 * The events grid of document 1 §2: 14 columns, alternating shading, 'Download CSV File'. Memoised: a reload that
 * changed nothing re-renders none of its rows.
 */
export const EventsGrid = memo(function EventsGrid({
  eventId,
  datasetId,
  rows,
}: {
  eventId: number;
  /** The campaign whose rows these are (the CSV holds the same); undefined: the whole event. */
  datasetId?: number;
  rows: readonly GridRow[];
}) {
  return (
    <div data-testid="events-grid">
      <Group justify="space-between" mb={4}>
        <Text size="sm" c="dimmed">
          {rows.length === 1 ? '1 campaign' : `${rows.length} campaigns`}
        </Text>
        {/* A link, as document 1 §2 calls it; a button element underneath, since the download needs the bearer token. */}
        <Anchor
          component="button"
          type="button"
          role="link"
          size="sm"
          onClick={() => downloadCsv(eventId, datasetId)}
        >
          <Group gap={4} wrap="nowrap">
            <IconDownload size={16} />
            {REPORT_TEXTS.downloadCsv}
          </Group>
        </Anchor>
      </Group>
      <WideTable label={TABLE_LABEL}>
        <Table
          aria-label={TABLE_LABEL}
          striped
          highlightOnHover
          withTableBorder
          verticalSpacing={6}
          horizontalSpacing={5}
          fz="xs"
        >
          <Table.Thead>
            <Table.Tr>
              {GRID_COLUMNS.map((c) => (
                <Table.Th
                  key={c}
                  ta={CELLS[c].numeric ? 'right' : undefined}
                  style={{ verticalAlign: 'bottom' }}
                >
                  {c}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={GRID_COLUMNS.length} ta="center" c="dimmed">
                  {REPORT_TEXTS.noData}
                </Table.Td>
              </Table.Tr>
            ) : (
              rows.map((row, i) => (
                <Table.Tr key={row.dataset_id_bint}>
                  {GRID_COLUMNS.map((c) => (
                    <Table.Td
                      key={c}
                      ta={CELLS[c].numeric ? 'right' : undefined}
                      style={{
                        whiteSpace: CELLS[c].nowrap || CELLS[c].numeric ? 'nowrap' : undefined,
                        minWidth: CELLS[c].minWidth,
                        fontVariantNumeric: 'tabular-nums',
                      }}
                    >
                      {CELLS[c].cell(row, i)}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))
            )}
          </Table.Tbody>
        </Table>
      </WideTable>
    </div>
  );
});
