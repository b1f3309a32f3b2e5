// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubBrowserApis } from '@/lib/jsdom-stubs.ts';
import { SearchCard } from './search-card.tsx';

/** Page 1 of a search finding 120 values (3 pages of 50): two rows are enough to show it. */
const PAGE_1 = {
  data: [1, 2].map((id) => ({
    row_id_bint: id,
    group_vch: 'Opt-out 2026',
    supress_type: 'PHONE',
    value_vch: `+1415300000${id}`,
    start_ts: '2026-11-22T09:12:55.000Z',
    end_ts: null,
    created_ts: '2026-11-22T09:12:55.000Z',
  })),
  rows: 120,
};

beforeEach(() => {
  localStorage.setItem('sessionToken', 'tok');
  stubBrowserApis();
  // Page 1 answers; any other page is still on its way.
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) =>
      url === '/api/suppress/search?value=Opt-out+2026&page=1'
        ? Promise.resolve(
            new Response(JSON.stringify(PAGE_1), { headers: { 'content-type': 'application/json' } }),
          )
        : new Promise(() => {}),
    ),
  );
});
/** The search card at this address, with a fresh query cache; its router, to read the address from. */
function showCard(at: string) {
  const router = createMemoryRouter([{ path: '*', element: <SearchCard onDelete={() => {}} /> }], {
    initialEntries: [at],
  });
  render(
    <MantineProvider>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return router;
}

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('the search results, by keyboard', () => {
  it('stay on screen, with their page buttons, while the next page loads: the pressed page button keeps the focus', async () => {
    const router = showCard('/admin/suppression?search=Opt-out+2026');
    const user = userEvent.setup();
    (await screen.findByRole('button', { name: 'Page 2' })).focus();
    await user.keyboard('{Enter}');
    expect(router.state.location.search).toBe('?search=Opt-out+2026&page=2');
    expect(await screen.findByLabelText('Loading the page')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Page 2' }));
    expect(screen.getByRole('button', { name: 'Page 2' }).getAttribute('aria-current')).toBe('page');
    // The page shown until page 2 arrives is still the one read before, and can still be used.
    expect(screen.getByRole('button', { name: 'Delete +14153000001 from Opt-out 2026 PHONE' })).toBeTruthy();
    expect(screen.getAllByRole('status').map((s) => s.textContent)).toEqual([
      '120 active values match “Opt-out 2026”',
      'Page 2 of 3',
    ]);
  });
});

describe('the search results, by screen reader', () => {
  it('say what a search found in a status region there before it, while the focus stays in the field', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string) =>
        Promise.resolve(
          new Response(
            JSON.stringify(
              url === '/api/suppress/search?value=Opt-out+2026&page=1' ? PAGE_1 : { data: [], rows: 0 },
            ),
            { headers: { 'content-type': 'application/json' } },
          ),
        ),
      ),
    );
    showCard('/admin/suppression');
    const user = userEvent.setup();
    const announce = screen.getByTestId('search-announce');
    expect(announce.getAttribute('role')).toBe('status');
    expect(announce.textContent).toBe('');
    const box = screen.getByRole('textbox', { name: 'Group, value or type' });
    await user.type(box, 'Opt-out 2026{Enter}');
    await screen.findByRole('button', { name: 'Delete +14153000001 from Opt-out 2026 PHONE' });
    expect(screen.getByTestId('search-announce')).toBe(announce);
    expect(announce.textContent).toBe('120 active values match “Opt-out 2026”');
    expect(document.activeElement).toBe(box);
    await user.clear(box);
    await user.type(box, 'zzz-nothing{Enter}');
    await screen.findByText('A group name or a type must be typed whole', { exact: false });
    expect(announce.textContent).toBe("Couldn't get anything related! Try a different value.");
    // The alerts shown are notes, so the result is said once.
    expect(screen.getAllByRole('status')).toEqual([announce]);
  });
});

describe('searching by keyboard while a search loads', () => {
  it('Enter sends the new text (the Search button stays enabled, busy) and the pressed Search keeps the focus', async () => {
    // No answer comes in this test: the first search is still loading when the second is typed.
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise(() => {})),
    );
    const router = showCard('/admin/suppression');
    const user = userEvent.setup();
    const box = screen.getByRole('textbox', { name: 'Group, value or type' });
    await user.type(box, 'Opt-out{Enter}');
    const button = screen.getByRole('button', { name: 'Search' });
    expect(button.getAttribute('aria-busy')).toBe('true');
    expect(button.hasAttribute('disabled')).toBe(false);
    await user.clear(box);
    await user.type(box, 'Bounced e-mails{Enter}');
    expect(router.state.location.search).toBe('?search=Bounced+e-mails');
    expect(fetch).toHaveBeenLastCalledWith(
      '/api/suppress/search?value=Bounced+e-mails&page=1',
      expect.anything(),
    );
    await user.tab();
    await user.tab();
    expect(document.activeElement).toBe(button);
    await user.keyboard('{Enter}');
    expect(document.activeElement).toBe(button);
  });
});

describe('normal mode (no search)', () => {
  it('lists every active value, 50 a page; a search replaces the list and closing it brings the list back', async () => {
    const LIST_PAGE_1 = {
      data: [
        {
          ...PAGE_1.data[0]!,
          row_id_bint: 7,
          group_vch: 'Bounced e-mails',
          supress_type: 'EMAIL',
          value_vch: 'ana@example.com',
        },
      ],
      rows: 5_000_001,
    };
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string) => {
        const answer =
          url === '/api/suppress/getPaginatedCampaigns?page=1'
            ? LIST_PAGE_1
            : url === '/api/suppress/search?value=Opt-out+2026&page=1'
              ? PAGE_1
              : undefined;
        return answer
          ? Promise.resolve(
              new Response(JSON.stringify(answer), { headers: { 'content-type': 'application/json' } }),
            )
          : new Promise(() => {});
      }),
    );
    const router = showCard('/admin/suppression');
    const user = userEvent.setup();
    const list = await screen.findByRole('table', { name: 'Active values' });
    expect(list.textContent).toContain('ana@example.com');
    expect(screen.getByText('All active values: 5,000,001')).toBeTruthy();
    expect(screen.getByTestId('results-range').textContent).toBe('1–50 of 5,000,001');
    // Page 2 of the list is asked for, and kept in the address like a search's page.
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(router.state.location.search).toBe('?page=2');
    expect(fetch).toHaveBeenLastCalledWith('/api/suppress/getPaginatedCampaigns?page=2', expect.anything());
    // While page 2 loads, page 1's rows stay, dimmed, and so does the range under them; page 2's button is pressed.
    expect(await screen.findByLabelText('Loading the page')).toBeTruthy();
    expect(screen.getByRole('table', { name: 'Active values' }).textContent).toContain('ana@example.com');
    expect(screen.getByTestId('results-range').textContent).toBe('1–50 of 5,000,001');
    expect(screen.getByRole('button', { name: 'Page 2' }).getAttribute('aria-current')).toBe('page');

    await user.type(screen.getByRole('textbox', { name: 'Group, value or type' }), 'Opt-out 2026{Enter}');
    expect(await screen.findByRole('table', { name: 'Search results' })).toBeTruthy();
    expect(screen.queryByRole('table', { name: 'Active values' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Close the search' }));
    expect(router.state.location.search).toBe('');
    expect((await screen.findByRole('table', { name: 'Active values' })).textContent).toContain(
      'ana@example.com',
    );
    expect(screen.queryByRole('table', { name: 'Search results' })).toBeNull();
  });

  it("says 'No data available' when no value is active", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() =>
        Promise.resolve(
          new Response(JSON.stringify({ data: [], rows: 0 }), {
            headers: { 'content-type': 'application/json' },
          }),
        ),
      ),
    );
    showCard('/admin/suppression');
    expect(await screen.findByText('No data available')).toBeTruthy();
    expect(screen.getByText('All active values: 0')).toBeTruthy();
    expect(screen.queryByRole('table', { name: 'Active values' })).toBeNull();
  });
});
