// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import type { CompletionReportRow } from '@psps/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubBrowserApis, stubSilentServer } from '../../../lib/jsdom-stubs.ts';
import { CompletionPage } from './completion-page.tsx';

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

  it('shows 100 rows a page, and a reload keeps the page and the typed search', {
    timeout: 30_000,
  }, async () => {
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
