import { Alert, Button, Center, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import { useRouteError } from 'react-router';
import { reloadPage } from '@/lib/reload-page.ts';

export const ROUTE_ERROR_TEXTS = {
  chunkTitle: 'This screen could not be loaded',
  chunk:
    'The console may have been updated since this page was opened, or the connection dropped. Reload the page to ' +
    'get the current version.',
  otherTitle: 'This screen could not be shown',
  other: 'Something went wrong in the console. Reload the page to try again.',
  reload: 'Reload',
} as const;

/**
 * A screen's code that could not be fetched, as each browser words it (Chromium, Firefox, Safari) and as Vite
 * words a screen's stylesheet that could not be: typically the files of the version this tab opened with are gone
 * after a deploy, or the connection dropped.
 */
export function isChunkLoadError(error: unknown): boolean {
  return (
    error instanceof Error &&
    /dynamically imported module|Importing a module script failed|Unable to preload CSS/i.test(error.message)
  );
}

/**
 * The route's error element: a screen whose code could not be fetched (or that failed to draw) says so with a
 * Reload button, in place of a blank content area; the shell stays, so the operator can still go elsewhere.
 * Reloading asks first when an editor holds unsaved edits (lib/unsaved-edits.ts).
 */
export function RouteError() {
  const error = useRouteError();
  const chunk = isChunkLoadError(error);
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconAlertTriangle size={18} />}
      data-testid="route-error"
      maw={640}
      mx="auto"
      mt="xl"
    >
      <Stack gap="sm" align="flex-start">
        <Title order={2} size="h4">
          {chunk ? ROUTE_ERROR_TEXTS.chunkTitle : ROUTE_ERROR_TEXTS.otherTitle}
        </Title>
        <Text size="sm">{chunk ? ROUTE_ERROR_TEXTS.chunk : ROUTE_ERROR_TEXTS.other}</Text>
        <Button leftSection={<IconRefresh size={16} />} onClick={reloadPage}>
          {ROUTE_ERROR_TEXTS.reload}
        </Button>
      </Stack>
    </Alert>
  );
}

/** The error element of a route outside the shell (the login layout, the shell itself): a page of its own. */
export function PageError() {
  return (
    <Center component="main" mih="100vh" p="md">
      <RouteError />
    </Center>
  );
}
