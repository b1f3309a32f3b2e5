// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import type { Campaign, CampaignTreeAnswer } from '@psps/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { componentTestSurroundings } from '@/lib/jsdom-stubs.ts';
import { EventsPage } from './events-page.tsx';

componentTestSurroundings({ silentServer: false });
beforeEach(() => {
  // The dropdown scrolls its chosen entry into view; jsdom has no layout.
  Element.prototype.scrollIntoView = () => {};
});
afterEach(() => {
  delete (Element.prototype as Partial<Element>).scrollIntoView;
});

// Local times, so the expected text does not depend on the machine's time zone.
const local = (h: number, m: number) => new Date(2026, 10, 20, h, m, 0).toISOString();

const card = (id: number, title: string, launched: string | null, total = 0): Campaign => ({
  dataset_id_bint: id,
  title_vch: title,
  launched_dt: launched,
  created_dt: local(7, 0),
  processed_dt: null,
  totalrecords_int: total,
  voicecount_int: total,
  smscount_int: 0,
  emailcount_int: 0,
});

/** Event 7's trees as the server answers them: 110 (launched 08:00), 100 (09:00, three children), 120 (not launched). */
const trees = (rootTotal: number): CampaignTreeAnswer[] => [
  [[card(110, '48-hour notice', local(8, 0))], [], [], []],
  [
    [card(100, '24-hour notice', local(9, 0), rootTotal)],
    [card(101, '24-hour notice MB', local(9, 0), 4)],
    [],
    [card(105, '24-hour notice G1', local(9, 0), 3), card(103, '24-hour notice G2', local(9, 0), 2)],
  ],
  [[card(120, 'All clear', null)], [], [], []],
];
const TREES = trees(9);

type Answer = () => Response | Promise<Response>;

/** A server answering the Events screen's calls (the trees as `trees` says, call by call); answers the paths asked. */
function server(trees: Answer) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      calls.push(url);
      if (url === '/api/proc_events_getList/') {
        return Response.json([
          [
            { id_bint: 7, name_vch: 'Sierra Foothills PSPS', begin_dt: local(7, 0), recordCount: 9 },
            { id_bint: 9, name_vch: 'North Bay PSPS', begin_dt: local(6, 0), recordCount: 0 },
          ],
        ]);
      }
      if (url.startsWith('/api/sql/proc_reports_gridTreeEvents/')) return Response.json([[]]);
      if (url === '/api/v1/reports/events/7/trees') return trees();
      // Event 9: one campaign.
      if (url === '/api/v1/reports/events/9/trees')
        return Response.json([[[[card(900, 'North Bay notice', null)], [], [], []]]]);
      return Response.json({ error: 'not_found', message: `There is no GET ${url}.` }, { status: 404 });
    }),
  );
  return calls;
}

/** The Events screen with event 7 chosen (as a pasted link or a reload shows it); answers its router. */
function showEvent() {
  const router = createMemoryRouter([{ path: '*', element: <EventsPage /> }], {
    initialEntries: ['/admin/standard-reports-events?event=7'],
  });
  render(
    <MantineProvider env="test">
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return router;
}

const titles = () =>
  screen.queryAllByTestId('tree-section').map((section) => section.querySelector('h3')?.textContent);

describe('the Events screen: a title and a campaign tree for each campaign of the event (document 1 §2)', () => {
  it('shows them in the order answered, all from one call for the whole event', async () => {
    const calls = server(() => Response.json([TREES]));
    showEvent();
    await waitFor(() => expect(screen.getAllByTestId('tree-section')).toHaveLength(3));
    expect(titles()).toEqual([
      '2026-11-20 08:00:00 [110] 48-hour notice',
      '2026-11-20 09:00:00 [100] 24-hour notice',
      '- [120] All clear',
    ]);
    const second = screen.getAllByTestId('tree-section')[1] as HTMLElement;
    expect(within(second).getByTestId('tree-root').textContent).toContain('ID 100');
    expect(within(second).getByTestId('tree-root').textContent).toContain('Total9');
    expect(second.querySelector('[data-row="Medical Baseline"]')?.textContent).toContain('ID 101');
    expect(second.querySelector('[data-row="Critical Essential"]')?.textContent).toContain('none');
    expect(
      [
        ...(second.querySelector('[data-row="General"]')?.querySelectorAll('[data-testid="tree-card"]') ??
          []),
      ].map((c) => c.getAttribute('aria-label')),
    ).toEqual(['Campaign ID 105', 'Campaign ID 103']);
    // The events list, the grid and the trees: no call per campaign.
    expect([...calls].sort()).toEqual([
      '/api/proc_events_getList/',
      '/api/sql/proc_reports_gridTreeEvents/7',
      '/api/v1/reports/events/7/trees',
    ]);
  });

  it("choosing another event shows its trees in place of the first's, and the first again when chosen again (from the cache)", async () => {
    server(() => Response.json([TREES]));
    const router = showEvent();
    await waitFor(() => expect(screen.getAllByTestId('tree-section')).toHaveLength(3));
    await act(() => router.navigate('/admin/standard-reports-events?event=9'));
    expect(titles()).not.toContain('2026-11-20 08:00:00 [110] 48-hour notice');
    await waitFor(() => expect(titles()).toEqual(['- [900] North Bay notice']));
    await act(() => router.navigate('/admin/standard-reports-events?event=7'));
    expect(titles()).not.toContain('- [900] North Bay notice');
    await waitFor(() => expect(screen.getAllByTestId('tree-section')).toHaveLength(3));
  });

  it('shows a skeleton until the trees arrive', async () => {
    let answer: (r: Response) => void = () => {};
    server(() => new Promise<Response>((resolve) => (answer = resolve)));
    showEvent();
    await waitFor(() => expect(screen.getByTestId('events-grid')).toBeTruthy());
    expect(screen.getAllByTestId('report-skeleton')).toHaveLength(1);
    expect(screen.queryAllByTestId('tree-section')).toHaveLength(0);
    answer(Response.json([TREES]));
    await waitFor(() => expect(screen.getAllByTestId('tree-section')).toHaveLength(3));
    expect(screen.queryAllByTestId('report-skeleton')).toHaveLength(0);
  });

  it("says 'This event has no campaign yet.' for an event without campaigns", async () => {
    server(() => Response.json([[]]));
    showEvent();
    await waitFor(() => expect(screen.getByText('This event has no campaign yet.')).toBeTruthy());
    expect(screen.queryAllByTestId('tree-section')).toHaveLength(0);
  });

  it("says why the trees could not be loaded, in the server's words", async () => {
    server(() => Response.json({ error: 'not_found', message: 'There is no event 7.' }, { status: 404 }));
    showEvent();
    const problem = await screen.findByTestId('load-problem');
    expect(problem.textContent).toBe(
      'The campaign trees of this event could not be loadedThere is no event 7.',
    );
    expect(screen.queryAllByTestId('report-skeleton')).toHaveLength(0);
  });

  it('a reload keeps each tree in place and shows what changed; a failed one keeps them, each saying so', async () => {
    // The server's answer moves on only once the test has seen the one before: with a reload every 100 ms, a loaded
    // machine must not skip an answer (a counter of calls did: the trees never came before the failures).
    let answer: 'first' | 'grown' | 'failing' = 'first';
    server(() => {
      if (answer === 'first') return Response.json([TREES]);
      if (answer === 'grown') return Response.json([trees(12)]); // campaign 100 has grown
      return Response.json(
        { error: 'unavailable', message: 'The database is not answering.' },
        { status: 503 },
      );
    });
    // The trees are drawn in the background (useDeferredValue), and each reload's answer interrupts that drawing
    // and starts it again; React finishes it at once after 5 s of that. A loaded machine drawing three trees in more
    // than a reload's time took the whole 5 s the test waited: it waits longer, and reloads less often than 100 ms.
    const drawing = { timeout: 15_000 };
    localStorage.setItem('debug:pollMs', '300');
    showEvent();
    await waitFor(() => expect(screen.getAllByTestId('campaign-tree')).toHaveLength(3), drawing);
    const drawn = screen.getAllByTestId('campaign-tree');
    answer = 'grown';
    await waitFor(
      () => expect(within(drawn[1] as HTMLElement).getByTestId('tree-root').textContent).toContain('Total12'),
      drawing,
    );
    // The same elements, not drawn again from scratch: the page keeps its length and the operator's place.
    expect(screen.getAllByTestId('campaign-tree')).toEqual(drawn);

    answer = 'failing';
    await waitFor(() => expect(screen.getAllByTestId('load-problem')).toHaveLength(3));
    for (const section of screen.getAllByTestId('tree-section')) {
      expect(within(section).getByTestId('load-problem').textContent).toMatch(
        /^The campaign tree could not be reloadedThe database is not answering\. Showing the data of \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\. The page retries by itself\.$/,
      );
    }
    expect(screen.getAllByTestId('campaign-tree')).toEqual(drawn);
    expect(titles()).toEqual([
      '2026-11-20 08:00:00 [110] 48-hour notice',
      '2026-11-20 09:00:00 [100] 24-hour notice',
      '- [120] All clear',
    ]);
  });
});
