// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { signedInWithSilentServer } from '@/lib/jsdom-stubs.ts';
import { launcherKeys } from '../api/keys.ts';
import { LauncherPage } from './launcher-page.tsx';

/** The UPDATE_XT of each campaign row rendered, in order (a row reads its age once a render). */
const rendered: number[] = [];
vi.mock('@/lib/age-clock.ts', async (load) => {
  const actual = await load<typeof import('@/lib/age-clock.ts')>();
  return {
    ...actual,
    useRowAge: (xt: number, byDay?: boolean) => {
      rendered.push(xt);
      return actual.useRowAge(xt, byDay);
    },
  };
});

// The list never answers: the note above it is what is looked at.
signedInWithSilentServer();

describe('Custom Reports', () => {
  it('says results are sent via FTP, its icon keeping its size beside the text on a narrow screen', () => {
    render(
      <MantineProvider env="test">
        <QueryClientProvider client={new QueryClient()}>
          <LauncherPage />
        </QueryClientProvider>
      </MantineProvider>,
    );
    expect(screen.getByTestId('launcher-note').textContent).toMatch(/^Results are sent via FTP\. /);
    expect(screen.getByTestId('launcher-note-icon').style.flexShrink).toBe('0');
  });
});

/** A campaign of the Custom Reports list, launched, no report file made yet. */
const campaign = (title: string, datasetId: number) => ({
  title_vch: title,
  dataset_id_bint: datasetId,
  launched_dt: '2026-11-22T08:00:00Z' as string | null,
  UPDATE_XT: 1,
  FILE_TRANSFER_TIME: null,
  reports: { medbase: null, mb_unreached: null, linkclick: null },
});

/** The Custom Reports page over these campaigns, as the list call would have answered them. */
function showCampaigns(campaigns: ReturnType<typeof campaign>[]) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } },
  });
  client.setQueryData(launcherKeys.campaigns(), campaigns);
  rendered.length = 0;
  render(
    <MantineProvider env="test">
      <QueryClientProvider client={client}>
        <LauncherPage />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return client;
}

describe('a Custom Reports launch button, by keyboard', () => {
  it('launches once for two presses before the first has shown as busy, keeping the focus, busy until answered', async () => {
    showCampaigns([campaign('North Bay Wind Event: 24-Hour Advance Notice', 40111)]);
    const button = screen.getByRole('button', { name: 'Download LinkClick Report for dataset 40111' });
    button.focus();
    // Enter pressed twice quickly (or a double click): both presses arrive before the busy state is drawn.
    await act(async () => {
      button.click();
      button.click();
    });
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch).toHaveBeenCalledWith('/api/launch-linkclick-report/tok/40111', expect.anything());
    expect(document.activeElement).toBe(button);
    await waitFor(() => expect(button.getAttribute('aria-busy')).toBe('true'));
    expect(document.activeElement).toBe(button);
  });
});

describe('launches that fail while the server cannot be reached', () => {
  it('say to try again (the page does not), in one toast however many rows were pressed', async () => {
    const show = vi.spyOn(notifications, 'show');
    const hide = vi.spyOn(notifications, 'hide');
    vi.mocked(fetch).mockRejectedValue(new TypeError('Failed to fetch'));
    showCampaigns([
      campaign('North Bay: 24-Hour Notice', 40111),
      campaign('North Bay: 48-Hour Notice', 40101),
    ]);
    screen.getByRole('button', { name: 'Download MedBase Report for dataset 40111' }).click();
    await waitFor(() => expect(show).toHaveBeenCalledTimes(1));
    screen.getByRole('button', { name: 'Download MedBase Report for dataset 40101' }).click();
    await waitFor(() => expect(show).toHaveBeenCalledTimes(2));
    expect(show).toHaveBeenLastCalledWith({
      id: 'launch-failed-toast',
      color: 'red',
      title: 'The report was not launched',
      message: 'The server cannot be reached. Check your connection and try again.',
    });
    expect(show.mock.calls[0]?.[0].id).toBe('launch-failed-toast');
    expect(hide).toHaveBeenLastCalledWith('launch-failed-toast');
  });
});

describe('Custom Reports with a season of campaigns (250)', () => {
  it('shows 100 campaigns a page, numbered on from the page before', () => {
    showCampaigns(Array.from({ length: 250 }, (_, i) => campaign(`Campaign ${i}`, 50000 + i)));
    const rows = () => document.querySelectorAll('[data-testid^="launcher-row-"]');
    expect(rows()).toHaveLength(100);
    expect(screen.getByTestId('row-range').textContent).toBe('Rows 1–100 of 250');
    act(() => screen.getByRole('button', { name: 'Page 2' }).click());
    expect(rows()).toHaveLength(100);
    expect(rows()[0]?.getAttribute('data-testid')).toBe('launcher-row-50100');
    expect(rows()[0]?.querySelector('td')?.textContent).toBe('101');
    act(() => screen.getByRole('button', { name: 'Last page' }).click());
    expect(rows()).toHaveLength(50);
    expect(screen.getByTestId('row-range').textContent).toBe('Rows 201–250 of 250');
  });
});

describe('a campaign not launched yet', () => {
  it("shows '-' for its Campaign Launch Time, as the campaign dropdowns and the tree do", () => {
    showCampaigns([{ ...campaign('Kern: not launched', 40120), launched_dt: null }]);
    const cells = screen.getByTestId('launcher-row-40120').querySelectorAll('td');
    expect(cells[3]?.textContent).toBe('-');
  });
});

describe('a reload of the Custom Reports list', () => {
  it('renders only the campaign that changed', async () => {
    const list = [
      campaign('Kern: Imminent', 40113),
      campaign('Kern: 24-Hour', 40112),
      campaign('Kern: 48-Hour', 40111),
    ];
    list.forEach((c, i) => {
      c.UPDATE_XT = 1_000 + i;
    });
    const client = showCampaigns(list);
    expect(rendered).toEqual([1000, 1001, 1002]);
    rendered.length = 0;
    const changed = { ...list[1]!, UPDATE_XT: 5_000, title_vch: 'Kern: 24-Hour Warning' };
    act(() => client.setQueryData(launcherKeys.campaigns(), [list[0], changed, list[2]]));
    await waitFor(() =>
      expect(screen.getByTestId('launcher-row-40112').textContent).toContain('Kern: 24-Hour Warning'),
    );
    expect(rendered).toEqual([5000]);
  });
});

describe('the launch buttons’ tooltip (one for the table)', () => {
  it('names the button under the pointer or with the focus, and goes on leaving, blur or Escape', async () => {
    showCampaigns([campaign('Kern: Imminent', 40113), campaign('Kern: 24-Hour', 40112)]);
    const medbase = screen.getByRole('button', { name: 'Download MedBase Report for dataset 40112' });
    const linkclick = screen.getByRole('button', { name: 'Download LinkClick Report for dataset 40113' });
    expect(screen.queryByRole('tooltip')).toBeNull();

    fireEvent.pointerOver(medbase, { pointerType: 'mouse' });
    expect((await screen.findByRole('tooltip')).textContent).toBe('Download MedBase Report');
    fireEvent.pointerOut(medbase, { pointerType: 'mouse', relatedTarget: document.body });
    await waitFor(() => expect(screen.queryByRole('tooltip')).toBeNull());

    act(() => linkclick.focus());
    expect((await screen.findByRole('tooltip')).textContent).toBe('Download LinkClick Report');
    // A screen reader hears it as the button's description.
    const described = document.getElementById(linkclick.getAttribute('aria-describedby') ?? '');
    expect(described?.textContent).toBe('Download LinkClick Report');
    fireEvent.keyDown(linkclick, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('tooltip')).toBeNull());
    expect(linkclick.hasAttribute('aria-describedby')).toBe(false);
    act(() => medbase.focus());
    expect((await screen.findByRole('tooltip')).textContent).toBe('Download MedBase Report');
    act(() => medbase.blur());
    await waitFor(() => expect(screen.queryByRole('tooltip')).toBeNull());
    // A touch opens no tooltip (the press launches).
    fireEvent.pointerOver(medbase, { pointerType: 'touch' });
    expect(screen.queryByRole('tooltip')).toBeNull();
  });
});
