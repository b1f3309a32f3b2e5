import { Paper, Table, Text } from '@mantine/core';
import { REPORT_TEXTS, SUMMARY_COLUMNS, SUMMARY_ROWS } from '@psps/contracts';
import type { Summary } from '../api/types.ts';
import { dateOrDash, formatCount } from '../utils/labels.ts';

/**
 * The all-channels summary of one dataset (document 1 §2): rows ALL, VOICE, SMS, E-MAIL by IMPORTED, QUEUED,
 * COMPLETED, from the latest 10-minute snapshot; 'NO DATA AVAILABLE' before the first snapshot.
 */
export function SummaryTable({ summary }: { summary: Summary | undefined }) {
  if (!summary) {
    return (
      <Paper withBorder p="lg" ta="center" data-testid="summary-no-data" maw={640}>
        <Text fw={600} c="dimmed">
          {REPORT_TEXTS.noData}
        </Text>
      </Paper>
    );
  }
  return (
    <div data-testid="summary-table">
      <Table withTableBorder withColumnBorders striped maw={640} fz="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th />
            {SUMMARY_COLUMNS.map((c) => (
              <Table.Th key={c.key} ta="right">
                {c.label}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {SUMMARY_ROWS.map((r) => (
            <Table.Tr key={r.key} fw={r.key === 'ALL' ? 700 : undefined}>
              <Table.Th>{r.label}</Table.Th>
              {SUMMARY_COLUMNS.map((c) => (
                <Table.Td key={c.key} ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                  {formatCount(summary[`${c.key}${r.key}_bint`] as number | null)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Text size="xs" c="dimmed" mt={6} data-testid="summary-note">
        {REPORT_TEXTS.summaryNote} {REPORT_TEXTS.currentAsOf} {dateOrDash(summary.insert_dt)}
      </Text>
    </div>
  );
}
