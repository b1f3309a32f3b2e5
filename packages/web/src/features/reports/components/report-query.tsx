import { Alert, Group, Loader, Text } from '@mantine/core';
import { formatDateTime } from '@psps/contracts';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { ApiError } from '@/lib/api.ts';

/** When data was fetched, in the date format of every screen (document 1 §5: YYYY-MM-DD HH:mm:ss). */
const time = (ms: number) => formatDateTime(new Date(ms));

/**
 * Tells the operator that a report could not be loaded, with the server's message. When an earlier answer
 * exists it stays on screen and the line says how old it is, so a failed reload never blanks a live report.
 * Only a server failure is said to be retried: a refusal (4xx) stays until something changes, and the message of
 * an unreachable server says so itself.
 */
export function LoadProblem({ query, what }: { query: UseQueryResult<unknown>; what: string }) {
  if (!query.isError) return null;
  const stale = query.data !== undefined && query.dataUpdatedAt > 0;
  const error = query.error;
  const retried = !(error instanceof ApiError) || error.status >= 500;
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconAlertTriangle size={18} />}
      p="xs"
      data-testid="load-problem"
      title={stale ? `The ${what} could not be reloaded` : `The ${what} could not be loaded`}
    >
      {error.message}
      {stale && ` Showing the data of ${time(query.dataUpdatedAt)}.`}
      {retried && ' The page retries by itself.'}
    </Alert>
  );
}

/** When the data on screen was fetched, and a spinner while it reloads. */
export function Freshness({ query }: { query: UseQueryResult<unknown> }) {
  if (!query.dataUpdatedAt) return null;
  return (
    <Group gap={6} wrap="nowrap" data-testid="freshness">
      <Text size="xs" c="dimmed">
        Loaded {time(query.dataUpdatedAt)}
      </Text>
      {query.isFetching && <Loader size={12} />}
    </Group>
  );
}
