import { Box, ColorSwatch, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { Cell, Pie, PieChart, type PieLabelRenderProps, ResponsiveContainer, Tooltip } from 'recharts';
import { formatCount } from '../utils/labels.ts';
import { formatShare, type PieSlice, type ReportChannel, pieSlices } from '../utils/pie.ts';

/** Distinct, colour-blind-friendly hues (Okabe–Ito first), by status name so a status keeps its colour. */
const PALETTE = [
  '#0072B2',
  '#E69F00',
  '#009E73',
  '#D55E00',
  '#CC79A7',
  '#56B4E9',
  '#F0E442',
  '#999999',
  '#7B3294',
  '#1B7837',
  '#8C510A',
  '#2166AC',
];

export function statusColors(statuses: readonly string[]): Map<string, string> {
  const sorted = [...new Set(statuses)].sort();
  return new Map(sorted.map((s, i) => [s, PALETTE[i % PALETTE.length] as string]));
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
        {slice.status} {formatShare(slice.share)}
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
  channel: ReportChannel;
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
  const colors = statusColors(slices.map((s) => s.status));
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
                <Cell key={s.status} fill={colors.get(s.status)} />
              ))}
            </Pie>
            <Tooltip
              formatter={(value, _name, item) => [
                `${formatCount(Number(value))} (${formatShare((item.payload as PieSlice).share)})`,
                (item.payload as PieSlice).status,
              ]}
            />
          </PieChart>
        </ResponsiveContainer>
      </Box>
      <Stack gap={4} justify="center" data-testid="pie-legend" role="list" aria-label="Statuses">
        {slices.map((s) => (
          <Group key={s.status} gap="xs" wrap="nowrap" role="listitem" data-testid="legend-item">
            <ColorSwatch color={colors.get(s.status) ?? '#999'} size={12} radius="xs" />
            <Text size="sm" style={{ flex: 1 }} truncate>
              {s.status}
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
