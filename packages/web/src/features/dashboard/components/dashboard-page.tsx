import { Alert, Card, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { DASHBOARD_CARD_CAPTION, DASHBOARD_CARDS, type DashboardAnswer } from '@psps/contracts';
import { IconAlertTriangle } from '@tabler/icons-react';
import { ScreenHeading } from '@/components/screen-heading.tsx';
import { grouped } from '@/lib/numbers.ts';
import { Can } from '@/lib/permissions.tsx';
import { todayCaption } from '@/lib/time-zone.ts';
import { useDashboard } from '../api/get-dashboard.ts';

function StatCard({
  label,
  value,
  loading,
  caption,
}: {
  label: string;
  value: number | undefined;
  loading: boolean;
  caption: string;
}) {
  return (
    <Card withBorder padding="lg" radius="md" data-testid={`stat-${label}`}>
      <Text size="sm" c="dimmed" fw={600}>
        {label}
      </Text>
      {loading ? (
        <Skeleton height={40} my={4} width="60%" />
      ) : (
        <Text fz={32} fw={700} style={{ fontVariantNumeric: 'tabular-nums' }} data-testid="stat-value">
          {value === undefined ? '–' : grouped(value)}
        </Text>
      )}
      <Text size="xs" c="dimmed" data-testid="stat-day">
        {caption}
      </Text>
    </Card>
  );
}

/**
 * Dashboard: Messages, Voice, SMS and e-Mail cards, each labelled Today, with the messages created today
 * (GET /api/v1/dashboard). The Messages card needs OBJECT_ONE; otherwise its place stays blank. 'Today' says which
 * day and zone the server counted ('Today, Sat 21 Nov (Pacific Time)'): the operator's, sent as `tz`.
 */
export function DashboardPage() {
  const query = useDashboard();
  const caption = query.data
    ? todayCaption(DASHBOARD_CARD_CAPTION, query.data.day, query.data.timeZone)
    : DASHBOARD_CARD_CAPTION;
  return (
    <Stack gap="md">
      <ScreenHeading screen="dashboard" />
      {query.isError && (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertTriangle size={18} />}
          p="xs"
          data-testid="load-problem"
        >
          Today's counts could not be {query.data ? 'reloaded' : 'loaded'}: {query.error.message}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
        {DASHBOARD_CARDS.map((card) => {
          const stat = (
            <StatCard
              key={card.key}
              label={card.label}
              value={query.data?.[card.key as keyof Omit<DashboardAnswer, 'day' | 'timeZone'>] ?? undefined}
              loading={query.isPending}
              caption={caption}
            />
          );
          return card.permission ? (
            <Can key={card.key} permission={card.permission} otherwise={<div data-testid="stat-blank" />}>
              {stat}
            </Can>
          ) : (
            stat
          );
        })}
      </SimpleGrid>
    </Stack>
  );
}
