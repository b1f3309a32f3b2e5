import { Group, Skeleton, Stack, Title } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Freshness, LoadProblem } from './report-query.tsx';

/**
 * A titled report area bound to one query: a skeleton while the first answer loads, the server's message when
 * loading fails (above the last good data, which stays), and when the data on screen was loaded.
 */
export function ReportSection<T>({
  title,
  what,
  query,
  skeletonHeight = 160,
  testId,
  children,
}: {
  title?: ReactNode;
  what: string;
  query: UseQueryResult<T>;
  skeletonHeight?: number;
  testId?: string;
  children: (data: T) => ReactNode;
}) {
  return (
    <Stack gap="xs" data-testid={testId}>
      {(title || query.data !== undefined) && (
        <Group justify="space-between" align="baseline" wrap="nowrap" gap="sm">
          {title ? (
            <Title order={3} fz="md" style={{ minWidth: 0 }}>
              {title}
            </Title>
          ) : (
            <span />
          )}
          <Freshness query={query} />
        </Group>
      )}
      <LoadProblem query={query} what={what} />
      {query.data !== undefined
        ? children(query.data)
        : query.isPending && <Skeleton height={skeletonHeight} radius="sm" data-testid="report-skeleton" />}
    </Stack>
  );
}
