// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import type { CompletionReportRow } from '@psps/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubBrowserApis, stubSilentServer } from '@/lib/jsdom-stubs.ts';
import { CompletionPage, earlyNote } from './completion-page.tsx';

/** How often each report's row has rendered (its actions render with it, never apart from it). */
const renders = new Map<number, number>();
vi.mock('./report-actions.tsx', async (load) => {
  const actual = await load<typeof import('./report-actions.tsx')>();
  return {
    ...actual,
    ReportActions: (props: Parameters<typeof actual.ReportActions>[0]) => {
      renders.set(props.row.ID, (renders.get(props.row.ID) ?? 0) + 1);
      return <actual.ReportActions {...props} />;
    },
  };
});

// Local times, so the expected text does not depend on the machine's time zone.
const local = (day: number, h: number, m: number, s: number) =>
  new Date(2026, 10, day, h, m, s).toISOString();

const row = (ID: number, extra: Partial<CompletionReportRow>): CompletionReportRow => ({
  ID,
  CAMPAIGN_TITLE: `Campaign ${ID}`,
  DATASET_ID: ID,
  CAMPAIGN_LAUNCH_TIME: local(20, 18, 0, 0),
  MEDBASE_RETRY_TIME: local(20, 20, 0, 0),
  COMPLETION_REPORT_TIME: local(21, 13, 30, 0),
  FILE_TRANSFER_TIME: null,
  UPDATE_XT: new Date(2026, 10, 21, 13, 30).getTime() * 1000,
  TRANSFER_STATE: 'waiting',
  LAST_ERROR: null,
  ATTEMPTS: 0,
  FILE_NAME: `PGE_completion_${ID}_20261121213000.csv`,
  PREVIOUS_TRANSFER_TIME: null,
  PREVIOUS_FILE_NAME: null,
  NEXT_ATTEMPT_TIME: null,
  ATTEMPT_LIMIT: null,
  DUE_TIME: local(20, 20, 30, 0),
  SENT_EARLY: false,
  ...extra,
});

const STORED: CompletionReportRow[] = [
  row(9003, {
    TRANSFER_STATE: 'failed',
    LAST_ERROR: 'File transfer to ftp://utility:***@ftp.example.com:21/: cannot connect or sign in',
    ATTEMPTS: 9,
    ATTEMPT_LIMIT: 9,
  }),
  // Refreshed after a delivery; its third attempt failed and the queue retries at 14:05:12.
  row(9002, {
    LAST_ERROR: 'File transfer to ftp://utility:***@ftp.example.com:21/: cannot connect',
    ATTEMPTS: 3,
    ATTEMPT_LIMIT: 9,
    NEXT_ATTEMPT_TIME: local(21, 14, 5, 12),
    PREVIOUS_TRANSFER_TIME: local(20, 20, 30, 5),
    PREVIOUS_FILE_NAME: 'PGE_completion_9002_20261120203000.csv',
  }),
  // Launched by an operator before the campaign was due: the utility has it, the final one follows.
  row(9001, {
    TRANSFER_STATE: 'transferred',
    FILE_TRANSFER_TIME: local(21, 13, 31, 0),
    ATTEMPTS: 1,
    DUE_TIME: local(22, 17, 47, 10),
    SENT_EARLY: true,
  }),
];

function showPage(permissions: string[], stored = STORED) {
  localStorage.setItem('sessionToken', 'tok');
  localStorage.setItem('permissions', JSON.stringify(permissions));
  localStorage.setItem('completionReports', JSON.stringify(stored));
  localStorage.setItem('completionReports_xt', String(stored[1]!.UPDATE_XT));
  const client = new QueryClient();
  render(
    <MantineProvider>
      <QueryClientProvider client={client}>
        <CompletionPage />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

beforeEach(() => {
  localStorage.clear();
  renders.clear();
  vi.useFakeTimers({ now: new Date(2026, 10, 21, 13, 40, 0), toFake: ['Date'] });
  // The stored list shows at once; the server is not asked during the test.
  stubSilentServer();
  stubBrowserApis();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('completion page', () => {
  it('tells a user without MB_INTERNAL_PERMISSION whom to ask, not to refresh or resend', () => {
    showPage(['REPORTING']);
    expect(screen.getByTestId('completion-failed-alert').textContent).toBe(
      "1 report file did not arrive at the customer's server. The error is shown on the row; ask an operator with the MB internal permission (MB_INTERNAL_PERMISSION) to refresh or resend it.",
    );
  });

  it('tells an operator with MB_INTERNAL_PERMISSION that refresh or resend starts the transfer again', () => {
    showPage(['REPORTING', 'MB_INTERNAL_PERMISSION']);
    expect(screen.getByTestId('completion-failed-alert').textContent).toBe(
      "1 report file did not arrive at the customer's server. The error is shown on the row; refresh or resend starts the transfer again.",
    );
  });

  it('speaks of each row and of them when several files did not arrive', () => {
    const failed = { TRANSFER_STATE: 'failed', LAST_ERROR: 'cannot connect', ATTEMPTS: 9 } as const;
    showPage(['REPORTING'], [row(9005, failed), row(9004, failed)]);
    expect(screen.getByTestId('completion-failed-alert').textContent).toBe(
      "2 report files did not arrive at the customer's server. The error is shown on each row; ask an operator with the MB internal permission (MB_INTERNAL_PERMISSION) to refresh or resend them.",
    );
    cleanup();
    showPage(['REPORTING', 'MB_INTERNAL_PERMISSION'], [row(9005, failed), row(9004, failed)]);
    expect(screen.getByTestId('completion-failed-alert').textContent).toBe(
      "2 report files did not arrive at the customer's server. The error is shown on each row; refresh or resend starts its transfer again.",
    );
  });

  it('shows on a retried row which attempt failed, when the next runs, and the delivery the utility already has', () => {
    showPage(['REPORTING']);
    const retrying = screen.getByTestId('completion-row-9002');
    expect(retrying.querySelector('[data-testid="file-transfer-time"]')?.textContent).toBe('');
    expect(retrying.querySelector('[data-testid="transfer-status-progress"]')?.textContent).toBe(
      'Attempt 3 of 9 failed; next attempt at 14:05:12.',
    );
    expect(retrying.querySelector('[data-testid="previous-transfer"]')?.textContent).toBe(
      'Previous file PGE_completion_9002_20261120203000.csv arrived 2026-11-20 20:30:05.',
    );
    const failed = screen.getByTestId('completion-row-9003');
    expect(failed.querySelector('[data-testid="previous-transfer"]')).toBeNull();
    expect(failed.querySelector('[data-testid="transfer-status-progress"]')).toBeNull();
  });

  it('says plainly that a report was sent before its campaign was due, and when the final one follows', () => {
    showPage(['REPORTING']);
    expect(
      screen.getByTestId('completion-row-9001').querySelector('[data-testid="sent-early"]')?.textContent,
    ).toBe('Sent early, before the campaign was due; the final report follows at 2026-11-22 17:47:10.');
    expect(screen.getByTestId('completion-row-9002').querySelector('[data-testid="sent-early"]')).toBeNull();
    // A campaign whose retry time the engine has not sent: no due time to name, and the row says why.
    expect(earlyNote({ ...STORED[2]!, DUE_TIME: null, TRANSFER_STATE: 'waiting' })).toBe(
      "Requested early, before the campaign was due; the final report follows 30 minutes after the campaign's medical-baseline retry time, which the messaging engine has not sent yet.",
    );
  });

  it("announces the file an operator's refresh asked for when it arrives, and no other row's change", async () => {
    const xt = STORED[1]!.UPDATE_XT;
    const answer = (...rows: CompletionReportRow[]) => [
      [{ LOGIN_VALID: 1 }],
      [{ MAX_UPDATE_XT: Math.max(xt, ...rows.map((r) => r.UPDATE_XT)) }],
      rows,
    ];
    // Another report's file arrives on its own (a reload shows it, nothing is said).
    const other = row(9003, { TRANSFER_STATE: 'transferred', UPDATE_XT: xt + 1, ATTEMPTS: 1 });
    const arrived = row(9002, {
      TRANSFER_STATE: 'transferred',
      UPDATE_XT: xt + 3,
      ATTEMPTS: 1,
      FILE_TRANSFER_TIME: local(21, 13, 41, 0),
    });
    let refreshed = false;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        if (url.startsWith('/api/refresh-completion-report/')) {
          refreshed = true;
          // The file is made and sent before the call's answer arrives (a fast transfer, a slow network): the
          // list's own reloads meanwhile bring it.
          await new Promise((resolve) => setTimeout(resolve, 300));
          return Response.json([[{ RESULT: 'QUEUED', JOB_ID: 'job-1' }]], { status: 202 });
        }
        return Response.json(refreshed ? answer(other, arrived) : answer(other));
      }),
    );
    localStorage.setItem('debug:pollMs', '50');
    showPage(['REPORTING', 'MB_INTERNAL_PERMISSION']);
    const said = screen.getByTestId('completion-announce');
    expect(said.getAttribute('role')).toBe('status');
    await waitFor(() => expect(screen.getByTestId('completion-row-9003').dataset.state).toBe('transferred'));
    expect(said.textContent).toBe('');

    fireEvent.click(screen.getByRole('button', { name: 'Refresh report 9002' }));
    await waitFor(() =>
      expect(said.textContent).toBe(
        'Report 9002: File PGE_completion_9002_20261121213000.csv arrived 2026-11-21 13:41:00.',
      ),
    );
  });
});

describe('a first visit whose list cannot be fetched', () => {
  it('says the reports could not be loaded, not that the stored list is shown (none is)', async () => {
    localStorage.setItem('sessionToken', 'tok');
    localStorage.setItem('permissions', JSON.stringify(['REPORTING']));
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    render(
      <MantineProvider>
        <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
          <CompletionPage />
        </QueryClientProvider>
      </MantineProvider>,
    );
    expect((await screen.findByTestId('completion-error')).textContent).toBe(
      'Could not load the completion reports: The server cannot be reached. Check your connection; the page ' +
        'retries by itself. The next try is in a minute.',
    );
    expect(screen.getByTestId('completion-checked').textContent).toBe(
      'Nothing loaded yet (none stored in this browser); tried again every minute.',
    );
  });
});

describe('finding a completion report by keyboard', () => {
  it("says 'No report matches this filter.' in a status region that was there before the search was typed", async () => {
    showPage(['REPORTING']);
    const user = userEvent.setup();
    const region = screen.getByTestId('completion-no-match');
    expect(region.getAttribute('role')).toBe('status');
    expect(region.textContent).toBe('');
    await user.type(screen.getByRole('textbox', { name: 'Search completion reports' }), 'no such campaign');
    expect(screen.getByTestId('completion-no-match')).toBe(region);
    expect(region.textContent).toBe('No report matches this filter.');
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Search completion reports' }));
  });
});

describe('a season of completion reports (250 stored)', () => {
  // Newest first (highest ID), as the list is kept.
  const season = Array.from({ length: 250 }, (_, i) =>
    row(1249 - i, { TRANSFER_STATE: 'transferred', FILE_TRANSFER_TIME: local(21, 13, 31, 0) }),
  );

  it('shows 100 rows a page, and a reload keeps the page and the typed search', async () => {
    const xt = season[1]!.UPDATE_XT;
    const changed = row(1010, { TRANSFER_STATE: 'failed', LAST_ERROR: 'cannot connect', UPDATE_XT: xt + 5 });
    let polls = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        polls++;
        return Response.json([[{ LOGIN_VALID: 1 }], [{ MAX_UPDATE_XT: xt + 5 }], [changed]]);
      }),
    );
    localStorage.setItem('debug:pollMs', '50');
    showPage(['REPORTING'], season);
    expect(document.querySelectorAll('[data-testid^="completion-row-"]')).toHaveLength(100);
    expect(screen.getByTestId('row-range').textContent).toBe('Rows 1–100 of 250');

    fireEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(document.querySelectorAll('[data-testid^="completion-row-"]')).toHaveLength(50);
    expect(screen.getByTestId('row-range').textContent).toBe('Rows 201–250 of 250');
    const search = screen.getByRole('textbox', { name: 'Search completion reports' }) as HTMLInputElement;

    await waitFor(() => expect(screen.getByTestId('completion-row-1010').dataset.state).toBe('failed'));
    expect(polls).toBeGreaterThan(0);
    expect(screen.getByTestId('row-range').textContent).toBe('Rows 201–250 of 250');
    expect(screen.getByRole('button', { name: 'Page 3' }).getAttribute('aria-current')).toBe('page');

    fireEvent.change(search, { target: { value: 'Campaign 12' } });
    // 'Campaign 1200'…'Campaign 1249': one page, shown from its first row.
    expect(document.querySelectorAll('[data-testid^="completion-row-"]')).toHaveLength(50);
    expect(screen.queryByTestId('row-range')).toBeNull();
    const pollsBefore = polls;
    await waitFor(() => expect(polls).toBeGreaterThan(pollsBefore));
    expect(search.value).toBe('Campaign 12');
    expect(document.querySelectorAll('[data-testid^="completion-row-"]')).toHaveLength(50);
  });
});

describe('the rows follow a shared clock, and render only when their own report or age changes', () => {
  const NOW = new Date(2026, 10, 21, 13, 40, 0).getTime();
  const shown = () =>
    [...document.querySelectorAll<HTMLElement>('[data-testid^="completion-row-"]')].map(
      (tr) => tr.dataset.testid,
    );

  it('lightens a row exactly when its age passes 1,000,000 s, and says its age in words', () => {
    vi.useFakeTimers({ now: NOW, toFake: ['Date', 'setTimeout', 'clearTimeout'] });
    // Updated 999,990 s (11 days, 13 h 46 min 30 s) ago: shade 0 for 10 s more.
    const aging = row(9101, { UPDATE_XT: (NOW - 999_990_000) * 1000 });
    // Updated 30 s ago: 'just now' for 30 s more, shade 0 for 11 days.
    const fresh = row(9100, { UPDATE_XT: (NOW - 30_000) * 1000 });
    showPage(['REPORTING'], [aging, fresh]);
    const old = screen.getByTestId('completion-row-9101');
    const young = screen.getByTestId('completion-row-9100');
    expect([old.dataset.shade, old.title]).toEqual(['0', 'updated 11 days ago']);
    expect([young.dataset.shade, young.title]).toEqual(['0', 'updated just now']);
    const oldStyle = old.getAttribute('style');

    act(() => vi.advanceTimersByTime(9_999));
    expect(old.dataset.shade).toBe('0');
    expect(old.getAttribute('style')).toBe(oldStyle);
    const rendersBefore = renders.get(9101);
    act(() => vi.advanceTimersByTime(1));
    expect(old.dataset.shade).toBe('1');
    expect(old.getAttribute('style')).not.toBe(oldStyle);
    expect(old.title).toBe('updated 11 days ago');
    expect(renders.get(9101)).toBe((rendersBefore ?? 0) + 1);

    // 'just now' until the row is 60 s old, then minutes; the old row did not render for it.
    expect(young.title).toBe('updated just now');
    act(() => vi.advanceTimersByTime(19_999));
    expect(young.title).toBe('updated just now');
    act(() => vi.advanceTimersByTime(1));
    expect([young.dataset.shade, young.title]).toEqual(['0', 'updated 1 minute ago']);
    expect(renders.get(9101)).toBe((rendersBefore ?? 0) + 1);
  });

  it('filters by title, report ID and dataset ID as letters are typed, rendering no row already shown', async () => {
    const season = Array.from({ length: 250 }, (_, i) =>
      row(1249 - i, { CAMPAIGN_TITLE: i % 2 === 0 ? `Sierra wave ${1249 - i}` : `Bay wave ${1249 - i}` }),
    );
    season[0] = row(1249, { CAMPAIGN_TITLE: 'Kern imminent', DATASET_ID: 77_123 });
    showPage(['REPORTING'], season);
    const search = screen.getByRole('textbox', { name: 'Search completion reports' });
    expect(renders.get(1248)).toBe(1);

    fireEvent.change(search, { target: { value: 'bay' } });
    // Odd positions are 'Bay': 1248, 1246, … (125 of them, 100 on the first page).
    await waitFor(() => expect(screen.getByTestId('row-range').textContent).toBe('Rows 1–100 of 125'));
    expect(shown().slice(0, 3)).toEqual([
      'completion-row-1248',
      'completion-row-1246',
      'completion-row-1244',
    ]);
    // 1248 was shown before and after: it did not render again.
    expect(renders.get(1248)).toBe(1);

    fireEvent.change(search, { target: { value: 'bay wave 124' } });
    await waitFor(() => expect(shown()).toHaveLength(5));
    expect(shown()).toEqual([
      'completion-row-1248',
      'completion-row-1246',
      'completion-row-1244',
      'completion-row-1242',
      'completion-row-1240',
    ]);
    expect(renders.get(1248)).toBe(1);

    fireEvent.change(search, { target: { value: '77123' } });
    await waitFor(() => expect(shown()).toEqual(['completion-row-1249']));
    fireEvent.change(search, { target: { value: '1001' } });
    await waitFor(() => expect(shown()).toEqual(['completion-row-1001']));
  });

  it("renders only the changed row when a check brings another report's change", async () => {
    const xt = STORED[1]!.UPDATE_XT;
    const changed = row(9003, { TRANSFER_STATE: 'transferred', UPDATE_XT: xt + 1, ATTEMPTS: 1 });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json([[{ LOGIN_VALID: 1 }], [{ MAX_UPDATE_XT: xt + 1 }], [changed]])),
    );
    localStorage.setItem('debug:pollMs', '50');
    showPage(['REPORTING', 'MB_INTERNAL_PERMISSION']);
    const before = { 9003: renders.get(9003), 9002: renders.get(9002), 9001: renders.get(9001) };
    await waitFor(() => expect(screen.getByTestId('completion-row-9003').dataset.state).toBe('transferred'));
    // Further checks bring the same change again: nothing more renders.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(renders.get(9003)).toBe((before[9003] ?? 0) + 1);
    expect(renders.get(9002)).toBe(before[9002]);
    expect(renders.get(9001)).toBe(before[9001]);
  });

  it('shows the list as it was after a reload of the page, from the stored list alone', async () => {
    const answer = [[{ LOGIN_VALID: 1 }], [{ MAX_UPDATE_XT: STORED[1]!.UPDATE_XT }], STORED];
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json(answer)),
    );
    localStorage.setItem('sessionToken', 'tok');
    localStorage.setItem('permissions', JSON.stringify(['REPORTING', 'MB_INTERNAL_PERMISSION']));
    const page = () =>
      render(
        <MantineProvider>
          <QueryClientProvider client={new QueryClient()}>
            <CompletionPage />
          </QueryClientProvider>
        </MantineProvider>,
      );
    // Nothing stored: the list is asked for at once, then stored.
    page();
    await waitFor(() => expect(shown()).toHaveLength(3));
    const looks = () =>
      [...document.querySelectorAll<HTMLElement>('[data-testid^="completion-row-"]')].map((tr) => [
        tr.dataset.testid,
        tr.dataset.shade,
        tr.dataset.state,
        tr.title,
        tr.textContent,
      ]);
    const first = looks();
    const stored = localStorage.getItem('completionReports') ?? '';
    expect(stored.length).toBeLessThan(JSON.stringify(STORED).length / 2);
    cleanup();

    stubSilentServer();
    page();
    expect(looks()).toEqual(first);
    expect(first.map((r) => r.slice(0, 3))).toEqual([
      ['completion-row-9003', '0', 'failed'],
      ['completion-row-9002', '0', 'waiting'],
      ['completion-row-9001', '0', 'transferred'],
    ]);
  });
});
