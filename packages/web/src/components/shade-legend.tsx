import { Box, Group, Text } from '@mantine/core';
import { ROW_SHADE_STEPS, ROW_SHADE_UNIT } from '@psps/contracts';
import { rowShadeBackground } from '@/lib/row-shade.ts';

const DAYS_PER_SHADE = ROW_SHADE_UNIT / 86_400;

/** Explains the row colours: strong = updated recently, light = untouched for months. */
export function ShadeLegend() {
  const oldestDays = Math.round((ROW_SHADE_STEPS - 1) * DAYS_PER_SHADE);
  return (
    <Group gap={6} wrap="nowrap" aria-label="Row colour shows the age of the last update">
      <Text size="xs" c="dimmed">
        Row colour: updated recently
      </Text>
      <Group gap={0} wrap="nowrap" aria-hidden>
        {Array.from({ length: ROW_SHADE_STEPS }, (_, shade) => (
          <Box
            // biome-ignore lint/suspicious/noArrayIndexKey: the shades are a fixed scale
            key={shade}
            w={8}
            h={14}
            style={{
              background: rowShadeBackground(shade),
              borderTop: '1px solid var(--mantine-color-default-border)',
              borderBottom: '1px solid var(--mantine-color-default-border)',
            }}
          />
        ))}
      </Group>
      <Text size="xs" c="dimmed">
        {oldestDays}+ days ago
      </Text>
    </Group>
  );
}
