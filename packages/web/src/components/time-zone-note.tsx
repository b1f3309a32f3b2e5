import { Group, Text } from '@mantine/core';
import { IconClock } from '@tabler/icons-react';
import { memo, useMemo, useSyncExternalStore } from 'react';
import { watchSteps } from '@/lib/age-clock.ts';
import { timeZoneNote } from '@/lib/time-zone.ts';

/** Every change of a zone's offset (summer time starting or ending) falls on a quarter hour of UTC. */
const QUARTER_HOUR_MS = 15 * 60_000;
const nextQuarterHour = (now: number) => (Math.floor(now / QUARTER_HOUR_MS) + 1) * QUARTER_HOUR_MS;
const subscribe = (listener: () => void) => watchSteps(nextQuarterHour, listener);
/** The browser zone's offset from UTC now, in minutes (cheap: read at each render). */
const currentOffset = () => new Date().getTimezoneOffset();

/**
 * Says once per screen which clock its times are on: the cells keep the specification's bare
 * `YYYY-MM-DD HH:mm:ss`, shown in the browser's zone, and the same row reads 8 hours apart in two offices.
 * Written when the screen is drawn, not again at each keystroke of a form beside it (Intl's zone names are slow),
 * and again when the zone's offset changes: a report left open through the night summer time ends says 'now
 * UTC-08:00' from 01:00 PST on, as its times are then shown.
 */
export const TimeZoneNote = memo(function TimeZoneNote() {
  const offset = useSyncExternalStore(subscribe, currentOffset);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the note is written again when the offset changes.
  const text = useMemo(() => timeZoneNote(), [offset]);
  return (
    // Phrasing content only (spans): the note is also a field's description, which Mantine renders as a <p>.
    <Group component="span" gap={4} wrap="nowrap" data-testid="time-zone-note">
      <IconClock size={14} color="var(--mantine-color-dimmed)" aria-hidden style={{ flexShrink: 0 }} />
      <Text component="span" size="xs" c="dimmed">
        {text}
      </Text>
    </Group>
  );
});
