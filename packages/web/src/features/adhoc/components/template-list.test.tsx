// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { componentTestSurroundings } from '@/lib/jsdom-stubs.ts';
import { draftTemplate } from '../test-fixtures.ts';
import { DialogsProvider } from './adhoc-dialogs.tsx';
import { TemplateList } from './template-list.tsx';

const template = (id: number, name: string) =>
  draftTemplate({ id_bint: id, name_vch: name, itemUpdate_dt: '2026-11-22T09:00:00Z' });

/** A server holding `rows`, from which a delete removes the template. */
function serverWith(rows: ReturnType<typeof template>[]) {
  let held = rows;
  const json = (body: unknown) =>
    new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      if (url === '/api/v1/adhoc/campaign/select') return json({ response: held });
      if (url === '/api/v1/adhoc/template/delete') {
        const { id_bint_adhoc_campaign } = JSON.parse(String(init.body));
        held = held.filter((row) => row.id_bint !== id_bint_adhoc_campaign);
        return json({ response: { ok: true } });
      }
      return new Promise(() => {});
    }),
  );
}

function showList() {
  render(
    <MantineProvider>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <DialogsProvider>
          <TemplateList onOpen={() => {}} />
        </DialogsProvider>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

/** Presses a row's Delete with the keyboard and confirms ('Delete' in the confirmation, after Cancel). */
async function deleteByKeyboard(name: string) {
  const user = userEvent.setup();
  (await screen.findByRole('button', { name })).focus();
  await user.keyboard('{Enter}');
  const confirm = await screen.findByRole('button', { name: 'Delete' });
  expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancel' }));
  await user.tab();
  expect(document.activeElement).toBe(confirm);
  await user.keyboard('{Enter}');
}

componentTestSurroundings({ silentServer: false });

describe('deleting a template from the list, by keyboard', () => {
  it("puts the focus on the Delete button of the row that took the deleted row's place", async () => {
    serverWith([template(5, 'Wind event'), template(4, 'Heat wave'), template(3, 'All clear')]);
    showList();
    await deleteByKeyboard('Delete ADHOC-4 Heat wave');
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Delete ADHOC-4 Heat wave' })).toBeNull(),
    );
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Delete ADHOC-3 All clear' })),
    );
  });

  it("puts it on the new last row's Delete button when the last row was deleted", async () => {
    serverWith([template(5, 'Wind event'), template(4, 'Heat wave')]);
    showList();
    await deleteByKeyboard('Delete ADHOC-4 Heat wave');
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Delete ADHOC-5 Wind event' })),
    );
  });

  it("puts it on the list's heading when no template is left", async () => {
    serverWith([template(5, 'Wind event')]);
    showList();
    await deleteByKeyboard('Delete ADHOC-5 Wind event');
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'AdHoc Campaigns' })),
    );
    expect(screen.getByText('No templates yet. Select New Template to write one.')).toBeTruthy();
  });
});

describe('a delete that fails', () => {
  it.each([
    {
      failure: 'a proxy answers 502',
      answer: async () => new Response('<html><h1>502 Bad Gateway</h1></html>', { status: 502 }),
      said: 'The server answered with an error (502). If it goes on, tell your administrator.',
    },
    {
      failure: 'the server cannot be reached (the page does not try again)',
      answer: async (): Promise<Response> => {
        throw new TypeError('Failed to fetch');
      },
      said: 'The server cannot be reached. Check your connection and try again.',
    },
  ])('says so with the template and why ($failure), and keeps the row', async ({ answer, said }) => {
    serverWith([template(5, 'Wind event'), template(4, 'Heat wave')]);
    const answered = vi.mocked(fetch).getMockImplementation();
    vi.mocked(fetch).mockImplementation(async (url, init) =>
      url === '/api/v1/adhoc/template/delete' ? answer() : (answered as typeof fetch)(url, init),
    );
    showList();
    await deleteByKeyboard('Delete ADHOC-4 Heat wave');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(`ADHOC-4 Heat wave was not deleted: ${said}`);
    expect(screen.getByRole('button', { name: 'Delete ADHOC-4 Heat wave' })).toBeTruthy();
  });
});

describe('finding a template by keyboard', () => {
  it('says in a status region, present before the search, that nothing matches', async () => {
    serverWith([template(5, 'Wind event')]);
    showList();
    const user = userEvent.setup();
    const status = screen.getByRole('status');
    expect(status.textContent).toBe('');
    await screen.findByRole('button', { name: 'Delete ADHOC-5 Wind event' });
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ response: [] }), { headers: { 'content-type': 'application/json' } }),
      ),
    );
    await user.type(screen.getByRole('textbox', { name: 'Find a template' }), 'zzzz');
    await waitFor(() => expect(status.textContent).toBe('No template matches "zzzz".'));
    expect(screen.getByRole('status')).toBe(status);
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Find a template' }));
  });
});
