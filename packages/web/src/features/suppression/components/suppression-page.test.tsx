// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { signedInWithSilentServer } from '@/lib/jsdom-stubs.ts';
import { suppressionKeys } from '../api/keys.ts';
import { pendingPreview } from '../api/pending-preview.ts';
import { previewFixture } from '../utils/preview-fixture.ts';
import { SuppressionPage } from './suppression-page.tsx';

signedInWithSilentServer();

/** SUPPRESSION with one group and type in its summary; the server never answers (a download stays under way). */
function showPage(at = '/admin/suppression') {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } },
  });
  client.setQueryData(suppressionKeys.summary(1), {
    data: [{ group_vch: 'Opt-out 2026', supress_type: 'PHONE', valid_count: 2500 }],
    rows: 1,
  });
  // The list of every active value (normal mode), known: the only call counted below is the download's.
  client.setQueryData(suppressionKeys.list(1), { data: [], rows: 0 });
  const router = createMemoryRouter([{ path: '*', element: <SuppressionPage /> }], {
    initialEntries: [at],
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

const value = (id: number) => ({
  row_id_bint: id,
  group_vch: 'Opt-out 2026',
  supress_type: 'PHONE',
  value_vch: `+1415300000${id}`,
  start_ts: '2026-11-22T09:12:55.000Z',
  end_ts: null,
  created_ts: '2026-11-22T09:12:55.000Z',
});

/** A server whose search finds the values `ids` until a delete ends one of them. */
function serverFinding(ids: number[]) {
  let held = ids;
  const json = (body: unknown) =>
    new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url.startsWith('/api/suppress/search?')) return json({ data: held.map(value), rows: held.length });
      if (url.startsWith('/api/suppress/deleteById/')) {
        held = held.filter((id) => url !== `/api/suppress/deleteById/${id}`);
        return json({ status: 200, deleted: 1 });
      }
      if (url.startsWith('/api/suppress/getPaginatedCampaigns?'))
        return json({
          data: [{ group_vch: 'Opt-out 2026', supress_type: 'PHONE', valid_count: held.length }],
          rows: 1,
        });
      return new Promise(() => {});
    }),
  );
}

/** Deletes a search result with the keyboard: its Delete, then 'Delete value' after Cancel, then Close. */
async function deleteValueByKeyboard(name: string) {
  const user = userEvent.setup();
  (await screen.findByRole('button', { name })).focus();
  await user.keyboard('{Enter}');
  await screen.findByRole('dialog');
  expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancel' }));
  await user.tab();
  expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Delete value' }));
  await user.keyboard('{Enter}');
  const close = await screen.findByRole('button', { name: 'Close' });
  expect(screen.getByText('Row Deleted Successfuly!')).toBeTruthy();
  expect(document.activeElement).toBe(close);
  await user.keyboard('{Enter}');
}

describe('deleting a search result, by keyboard', () => {
  it('puts the focus, once the dialog closes, on the Delete button of the value now in its place', async () => {
    serverFinding([1, 2, 3]);
    showPage('/admin/suppression?search=Opt-out+2026');
    await deleteValueByKeyboard('Delete +14153000002 from Opt-out 2026 PHONE');
    await waitFor(() =>
      expect(
        screen.queryByRole('button', { name: 'Delete +14153000002 from Opt-out 2026 PHONE' }),
      ).toBeNull(),
    );
    await waitFor(() =>
      expect(document.activeElement).toBe(
        screen.getByRole('button', { name: 'Delete +14153000003 from Opt-out 2026 PHONE' }),
      ),
    );
  });

  it('puts it on the last value when the last one was deleted', async () => {
    serverFinding([1, 2]);
    showPage('/admin/suppression?search=Opt-out+2026');
    await deleteValueByKeyboard('Delete +14153000002 from Opt-out 2026 PHONE');
    await waitFor(() =>
      expect(document.activeElement).toBe(
        screen.getByRole('button', { name: 'Delete +14153000001 from Opt-out 2026 PHONE' }),
      ),
    );
  });
});

describe('a full upload preview that was waiting when the session ended', () => {
  it('opens again when the same user comes back, saying nothing was applied, still to apply or discard', async () => {
    localStorage.setItem('userEmail', 'operator@example.com');
    pendingPreview.keep(previewFixture({ expiresAt: new Date(Date.now() + 600_000).toISOString() }));
    showPage();
    const dialog = await screen.findByRole('dialog', { name: 'FULL FILE UPLOAD' });
    expect(screen.getByTestId('upload-preview-resumed').textContent).toBe(
      'This full upload was still waiting to be applied when the page was left (a reload, or a session that ended). Nothing was applied: apply it now, or discard it.',
    );
    expect(dialog.textContent).toContain('Applying this file makes it the complete list of Opt-out 2026.');
    expect(screen.getByRole('button', { name: 'Apply full upload' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Discard' })).toBeTruthy();
  });

  it('does not open once it can no longer be applied', () => {
    localStorage.setItem('userEmail', 'operator@example.com');
    pendingPreview.keep(previewFixture({ expiresAt: new Date(Date.now() - 1000).toISOString() }));
    showPage();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
