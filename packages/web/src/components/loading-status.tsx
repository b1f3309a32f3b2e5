import { Group, Loader, Text } from '@mantine/core';
import type { Ref } from 'react';

/**
 * What is shown while a part of the console's code is fetched (a screen, the template editor): a spinner with its
 * words, as a status region, so that a screen reader says it too.
 */
export function LoadingStatus({ label, ref }: { label: string; ref?: Ref<HTMLDivElement> }) {
  return (
    <Group ref={ref} justify="center" p="xl" gap="sm" role="status" data-testid="loading-status">
      <Loader size="sm" aria-hidden />
      <Text c="dimmed" size="sm">
        {label}
      </Text>
    </Group>
  );
}
