import { Box, ColorSwatch, Flex, Group, Stack, Text } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import {
  CHANNEL_LABELS,
  CHANNEL_REPORT_PATHS,
  type ChannelReportKind,
  type MessageStatus,
} from '@psps/contracts';
import { Cell, Pie, PieChart, type PieLabelRenderProps, ResponsiveContainer, Tooltip } from 'recharts';
import { formatCount } from '../utils/labels.ts';
import { type PieSlice, pieSlices } from '../utils/pie.ts';
import { fitPieLabels, placeLabels } from '../utils/pie-labels.ts';

/**
 * One colour per status, chosen by meaning: greens for reached, blue for in progress, warm colours for
 * retryable outcomes, red for failures, grey for not yet sent. Within each channel the colours are distinct,
 * and a status keeps its colour on every screen and at every reload.
 */
export const STATUS_COLORS: Readonly<Record<MessageStatus, string>> = {
  PENDING: '#adb5bd',
  QUEUED: '#4dabf7',
  DEFERRED: '#fab005',
  ANSWERED: '#2f9e44',
  DELIVERED: '#2f9e44',
  OPENED: '#0c8599',
  MACHINE: '#0c8599',
  NO_ANSWER: '#fab005',
  BUSY: '#f76707',
  UNDELIVERED: '#f76707',
  FAILED: '#e03131',
  BOUNCED: '#e03131',
  INVALID_NUMBER: '#862e9c',
};

export function statusColor(status: string): string {
  return (STATUS_COLORS as Readonly<Record<string, string>>)[status] ?? '#868e96';
}

/**
 * Slice labels with leader lines, laid out together so that thin neighbouring slices do not overlap; `whole`: status
 * and share, else the share alone (a narrow screen, see fitPieLabels).
 */
function sliceLabel(slices: readonly PieSlice[], whole: boolean) {
  return function SliceLabel(props: PieLabelRenderProps) {
    const index = slices.findIndex((s) => s.status === (props.payload as PieSlice).status);
    const placements = placeLabels(
      slices.map((s) => s.share),
      slices.map((s) => s.labelled),
      { cx: Number(props.cx), cy: Number(props.cy), r: Number(props.outerRadius) },
    );
    const place = placements[index];
    const slice = slices[index];
    if (!place || !slice) return null;
    return (
      <g data-testid="pie-label">
        <polyline points={place.points.map((p) => p.join(',')).join(' ')} fill="none" stroke="#868e96" />
        <text
          x={place.x}
          y={place.y}
          dominantBaseline="central"
          textAnchor={place.anchor}
          fontSize={11}
          fill="#343a40"
        >
          {whole ? `${slice.label} ${slice.shown}` : slice.shown}
        </text>
      </g>
    );
  };
}

/** The pie's accessible name: 'SMS delivery status: Delivered 60.0%, Undelivered 30.0%, Failed 10.0%'. */
function pieName(channel: ChannelReportKind, slices: readonly PieSlice[]): string {
  const shares = slices.map((s) => `${s.label} ${s.shown}`).join(', ');
  return `${CHANNEL_LABELS[CHANNEL_REPORT_PATHS[channel]]} delivery status: ${shares}`;
}

/**
 * Delivery statuses of one channel as a pie with a legend of status and percentage (document 1 §2). The voice
 * pie labels every slice; SMS and e-mail only slices of 20% or more.
 */
export function StatusPie({
  channel,
  rows,
}: {
  channel: ChannelReportKind;
  rows: readonly { STATUS: string; COUNT: number }[];
}) {
  const slices = pieSlices(rows, channel);
  const chart = useElementSize();
  const labelled = slices.filter((s) => s.labelled);
  const fit = fitPieLabels(
    chart.width,
    labelled.map((s) => `${s.label} ${s.shown}`),
    labelled.map((s) => s.shown),
  );
  // Every message has a status (PENDING until the engine takes it): no slice means no message on this channel.
  if (slices.length === 0) {
    return (
      <Text c="dimmed" size="sm" data-testid="pie-empty">
        This campaign has no {CHANNEL_LABELS[CHANNEL_REPORT_PATHS[channel]]} messages.
      </Text>
    );
  }
  return (
    <Flex wrap="wrap" gap="md" align="center" data-testid="status-pie">
      <Box ref={chart.ref} h={280} miw={0} style={{ flex: '1 1 520px' }}>
        <ResponsiveContainer width="100%" height="100%">
          {/* One picture named with what it shows, for screen readers; not the chart library's keyboard layer
              (an unnamed 'application' and a second unnamed Tab stop): the legend beside it is the text. */}
          <PieChart
            margin={{ top: 8, right: 8, bottom: 8, left: 8 }}
            accessibilityLayer={false}
            role="img"
            title={pieName(channel, slices)}
          >
            <Pie
              rootTabIndex={-1}
              data={slices}
              dataKey="count"
              nameKey="status"
              outerRadius={fit.radius}
              label={sliceLabel(slices, fit.full)}
              labelLine={false}
              isAnimationActive={false}
              startAngle={90}
              endAngle={-270}
              stroke="#fff"
            >
              {slices.map((s) => (
                <Cell key={s.status} fill={statusColor(s.status)} />
              ))}
            </Pie>
            <Tooltip
              formatter={(value, _name, item) => [
                `${formatCount(Number(value))} (${(item.payload as PieSlice).shown})`,
                (item.payload as PieSlice).label,
              ]}
            />
          </PieChart>
        </ResponsiveContainer>
      </Box>
      <Stack
        gap={4}
        justify="center"
        data-testid="pie-legend"
        role="list"
        aria-label="Statuses"
        style={{ flex: '0 1 360px' }}
      >
        {slices.map((s) => (
          <Group key={s.status} gap="xs" wrap="nowrap" role="listitem" data-testid="legend-item">
            <ColorSwatch color={statusColor(s.status)} size={12} radius="xs" />
            <Text size="sm" style={{ flex: 1 }} truncate>
              {s.label}
            </Text>
            <Text size="sm" fw={600} w={56} ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
              {s.shown}
            </Text>
            <Text size="xs" c="dimmed" w={72} ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
              {formatCount(s.count)}
            </Text>
          </Group>
        ))}
      </Stack>
    </Flex>
  );
}
