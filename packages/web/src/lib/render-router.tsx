import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { RouterProvider } from 'react-router';

type Router = Parameters<typeof RouterProvider>[0]['router'];

/** For component tests: draws `router` as the console does (Mantine, a fresh query cache); answers the router. */
export function renderRouter<R extends Router>(router: R): R {
  render(
    <MantineProvider>
      <QueryClientProvider client={new QueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return router;
}
