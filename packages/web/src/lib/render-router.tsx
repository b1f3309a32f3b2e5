import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { RouterProvider } from 'react-router';

type Router = Parameters<typeof RouterProvider>[0]['router'];

/**
 * For component tests: draws `router` as the console does (Mantine, a fresh query cache); answers the router.
 * Mantine in its test mode: jsdom lays nothing out, so a menu's position, once Floating UI had worked it out, said
 * its button was out of sight and hid the open menu (`display: none`), a race a loaded machine lost.
 */
export function renderRouter<R extends Router>(router: R): R {
  render(
    <MantineProvider env="test">
      <QueryClientProvider client={new QueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return router;
}
