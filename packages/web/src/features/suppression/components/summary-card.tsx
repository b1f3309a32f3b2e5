import { ActionIcon, Alert, Button, Card, Group, Loader, Table, Text, Tooltip } from '@mantine/core';
import {
  SUPPRESSION_SUMMARY_COLUMNS,
  SUPPRESSION_SUMMARY_PAGE_BUTTONS,
  SUPPRESSION_SUMMARY_PAGE_SIZE,
  SUPPRESSION_TEXTS,
  type SuppressionSummaryRow,
  type SuppressionType,
} from '@psps/contracts';
import { IconDownload, IconTrash } from '@tabler/icons-react';
import { useEffect } from 'react';
import { BusyActionIcon } from '@/components/busy-action-icon.tsx';
import { PageNav } from '@/components/page-nav.tsx';
import { WideTable } from '@/components/wide-table.tsx';
import { grouped } from '@/lib/numbers.ts';
import { pageCount } from '@/lib/page-window.ts';
import { downloadKey } from '../api/download-suppressions.ts';
import { useSuppressionSummary } from '../api/get-summary.ts';

type Props = {
  page: number;
  onPageChange: (page: number) => void;
  onDelete: (row: SuppressionSummaryRow) => void;
  onDownload: (groupName: string, type: SuppressionType) => void;
  /** Groups whose download is under way. */
  downloading: ReadonlySet<string>;
};

const [GROUP, TYPE, VALID_COUNT, DELETE, DOWNLOAD] = SUPPRESSION_SUMMARY_COLUMNS;

/** The valid count of each group and type, 5 a page (document 2 §2.8). */
export function SummaryCard({ page, onPageChange, onDelete, onDownload, downloading }: Props) {
  const summary = useSuppressionSummary(page);
  const total = summary.data?.rows ?? 0;
  const pages = pageCount(total, SUPPRESSION_SUMMARY_PAGE_SIZE);

  // A page that no longer exists (the last group of it was deleted) falls back to page 1.
  useEffect(() => {
    if (summary.data && !summary.isPlaceholderData && page > pages) onPageChange(1);
  }, [summary.data, summary.isPlaceholderData, page, pages, onPageChange]);

  let body: React.ReactNode;
  if (summary.isPending) {
    body = (
      <Table.Tr>
        <Table.Td colSpan={5}>
          <Group justify="center" py="lg">
            <Loader size="sm" aria-label="Loading the suppression summary" />
          </Group>
        </Table.Td>
      </Table.Tr>
    );
  } else if (summary.isError && !summary.data) {
    body = (
      <Table.Tr>
        <Table.Td colSpan={5}>
          <Alert color="red" variant="light" title="The summary could not be loaded">
            <Group justify="space-between" wrap="wrap" gap="xs">
              <Text size="sm">{summary.error.message}</Text>
              <Button size="xs" variant="default" onClick={() => summary.refetch()}>
                Retry
              </Button>
            </Group>
          </Alert>
        </Table.Td>
      </Table.Tr>
    );
  } else if (summary.data.data.length === 0) {
    body = (
      <Table.Tr>
        <Table.Td colSpan={5}>
          <Text c="dimmed" ta="center" py="md">
            {SUPPRESSION_TEXTS.noData}
          </Text>
        </Table.Td>
      </Table.Tr>
    );
  } else {
    body = summary.data.data.map((row) => (
      <Table.Tr key={`${row.group_vch}\u0000${row.supress_type}`}>
        {/* Whole words on a phone too ('Medical exemptions', not 'Medic al exemp tions'): the table scrolls instead. */}
        <Table.Td miw={120} style={{ overflowWrap: 'break-word' }}>
          {row.group_vch}
        </Table.Td>
        <Table.Td>{row.supress_type}</Table.Td>
        <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
          {grouped(row.valid_count)}
        </Table.Td>
        <Table.Td ta="center">
          <Tooltip label={`Delete every ${row.supress_type} value of ${row.group_vch}`}>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={`Delete ${row.group_vch} ${row.supress_type}`}
              onClick={() => onDelete(row)}
            >
              <IconTrash size={18} />
            </ActionIcon>
          </Tooltip>
        </Table.Td>
        <Table.Td ta="center">
          <Tooltip label={`Download the active ${row.supress_type} values of ${row.group_vch}`}>
            <BusyActionIcon
              variant="subtle"
              aria-label={`Download ${row.group_vch} ${row.supress_type}`}
              busy={downloading.has(downloadKey(row.group_vch, row.supress_type))}
              onClick={() => onDownload(row.group_vch, row.supress_type)}
            >
              <IconDownload size={18} />
            </BusyActionIcon>
          </Tooltip>
        </Table.Td>
      </Table.Tr>
    ));
  }

  const first = (page - 1) * SUPPRESSION_SUMMARY_PAGE_SIZE + 1;
  const last = Math.min(page * SUPPRESSION_SUMMARY_PAGE_SIZE, total);
  return (
    <Card withBorder padding="md" radius="md" data-testid="suppression-summary">
      <WideTable label="Suppression summary">
        <Table
          verticalSpacing="xs"
          striped
          highlightOnHover
          aria-label="Suppression summary"
          aria-busy={summary.isFetching}
          style={{ opacity: summary.isPlaceholderData ? 0.6 : 1, transition: 'opacity 120ms' }}
        >
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{GROUP}</Table.Th>
              <Table.Th w={110}>{TYPE}</Table.Th>
              <Table.Th w={130} ta="right">
                {VALID_COUNT}
              </Table.Th>
              <Table.Th w={80} ta="center">
                {DELETE}
              </Table.Th>
              <Table.Th w={90} ta="center">
                {DOWNLOAD}
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>{body}</Table.Tbody>
        </Table>
      </WideTable>
      {total > 0 && (
        <Group justify="space-between" mt="sm" gap="xs">
          <Text size="sm" c="dimmed" data-testid="summary-range">
            {grouped(first)}–{grouped(last)} of {grouped(total)} groups and types
          </Text>
          {/* Document 2 §2.8 gives the summary its small pagination, shown on one page too (as the results' is). */}
          <PageNav
            label="Summary pages"
            page={page}
            pages={pages}
            maxButtons={SUPPRESSION_SUMMARY_PAGE_BUTTONS}
            size="xs"
            onChange={onPageChange}
          />
        </Group>
      )}
    </Card>
  );
}
