// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { signedInWithSilentServer } from '../../../lib/jsdom-stubs.ts';
import { suppressionKeys } from '../api/keys.ts';
import { SuppressionPage } from './suppression-page.tsx';

signedInWithSilentServer();

/** SUPPRESSION with one group and type in its summary; the server never answers (a download stays under way). */
function showPage() {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } },
  });
  client.setQueryData(suppressionKeys.summary(1), {
    data: [{ group_vch: 'Opt-out 2026', supress_type: 'PHONE', valid_count: 2500 }],
    rows: 1,
  });
  const router = createMemoryRouter([{ path: '*', element: <SuppressionPage /> }], {
    initialEntries: ['/admin/suppression'],
  });
  render(
    <MantineProvider>
      <Notifications />
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

describe('SUPPRESSION downloads, by keyboard', () => {
  it('DOWNLOAD ALL keeps the focus while its file is on its way, says it is busy and ignores another Enter', async () => {
    showPage();
    const user = userEvent.setup();
    const button = screen.getByRole('button', { name: 'DOWNLOAD ALL' });
    button.focus();
    await user.keyboard('{Enter}');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'DOWNLOAD ALL' }));
    expect(button.hasAttribute('disabled')).toBe(false);
    expect(button.getAttribute('aria-busy')).toBe('true');
    await user.keyboard('{Enter}');
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch).toHaveBeenCalledWith('/api/suppress/downloadActiveSuppressions', expect.anything());
  });

  it("a group and type's Download keeps the focus while its file is on its way", async () => {
    showPage();
    const user = userEvent.setup();
    const button = screen.getByRole('button', { name: 'Download Opt-out 2026 PHONE' });
    button.focus();
    await user.keyboard('{Enter}');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Download Opt-out 2026 PHONE' }));
    expect(button.hasAttribute('disabled')).toBe(false);
    expect(button.getAttribute('aria-busy')).toBe('true');
    await user.keyboard('{Enter}');
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch).toHaveBeenCalledWith(
      '/api/suppress/downloadActiveSuppressions?groupName=Opt-out+2026&type=PHONE',
      expect.anything(),
    );
  });
});
