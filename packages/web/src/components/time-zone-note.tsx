import { Group, Text } from '@mantine/core';
import { IconClock } from '@tabler/icons-react';
import { memo } from 'react';
import { timeZoneNote } from '../lib/time-zone.ts';

/**
 * Says once per screen which clock its times are on: the cells keep the specification's bare
 * `YYYY-MM-DD HH:mm:ss`, shown in the browser's zone, and the same row reads 8 hours apart in two offices.
 * Written when the screen is drawn, not again at each keystroke of a form beside it (Intl's zone names are slow).
 */
export const TimeZoneNote = memo(function TimeZoneNote() {
  return (
    // Phrasing content only (spans): the note is also a field's description, which Mantine renders as a <p>.
    <Group component="span" gap={4} wrap="nowrap" data-testid="time-zone-note">
      <IconClock size={14} color="var(--mantine-color-dimmed)" aria-hidden style={{ flexShrink: 0 }} />
      <Text component="span" size="xs" c="dimmed">
        {timeZoneNote()}
      </Text>
    </Group>
  );
});
