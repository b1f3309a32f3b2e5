import { Paper, Table, Text } from '@mantine/core';
import { PHASES, REPORT_TEXTS, SUMMARY_ROWS, type SummarySnapshot } from '@psps/contracts';
import { WideTable } from '@/components/wide-table.tsx';
import { dateOrDash } from '@/lib/dates.ts';
import { formatCount } from '../utils/labels.ts';

/** The summary's columns IMPORTED, QUEUED, COMPLETED are its phases (cumulative: imported >= queued >= completed). */
const COLUMNS = PHASES.map((phase) => ({ phase, label: phase.toUpperCase() }));

/**
 * The summary is a 10-minute snapshot while the channel reports are live: it says so, naming where the live counts
 * are (the sections below it on the Campaign Report, the Voice, SMS and e-Mail screens on its own page), so that an
 * operator comparing the two knows which is ahead.
 */
const LIVE_COUNTS = {
  below: 'voice, SMS and e-mail sections below',
  elsewhere: 'Voice, SMS and e-Mail reports',
} as const;
const snapshotBesideLive = (live: LiveCounts) =>
  ` This summary is a snapshot taken every 10 minutes; the ${LIVE_COUNTS[live]} are live, so their counts may be ahead of it.`;

/** Where the live channel counts are, seen from the summary. */
export type LiveCounts = keyof typeof LIVE_COUNTS;

/**
 * A snapshot written after the campaign completed: said, so that an old 'current as of' time reads as a finished
 * campaign, not a stopped feed. Not called final: a status can still change after completion (a late delivery
 * receipt, an e-mail opened days later, messages the engine sends after the campaign's end), and the next
 * 10-minute snapshot takes it in.
 */
const UPDATES_AFTER_COMPLETION =
  'a status that changes after that (a late delivery receipt, an e-mail opened later) shows in the next snapshot.';

function finalSince(insertDt: string | undefined, completedAt: string | null | undefined): boolean {
  return !!insertDt && !!completedAt && Date.parse(insertDt) >= Date.parse(completedAt);
}

function Note({
  insertDt,
  live,
  completedAt,
}: {
  insertDt?: string;
  live: LiveCounts;
  completedAt?: string | null;
}) {
  return (
    <Text size="xs" c="dimmed" mt={6} data-testid="summary-note">
      {REPORT_TEXTS.summaryNote}
      {insertDt && ` ${REPORT_TEXTS.currentAsOf(dateOrDash(insertDt))}`}
      {finalSince(insertDt, completedAt)
        ? ` The campaign completed at ${dateOrDash(completedAt)}; ${UPDATES_AFTER_COMPLETION}`
        : snapshotBesideLive(live)}
    </Text>
  );
}

/**
 * The all-channels summary of one dataset (document 1 §2): rows ALL, VOICE, SMS, E-MAIL by IMPORTED, QUEUED,
 * COMPLETED, from the latest 10-minute snapshot; 'NO DATA AVAILABLE' before the first snapshot.
 */
export function SummaryTable({
  summary,
  live = 'elsewhere',
  completedAt,
}: {
  summary: SummarySnapshot | null;
  /** When the campaign completed (processed_dt), if it has. */
  completedAt?: string | null;
  /** Where the live channel counts are: the sections below (Campaign Report) or the channel screens. */
  live?: LiveCounts;
}) {
  if (!summary) {
    return (
      <div>
        <Paper withBorder p="lg" ta="center" data-testid="summary-no-data" maw={640}>
          <Text fw={600} c="dimmed">
            {REPORT_TEXTS.noData}
          </Text>
        </Paper>
        <Note live={live} />
      </div>
    );
  }
  return (
    <div data-testid="summary-table">
      {/* Cells padded 6 px aside, it fits a 390 px phone whole; narrower, it scrolls inside its box (it pushed the
          whole page sideways: the headers alone are about 300 px wide). */}
      <WideTable label="All channels summary">
        <Table withTableBorder withColumnBorders striped maw={640} fz="sm" horizontalSpacing={6}>
          <Table.Thead>
            <Table.Tr>
              {/* Empty on screen as the specification draws it; a screen reader names the row headers' column. */}
              <Table.Th w="25%" aria-label="Channel" />
              {COLUMNS.map((c) => (
                <Table.Th key={c.phase} ta="right">
                  {c.label}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {SUMMARY_ROWS.map((r) => (
              <Table.Tr key={r.key} fw={r.key === 'ALL' ? 700 : undefined} data-row={r.label}>
                <Table.Th>{r.label}</Table.Th>
                {COLUMNS.map((c) => (
                  <Table.Td key={c.phase} ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                    {formatCount(summary[`${c.phase}${r.key}_bint`])}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </WideTable>
      <Note insertDt={summary.insert_dt} live={live} completedAt={completedAt} />
    </div>
  );
}
