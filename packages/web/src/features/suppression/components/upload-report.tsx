import { Group, Paper, ScrollArea, SimpleGrid, Table, Text } from '@mantine/core';
import type { SuppressionUploadError } from '@psps/contracts';

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
            {c.value.toLocaleString()}
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

/** The first rejected lines of a file, with the reason of each. */
export function LineErrors({ errors, rejected }: { errors: SuppressionUploadError[]; rejected: number }) {
  if (errors.length === 0) return null;
  return (
    <div>
      <Group justify="space-between" mb={4}>
        <Text size="sm" fw={600}>
          Rejected lines
        </Text>
        {rejected > errors.length && (
          <Text size="xs" c="dimmed">
            the first {errors.length.toLocaleString()} of {rejected.toLocaleString()}
          </Text>
        )}
      </Group>
      <ScrollArea.Autosize mah={180} type="auto">
        <Table withTableBorder striped verticalSpacing={4} fz="sm" aria-label="Rejected lines">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={80}>Line</Table.Th>
              <Table.Th>Reason</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {errors.map((e) => (
              <Table.Tr key={e.line}>
                <Table.Td style={{ fontVariantNumeric: 'tabular-nums' }}>{e.line.toLocaleString()}</Table.Td>
                <Table.Td>{e.reason}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea.Autosize>
    </div>
  );
}
