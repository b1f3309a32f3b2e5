import { Group, Paper, ScrollArea, SimpleGrid, Table, Text } from '@mantine/core';
import {
  formatSuppressionDate,
  type SuppressionFullUploadPreview,
  type SuppressionUploadError,
  type SuppressionUploadHeader,
} from '@psps/contracts';
import type { ReactNode } from 'react';
import { grouped } from '@/lib/numbers.ts';

export type Count = { label: string; value: number; color?: string; hint?: string };

/** A row of labelled counts (inserted, duplicates, rejected; or added, removed, unchanged). */
export function Counts({ counts }: { counts: Count[] }) {
  return (
    <SimpleGrid cols={{ base: 2, xs: counts.length > 3 ? 3 : counts.length }} spacing="xs">
      {counts.map((c) => (
        <Paper key={c.label} withBorder p="xs" radius="sm" data-testid={`count-${c.label}`}>
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            {c.label}
          </Text>
          <Text
            fz="xl"
            fw={700}
            c={c.value > 0 ? c.color : undefined}
            style={{ fontVariantNumeric: 'tabular-nums' }}
          >
            {grouped(c.value)}
          </Text>
          {c.hint && (
            <Text size="xs" c="dimmed">
              {c.hint}
            </Text>
          )}
        </Paper>
      ))}
    </SimpleGrid>
  );
}

/**
 * Line 1 read as the file's header: said, so that the operator knows it was not taken for a value (nor counted as a
 * rejected one), and which type a header word gave the values.
 */
export function HeaderNote({ header }: { header: SuppressionUploadHeader | undefined }) {
  if (header === undefined) return null;
  return (
    <Text size="sm" data-testid="upload-header">
      Line 1, "{header.text}", is the header, not a value
      {header.type === undefined ? '.' : `: values without a type of their own are read as ${header.type}.`}
    </Text>
  );
}

/**
 * The file's values whose start date is still to come: counted as added, but suppressed only from then, and shown
 * by the lists, search, summary and download (active values) only then. Said, so that they are not looked for.
 */
export function StartsLaterNote({ count, first }: { count: number | undefined; first: string | undefined }) {
  if (!count || first === undefined) return null;
  return (
    <Text size="sm" data-testid="upload-starts-later">
      {count === 1
        ? `1 value of the file starts later, on ${formatSuppressionDate(new Date(first))}: it is suppressed from then, and shown in the lists once it starts.`
        : `${grouped(count)} values of the file start later, the first on ${formatSuppressionDate(new Date(first))}: each is suppressed from its start, and shown in the lists once it starts.`}
    </Text>
  );
}

/** The first rejected lines of a file, with the reason of each. */
export function LineErrors({ errors, rejected }: { errors: SuppressionUploadError[]; rejected: number }) {
  return (
    <FirstRows
      title="Rejected lines"
      total={rejected}
      head={['Line', 'Reason']}
      rows={errors.map((e) => ({
        key: String(e.line),
        cells: [
          <span key="line" style={{ fontVariantNumeric: 'tabular-nums' }}>
            {grouped(e.line)}
          </span>,
          e.reason,
        ],
      }))}
    />
  );
}

/** The first values a full upload would stop suppressing, so that the operator sees what the count means. */
export function RemovedValues({
  values,
  removed,
}: {
  values: SuppressionFullUploadPreview['removedValues'];
  removed: number;
}) {
  return (
    <FirstRows
      title="Values that would stop being suppressed"
      total={removed}
      head={['Type', 'Value']}
      rows={values.map((v) => ({
        key: `${v.type} ${v.value}`,
        cells: [
          v.type,
          <span key="value" style={{ wordBreak: 'break-all' }}>
            {v.value}
          </span>,
        ],
      }))}
    />
  );
}

/** A titled two-column table of the first rows of `total` (saying so when there are more), scrolling when long. */
function FirstRows({
  title,
  total,
  head,
  rows,
}: {
  title: string;
  total: number;
  head: [string, string];
  rows: { key: string; cells: [ReactNode, ReactNode] }[];
}) {
  if (rows.length === 0) return null;
  return (
    <div>
      <Group justify="space-between" mb={4}>
        <Text size="sm" fw={600}>
          {title}
        </Text>
        {total > rows.length && (
          <Text size="xs" c="dimmed">
            the first {grouped(rows.length)} of {grouped(total)}
          </Text>
        )}
      </Group>
      <ScrollArea.Autosize mah={180} type="auto">
        <Table withTableBorder striped verticalSpacing={4} fz="sm" aria-label={title}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={100}>{head[0]}</Table.Th>
              <Table.Th>{head[1]}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.key}>
                <Table.Td>{row.cells[0]}</Table.Td>
                <Table.Td>{row.cells[1]}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea.Autosize>
    </div>
  );
}
