import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { createTheme, MantineProvider, Modal, Notification } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { TOAST_DURATION_MS } from '@psps/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { router } from './app/router.tsx';
import { ApiError } from './lib/api.ts';

const theme = createTheme({
  primaryColor: 'orange',
  defaultRadius: 'sm',
  fontFamily: 'system-ui, -apple-system, Segoe UI, Roboto, sans-serif',
  components: {
    // A dialog's or a toast's ✕ is read out as 'Dismiss' rather than a bare 'button'.
    Modal: Modal.extend({ defaultProps: { closeButtonProps: { 'aria-label': 'Dismiss' } } }),
    Notification: Notification.extend({ defaultProps: { closeButtonProps: { 'aria-label': 'Dismiss' } } }),
  },
});

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // A signed-out or forbidden answer will not improve by asking again.
      retry: (count, err) => !(err instanceof ApiError && err.status >= 400 && err.status < 500) && count < 2,
      refetchOnWindowFocus: false,
    },
  },
});

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <MantineProvider theme={theme}>
      <Notifications position="bottom-right" autoClose={TOAST_DURATION_MS} />
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>
  </StrictMode>,
);
