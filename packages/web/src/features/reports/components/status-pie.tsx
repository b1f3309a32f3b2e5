import { Box, ColorSwatch, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ChannelReportKind, MessageStatus } from '@psps/contracts';
import { Cell, Pie, PieChart, type PieLabelRenderProps, ResponsiveContainer, Tooltip } from 'recharts';
import { formatCount } from '../utils/labels.ts';
import { formatShare, type PieSlice, pieSlices } from '../utils/pie.ts';

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

const RAD = Math.PI / 180;

/** A label outside its slice with a short leader line; drawn only for slices the labelling rule allows. */
function SliceLabel(props: PieLabelRenderProps) {
  const slice = props.payload as PieSlice;
  if (!slice.labelled) return null;
  const cx = Number(props.cx);
  const cy = Number(props.cy);
  const r = Number(props.outerRadius);
  const angle = -(props.midAngle ?? 0) * RAD;
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  const [x1, y1] = [cx + r * cos, cy + r * sin];
  const [x2, y2] = [cx + (r + 12) * cos, cy + (r + 12) * sin];
  const x3 = x2 + (cos >= 0 ? 8 : -8);
  return (
    <g data-testid="pie-label">
      <polyline points={`${x1},${y1} ${x2},${y2} ${x3},${y2}`} fill="none" stroke="#868e96" />
      <text
        x={x3 + (cos >= 0 ? 3 : -3)}
        y={y2}
        dominantBaseline="central"
        textAnchor={cos >= 0 ? 'start' : 'end'}
        fontSize={11}
        fill="#343a40"
      >
        {slice.label} {formatShare(slice.share)}
      </text>
    </g>
  );
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
  if (slices.length === 0) {
    return (
      <Text c="dimmed" size="sm" data-testid="pie-empty">
        No message of this campaign has a status yet.
      </Text>
    );
  }
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" data-testid="status-pie">
      <Box h={300} miw={0}>
        <ResponsiveContainer width="100%" height="100%">
          <PieChart margin={{ top: 8, right: 8, bottom: 8, left: 8 }}>
            <Pie
              data={slices}
              dataKey="count"
              nameKey="status"
              outerRadius="62%"
              label={SliceLabel}
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
                `${formatCount(Number(value))} (${formatShare((item.payload as PieSlice).share)})`,
                (item.payload as PieSlice).label,
              ]}
            />
          </PieChart>
        </ResponsiveContainer>
      </Box>
      <Stack gap={4} justify="center" data-testid="pie-legend" role="list" aria-label="Statuses">
        {slices.map((s) => (
          <Group key={s.status} gap="xs" wrap="nowrap" role="listitem" data-testid="legend-item">
            <ColorSwatch color={statusColor(s.status)} size={12} radius="xs" />
            <Text size="sm" style={{ flex: 1 }} truncate>
              {s.label}
            </Text>
            <Text size="sm" fw={600} w={56} ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
              {formatShare(s.share)}
            </Text>
            <Text size="xs" c="dimmed" w={72} ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
              {formatCount(s.count)}
            </Text>
          </Group>
        ))}
      </Stack>
    </SimpleGrid>
  );
}
