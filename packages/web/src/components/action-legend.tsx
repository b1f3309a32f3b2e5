import { Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './action-legend.module.css';

/**
 * The icons of a table's row actions named in words, shown on a touch screen only: there, an icon's tooltip
 * never shows before a tap, and the tap already acts (launches a report, sends a file to the utility). Hidden from
 * screen readers, which read each button's own name.
 */
export function ActionLegend({
  items,
  testId,
}: {
  items: readonly { icon: ReactNode; label: string }[];
  testId?: string;
}) {
  return (
    <div className={classes.legend} aria-hidden data-testid={testId}>
      <Group gap="xs">
        <Text size="xs" c="dimmed">
          Actions:
        </Text>
        {items.map(({ icon, label }) => (
          <Group key={label} gap={4} wrap="nowrap" c="dimmed">
            {icon}
            <Text size="xs">{label}</Text>
          </Group>
        ))}
      </Group>
    </div>
  );
}
