// @vitest-environment jsdom
import type { CompletionReportRow } from '@psps/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, renderHook } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { refreshCompletionReports, useCompletionReports } from './completion-reports.ts';

const row = (
  ID: number,
  UPDATE_XT: number,
  extra: Partial<CompletionReportRow> = {},
): CompletionReportRow => ({
  ID,
  CAMPAIGN_TITLE: `Campaign ${ID}`,
  DATASET_ID: ID,
  CAMPAIGN_LAUNCH_TIME: '2026-11-20T18:00:00Z',
  MEDBASE_RETRY_TIME: '2026-11-20T20:00:00Z',
  COMPLETION_REPORT_TIME: '2026-11-20T20:30:00Z',
  FILE_TRANSFER_TIME: '2026-11-20T20:30:05Z',
  UPDATE_XT,
  TRANSFER_STATE: 'transferred',
  LAST_ERROR: null,
  ATTEMPTS: 1,
  FILE_NAME: `completion_${ID}.csv`,
  PREVIOUS_TRANSFER_TIME: null,
  PREVIOUS_FILE_NAME: null,
  NEXT_ATTEMPT_TIME: null,
  ATTEMPT_LIMIT: 1,
  DUE_TIME: '2026-11-20T20:30:00Z',
  SENT_EARLY: false,
  ...extra,
});

let answers: unknown[];
let asked: string[];

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem('sessionToken', 'tok');
  answers = [];
  asked = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      asked.push(url);
      return new Response(JSON.stringify(answers.shift()), { status: 200 });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

const stored = () => ({
  rows: JSON.parse(localStorage.getItem('completionReports') ?? 'null') as CompletionReportRow[] | null,
  xt: localStorage.getItem('completionReports_xt'),
});

describe('the completion list asks only for rows changed since the stored stamp', () => {
  it('asks from stamp 0 when nothing is stored, then stores the list with MAX_UPDATE_XT', async () => {
    answers.push([[{ LOGIN_VALID: 1 }], [{ MAX_UPDATE_XT: 200 }], [row(2, 200), row(1, 100)]]);
    const rows = await refreshCompletionReports();
    expect(asked).toEqual(['/api/completion-reports/tok/0']);
    expect(rows.map((r) => r.ID)).toEqual([2, 1]);
    expect(stored().xt).toBe('200');
    expect(stored().rows?.map((r) => r.ID)).toEqual([2, 1]);
  });

  it('sends the stored stamp and replaces the changed row in the stored list', async () => {
    localStorage.setItem('completionReports', JSON.stringify([row(2, 200), row(1, 100)]));
    localStorage.setItem('completionReports_xt', '200');
    answers.push([
      [{ LOGIN_VALID: 1 }],
      [{ MAX_UPDATE_XT: 300 }],
      [row(1, 300, { TRANSFER_STATE: 'waiting' })],
    ]);
    const rows = await refreshCompletionReports();
    expect(asked).toEqual(['/api/completion-reports/tok/200']);
    expect(rows.map((r) => [r.ID, r.UPDATE_XT, r.TRANSFER_STATE])).toEqual([
      [2, 200, 'transferred'],
      [1, 300, 'waiting'],
    ]);
    expect(stored().xt).toBe('300');
  });

  it('rebuilds the list from stamp 0 when the server is behind the stored stamp (restored database)', async () => {
    localStorage.setItem('completionReports', JSON.stringify([row(9, 900)]));
    localStorage.setItem('completionReports_xt', '900');
    answers.push([[{ LOGIN_VALID: 1 }], [{ MAX_UPDATE_XT: 100 }], []]);
    answers.push([[{ LOGIN_VALID: 1 }], [{ MAX_UPDATE_XT: 100 }], [row(1, 100)]]);
    const rows = await refreshCompletionReports();
    expect(asked).toEqual(['/api/completion-reports/tok/900', '/api/completion-reports/tok/0']);
    expect(rows.map((r) => r.ID)).toEqual([1]);
    expect(stored().xt).toBe('100');
  });

  it('signs the user out when the answer says LOGIN_VALID 0', async () => {
    localStorage.setItem('completionReports', JSON.stringify([row(1, 100)]));
    localStorage.setItem('completionReports_xt', '100');
    answers.push([[{ LOGIN_VALID: 0 }]]);
    await expect(refreshCompletionReports()).rejects.toThrow('Your session has ended');
    expect(localStorage.getItem('sessionToken')).toBeNull();
    expect(stored().rows).toBeNull();
  });
});

describe('a check that finds nothing changed, with a season of reports stored', () => {
  it('hands back the same rows without writing the stored list again', async () => {
    localStorage.setItem('completionReports', JSON.stringify([row(2, 200), row(1, 100)]));
    localStorage.setItem('completionReports_xt', '200');
    answers.push([[{ LOGIN_VALID: 1 }], [{ MAX_UPDATE_XT: 200 }], []]);
    answers.push([[{ LOGIN_VALID: 1 }], [{ MAX_UPDATE_XT: 200 }], []]);
    const first = await refreshCompletionReports();
    const write = vi.spyOn(Storage.prototype, 'setItem');
    const second = await refreshCompletionReports();
    expect(second).toBe(first);
    expect(second.map((r) => r.ID)).toEqual([2, 1]);
    expect(write).not.toHaveBeenCalled();
    write.mockRestore();
  });

  it('reads the stored text again when another tab has changed it', async () => {
    localStorage.setItem('completionReports', JSON.stringify([row(2, 200)]));
    localStorage.setItem('completionReports_xt', '200');
    answers.push([[{ LOGIN_VALID: 1 }], [{ MAX_UPDATE_XT: 200 }], []]);
    answers.push([[{ LOGIN_VALID: 1 }], [{ MAX_UPDATE_XT: 300 }], []]);
    expect((await refreshCompletionReports()).map((r) => r.ID)).toEqual([2]);
    localStorage.setItem('completionReports', JSON.stringify([row(3, 300), row(2, 200)]));
    localStorage.setItem('completionReports_xt', '300');
    expect((await refreshCompletionReports()).map((r) => r.ID)).toEqual([3, 2]);
    expect(asked).toEqual(['/api/completion-reports/tok/200', '/api/completion-reports/tok/300']);
  });
});

describe('the stored list keeps what the screen shows, compactly', () => {
  it('stores each row in short fields, times in seconds, leaving out what is empty', async () => {
    answers.push([[{ LOGIN_VALID: 1 }], [{ MAX_UPDATE_XT: 200 }], [row(2, 200)]]);
    await refreshCompletionReports();
    expect(JSON.parse(localStorage.getItem('completionReports') ?? 'null')).toEqual([
      {
        ID: 2,
        UPDATE_XT: 200,
        TRANSFER_STATE: 'transferred',
        t: 'Campaign 2',
        l: 1795197600,
        r: 1795204800,
        c: 1795206600,
        f: 1795206605,
        a: 1,
        n: 'completion_2.csv',
        m: 1,
      },
    ]);
  });

  it('reads back every field the screen shows, to the millisecond', async () => {
    const early = row(7, 700, {
      DATASET_ID: 70,
      CAMPAIGN_LAUNCH_TIME: '2026-11-20T18:00:00.250Z',
      FILE_TRANSFER_TIME: null,
      TRANSFER_STATE: 'waiting',
      LAST_ERROR: 'File transfer to sftp://u:***@h:22/: timed out',
      ATTEMPTS: 2,
      PREVIOUS_TRANSFER_TIME: '2026-11-19T20:30:05.007Z',
      PREVIOUS_FILE_NAME: 'completion_7_old.csv',
      NEXT_ATTEMPT_TIME: '2026-11-20T21:00:00.999Z',
      ATTEMPT_LIMIT: 9,
      DUE_TIME: '2026-11-22T17:47:10.000Z',
      SENT_EARLY: true,
    });
    const due = row(6, 600, {
      CAMPAIGN_LAUNCH_TIME: null,
      FILE_NAME: null,
      ATTEMPTS: 0,
      ATTEMPT_LIMIT: null,
    });
    answers.push([[{ LOGIN_VALID: 1 }], [{ MAX_UPDATE_XT: 700 }], [early, due]]);
    await refreshCompletionReports();
    // A fresh page: the stored text is read anew.
    localStorage.setItem('completionReports', `${localStorage.getItem('completionReports')} `);
    answers.push([[{ LOGIN_VALID: 1 }], [{ MAX_UPDATE_XT: 700 }], []]);
    const read = await refreshCompletionReports();
    const iso = (text: string | null) => (text === null ? null : new Date(text).toISOString());
    expect(read).toEqual([
      {
        ...early,
        MEDBASE_RETRY_TIME: '2026-11-20T20:00:00.000Z',
        COMPLETION_REPORT_TIME: '2026-11-20T20:30:00.000Z',
      },
      {
        ...due,
        MEDBASE_RETRY_TIME: iso(due.MEDBASE_RETRY_TIME),
        COMPLETION_REPORT_TIME: iso(due.COMPLETION_REPORT_TIME),
        FILE_TRANSFER_TIME: '2026-11-20T20:30:05.000Z',
        // Told only by a report sent early.
        DUE_TIME: null,
      },
    ]);
  });

  it('drops a stored row it cannot read, and asks for every row again', async () => {
    localStorage.setItem(
      'completionReports',
      JSON.stringify([{ ID: 2, UPDATE_XT: 200, TRANSFER_STATE: 'sent' }]),
    );
    localStorage.setItem('completionReports_xt', '200');
    answers.push([[{ LOGIN_VALID: 1 }], [{ MAX_UPDATE_XT: 200 }], [row(2, 200)]]);
    const rows = await refreshCompletionReports();
    expect(asked).toEqual(['/api/completion-reports/tok/0']);
    expect(rows.map((r) => r.ID)).toEqual([2]);
  });
});

describe('the completion list is checked every 60 seconds (document 1 §4, §9)', () => {
  it('with a stored list, checks first 60 seconds after opening, then every 60 seconds', async () => {
    answers.push([[{ LOGIN_VALID: 1 }], [{ MAX_UPDATE_XT: 200 }], [row(2, 200), row(1, 100)]]);
    await refreshCompletionReports();
    asked = [];
    const unchanged = [[{ LOGIN_VALID: 1 }], [{ MAX_UPDATE_XT: 200 }], []];
    answers.push(unchanged, unchanged);
    vi.useFakeTimers();
    try {
      const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
      const wrapper = ({ children }: { children: ReactNode }) =>
        createElement(QueryClientProvider, { client }, children);
      const { result } = renderHook(() => useCompletionReports(), { wrapper });
      expect(result.current.data?.map((r) => r.ID)).toEqual([2, 1]);
      await vi.advanceTimersByTimeAsync(59_999);
      expect(asked).toEqual([]);
      await vi.advanceTimersByTimeAsync(1);
      expect(asked).toEqual(['/api/completion-reports/tok/200']);
      await vi.advanceTimersByTimeAsync(59_999);
      expect(asked).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(1);
      expect(asked).toEqual(['/api/completion-reports/tok/200', '/api/completion-reports/tok/200']);
      cleanup();
      client.clear();
    } finally {
      vi.useRealTimers();
    }
  });
});
