import { Card, SimpleGrid, Text } from '@mantine/core';
import { Can } from '../../../lib/permissions.tsx';

type Stat = { label: string; value: number | undefined };

function StatCard({ label, value }: Stat) {
  return (
    <Card withBorder padding="lg" radius="md" data-testid={`stat-${label}`}>
      <Text size="sm" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <Text fz={32} fw={700}>
        {value === undefined ? '–' : value.toLocaleString()}
      </Text>
      <Text size="xs" c="dimmed">
        Today
      </Text>
    </Card>
  );
}

/**
 * Dashboard: Messages, Voice, SMS and e-Mail cards, each labelled Today. The Messages card needs
 * OBJECT_ONE; otherwise its place stays blank.
 */
export function DashboardPage({
  counts,
}: {
  counts?: { all?: number; voice?: number; sms?: number; email?: number };
}) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
      <Can permission="OBJECT_ONE" otherwise={<div data-testid="stat-blank" />}>
        <StatCard label="Messages" value={counts?.all} />
      </Can>
      <StatCard label="Voice" value={counts?.voice} />
      <StatCard label="SMS" value={counts?.sms} />
      <StatCard label="e-Mail" value={counts?.email} />
    </SimpleGrid>
  );
}
