import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import {
  createTheme,
  DEFAULT_THEME,
  Input,
  type MantineColorsTuple,
  MantineProvider,
  Modal,
  Notification,
  PasswordInput,
} from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { TOAST_DURATION_MS } from '@psps/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { router } from './app/router.tsx';
import inputFocus from './lib/input-focus.module.css';
import { retryRead } from './lib/query-retry.ts';
import { readableColors } from './lib/readable-colors.ts';

/**
 * Mantine's orange with its four strong shades deepened, so that white on a filled button, orange text and links on
 * white, and the active menu entry's orange on its tint read at 4.5:1 or more (WCAG AA; Mantine's orange 6 gives
 * 2.6:1). The light tints (row shading, badges' backgrounds) are Mantine's.
 */
const [o0, o1, o2, o3, o4, o5] = DEFAULT_THEME.colors.orange;
const ORANGE: MantineColorsTuple = [o0, o1, o2, o3, o4, o5, '#c2410c', '#b33c0b', '#a3360a', '#8f2f09'];

const theme = createTheme({
  colors: { orange: ORANGE },
  primaryColor: 'orange',
  defaultRadius: 'sm',
  fontFamily: 'system-ui, -apple-system, Segoe UI, Roboto, sans-serif',
  components: {
    // Every field (text, password, select, file): a ring when it is focused with an error (input-focus.module.css).
    Input: Input.extend({ classNames: { input: inputFocus.input } }),
    Modal: Modal.extend({
      defaultProps: {
        // A dialog's or a toast's ✕ is read out as 'Dismiss' rather than a bare 'button'.
        closeButtonProps: { 'aria-label': 'Dismiss' },
        // Mantine draws a dialog's title bar as a <header>, which a screen reader lists as a second banner
        // landmark beside the console's own; the dialog is already named by its title.
        attributes: { header: { role: 'none' } },
      },
    }),
    Notification: Notification.extend({ defaultProps: { closeButtonProps: { 'aria-label': 'Dismiss' } } }),
    // Mantine leaves the show/hide toggle out of the Tab order: a keyboard user could not check what they typed.
    // It is a toggle button named once, saying whether the password shows (aria-pressed).
    PasswordInput: PasswordInput.extend({
      defaultProps: {
        visibilityToggleFocusable: true,
        visibilityToggleButtonProps: { 'aria-label': 'Show password' },
      },
    }),
  },
});

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      retry: retryRead,
      refetchOnWindowFocus: false,
    },
  },
});

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <MantineProvider theme={theme} cssVariablesResolver={readableColors}>
      <Notifications position="bottom-right" autoClose={TOAST_DURATION_MS} />
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>
  </StrictMode>,
);
