import { Badge, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import {
  CHANNEL_LABELS,
  CHANNEL_REPORT_PATHS,
  type ChannelReportAnswer,
  type ChannelReportKind,
  CUSTOMER_CLASS_LABELS,
} from '@psps/contracts';
import { dateOrDash } from '@/lib/dates.ts';
import { formatCount } from '../utils/labels.ts';
import { StatusPie } from './status-pie.tsx';

/** The stats card of a channel report: channel, total count, launch time, and the campaign's tag title and line. */
export function ChannelStatsCard({
  channel,
  report,
}: {
  channel: ChannelReportKind;
  report: ChannelReportAnswer;
}) {
  const [[total], [header], classes, [tag]] = report;
  return (
    <Card withBorder padding="md" data-testid="stats-card">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="md">
        {/* At least 240 px, or the counts move under it: squeezed beside them, the channel was drawn under the total. */}
        <Stack gap={2} miw={0} style={{ flex: '1 1 240px' }}>
          <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
            Channel
          </Text>
          <Title order={3} data-testid="stats-channel">
            {CHANNEL_LABELS[CHANNEL_REPORT_PATHS[channel]]}
          </Title>
          {tag?.tag_title_vch && (
            <Text fw={600} size="sm" data-testid="stats-tag-title">
              {tag.tag_title_vch}
            </Text>
          )}
          {tag?.tag_line_vch && (
            <Text size="sm" c="dimmed" data-testid="stats-tag-line">
              {tag.tag_line_vch}
            </Text>
          )}
          {header?.title_vch && (
            <Text size="xs" c="dimmed">
              {header.title_vch}
            </Text>
          )}
        </Stack>
        <SimpleGrid cols={2} spacing="xl">
          <Stack gap={0}>
            <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
              Total count
            </Text>
            <Text fz={28} fw={700} data-testid="stats-total" style={{ fontVariantNumeric: 'tabular-nums' }}>
              {formatCount(total?.TOTAL_COUNT ?? 0)}
            </Text>
          </Stack>
          <Stack gap={0}>
            <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
              Launch time
            </Text>
            <Text
              fz="md"
              fw={600}
              mt={8}
              style={{ fontVariantNumeric: 'tabular-nums' }}
              data-testid="stats-launched"
            >
              {dateOrDash(header?.launched_dt)}
            </Text>
          </Stack>
        </SimpleGrid>
      </Group>
      {classes.length > 0 && (
        <Group gap="xs" mt="sm" data-testid="stats-classes">
          {classes.map((c) => (
            <Badge key={c.customer_class} variant="light" color="gray" tt="none">
              {CUSTOMER_CLASS_LABELS[c.customer_class]}: {formatCount(c.COUNT)}
            </Badge>
          ))}
        </Group>
      )}
    </Card>
  );
}

/** A channel section: the stats card, then the pie of delivery statuses. */
export function ChannelReportView({
  channel,
  report,
}: {
  channel: ChannelReportKind;
  report: ChannelReportAnswer;
}) {
  return (
    <Stack gap="md" data-testid={`channel-report-${channel}`}>
      <ChannelStatsCard channel={channel} report={report} />
      <Card withBorder padding="md">
        <Text fw={600} size="sm" mb="xs">
          Delivery status
        </Text>
        <StatusPie channel={channel} rows={report[4]} />
      </Card>
    </Stack>
  );
}
