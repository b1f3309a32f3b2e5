import { Paper, Table, Text } from '@mantine/core';
import { PHASES, REPORT_TEXTS, SUMMARY_ROWS, type SummarySnapshot } from '@psps/contracts';
import { dateOrDash, formatCount } from '../utils/labels.ts';

/** The summary's columns IMPORTED, QUEUED, COMPLETED are its phases (cumulative: imported >= queued >= completed). */
const COLUMNS = PHASES.map((phase) => ({ phase, label: phase.toUpperCase() }));

function Note({ insertDt }: { insertDt?: string }) {
  return (
    <Text size="xs" c="dimmed" mt={6} data-testid="summary-note">
      {REPORT_TEXTS.summaryNote}
      {insertDt && ` Current as of ${dateOrDash(insertDt)}.`}
    </Text>
  );
}

/**
 * The all-channels summary of one dataset (document 1 §2): rows ALL, VOICE, SMS, E-MAIL by IMPORTED, QUEUED,
 * COMPLETED, from the latest 10-minute snapshot; 'NO DATA AVAILABLE' before the first snapshot.
 */
export function SummaryTable({ summary }: { summary: SummarySnapshot | null }) {
  if (!summary) {
    return (
      <div>
        <Paper withBorder p="lg" ta="center" data-testid="summary-no-data" maw={640}>
          <Text fw={600} c="dimmed">
            {REPORT_TEXTS.noData}
          </Text>
        </Paper>
        <Note />
      </div>
    );
  }
  return (
    <div data-testid="summary-table">
      <Table withTableBorder withColumnBorders striped maw={640} fz="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w="25%" />
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
      <Note insertDt={summary.insert_dt} />
    </div>
  );
}
