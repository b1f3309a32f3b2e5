// @vitest-environment jsdom
import type { CompletionReportRow } from '@psps/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { refreshCompletionReports } from './completion-reports.ts';

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
