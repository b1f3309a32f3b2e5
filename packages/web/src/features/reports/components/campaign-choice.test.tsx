// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubBrowserApis } from '@/lib/jsdom-stubs.ts';
import { CHILD_CAMPAIGN_HINT, RememberedChoice } from './campaign-choice.tsx';

type Item = { id: number; name: string };
const answered = (data: Item[]) => ({ data, isSuccess: true, isPending: false }) as UseQueryResult<Item[]>;

/** The Events screen's dropdown at `address` (as pasted, or as the menu opens it); answers its router. */
function choice(query: UseQueryResult<Item[]>, address = '/admin/standard-reports-events') {
  const router = createMemoryRouter([{ path: '*', element: <EventChoice query={query} /> }], {
    initialEntries: [address],
  });
  render(
    // env 'test': no transitions, and the open list is not hidden as detached from a field jsdom gives no size.
    <MantineProvider env="test">
      <RouterProvider router={router} />
    </MantineProvider>,
  );
  return router;
}

function EventChoice({
  query,
  unknownMayBe,
  label = 'Event',
}: {
  query: UseQueryResult<Item[]>;
  unknownMayBe?: string;
  label?: string;
}) {
  return (
    <RememberedChoice
      unknownMayBe={unknownMayBe}
      screen="test"
      param="event"
      label={label}
      firstEntry="--- select an event ---"
      query={query}
      idOf={(item) => item.id}
      labelOf={(item) => item.name}
      testId="event-select"
      what="list of events"
      empty="No events yet. A PSPS event appears here as soon as the messaging engine reports it."
    >
      {(id) => <p data-testid="chosen">chosen {id}</p>}
    </RememberedChoice>
  );
}

beforeEach(() => {
  stubBrowserApis();
  // The open list scrolls its chosen entry into view; jsdom has no layout.
  Element.prototype.scrollIntoView = () => {};
});
afterEach(() => {
  cleanup();
  localStorage.clear();
  delete (Element.prototype as Partial<Element>).scrollIntoView;
  vi.unstubAllGlobals();
});

describe('a report screen with nothing to choose yet', () => {
  it('says so under the dropdown', () => {
    choice(answered([]));
    expect(screen.getByTestId('event-select-empty').textContent).toBe(
      'No events yet. A PSPS event appears here as soon as the messaging engine reports it.',
    );
  });

  it('says nothing of the kind once there is something to choose', () => {
    choice(answered([{ id: 7, name: 'Sierra Foothills PSPS' }]));
    expect(screen.queryByTestId('event-select-empty')).toBeNull();
  });
});

describe('the choice is in the address (reload, Back and Forward, a pasted link, a sign-in after the session ended)', () => {
  const events = answered([
    { id: 7, name: 'Sierra Foothills PSPS' },
    { id: 9, name: 'North Bay PSPS' },
  ]);

  it('a pasted link shows its event, whatever this browser chose last', () => {
    localStorage.setItem('cache:reports.choice.test', '9');
    choice(events, '/admin/standard-reports-events?event=7');
    expect(screen.getByTestId('chosen').textContent).toBe('chosen 7');
  });

  it("a campaign's link naming an id the list does not hold says it may be a customer-class campaign", () => {
    const router = createMemoryRouter(
      [
        {
          path: '*',
          element: <EventChoice query={events} unknownMayBe={CHILD_CAMPAIGN_HINT} label="Campaign" />,
        },
      ],
      { initialEntries: ['/admin/voice?event=40102'] },
    );
    render(
      <MantineProvider env="test">
        <RouterProvider router={router} />
      </MantineProvider>,
    );
    expect(screen.getByTestId('event-select-unknown').textContent).toBe(
      'Campaign 40102 is not in the list: it may be a customer-class campaign (choose the campaign it belongs to: its report covers it), have been removed, or the address is mistyped. Choose one above.',
    );
  });

  it('a link naming an event the list does not hold says so instead of showing an empty page', () => {
    choice(events, '/admin/standard-reports-events?event=12');
    expect(screen.getByTestId('event-select-unknown').textContent).toBe(
      'Event 12 is not in the list: it may have been removed, or the address is mistyped. Choose one above.',
    );
    expect(screen.queryByTestId('chosen')).toBeNull();
    // Not remembered: opening the screen from the menu afterwards shows no choice and no such notice.
    cleanup();
    const router = choice(events);
    expect(router.state.location.search).toBe('');
    expect(screen.queryByTestId('event-select-unknown')).toBeNull();
    cleanup();
    choice(events, '/admin/standard-reports-events?event=7');
    expect(screen.queryByTestId('event-select-unknown')).toBeNull();
  });

  it('opened from the menu: the last choice shows again and is written into the address', async () => {
    choice(events, '/admin/standard-reports-events?event=9');
    cleanup();
    const router = choice(events);
    expect(screen.getByTestId('chosen').textContent).toBe('chosen 9');
    expect(router.state.location.search).toBe('?event=9');
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('each choice is a step of history: Back shows the event chosen before', async () => {
    const router = choice(events, '/admin/standard-reports-events?event=7');
    const user = userEvent.setup();
    await user.click(screen.getByTestId('event-select'));
    await user.click(await screen.findByRole('option', { name: 'North Bay PSPS' }));
    expect(router.state.location.search).toBe('?event=9');
    expect(screen.getByTestId('chosen').textContent).toBe('chosen 9');
    await act(() => router.navigate(-1));
    expect(router.state.location.search).toBe('?event=7');
    expect(screen.getByTestId('chosen').textContent).toBe('chosen 7');
  });
});
