// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import type { SuppressionSummaryAnswer } from '@psps/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { componentTestSurroundings } from '@/lib/jsdom-stubs.ts';
import { suppressionKeys } from '../api/keys.ts';
import { DeleteModal } from './delete-modal.tsx';

const ROW = { group_vch: 'Medical exemptions', supress_type: 'SMS', valid_count: 600 } as const;

/** A JSON answer of the stubbed server. */
function jsonAnswer(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** The group delete dialog over a summary page 2 loaded with 600 values. */
function renderGroupDialog() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(suppressionKeys.summary(2), { data: [ROW], rows: 6 });
  render(
    <MantineProvider>
      <QueryClientProvider client={client}>
        <DeleteModal target={{ kind: 'group', row: ROW, page: 2 }} onClose={() => {}} />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

/** The delete dialog of one value, +14155550123 of Opt-out 2026 (PHONE). */
function renderRowDialog() {
  const row = {
    row_id_bint: 8,
    group_vch: 'Opt-out 2026',
    supress_type: 'PHONE',
    value_vch: '+14155550123',
    start_ts: '2026-11-22T15:00:00.000Z',
    end_ts: null,
    created_ts: '2026-11-22T15:00:00.000Z',
  } as const;
  render(
    <MantineProvider>
      <QueryClientProvider client={new QueryClient()}>
        <DeleteModal target={{ kind: 'row', row }} onClose={() => {}} />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

/** Opens the group delete dialog (renderGroupDialog); the server now answers `now`. */
function openDialog(now: SuppressionSummaryAnswer | Error) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      expect(url).toBe('/api/suppress/getPaginatedCampaigns?page=2&data=groupNameAndType');
      if (now instanceof Error)
        return new Response(JSON.stringify({ error: 'internal', message: now.message }), { status: 500 });
      return jsonAnswer(now);
    }),
  );
  renderGroupDialog();
}

componentTestSurroundings({ silentServer: false });

describe('the group delete dialog', () => {
  it('reads the count again as it opens, and names the current number on its button', async () => {
    openDialog({ data: [{ ...ROW, valid_count: 650 }], rows: 6 });
    expect(await screen.findByRole('button', { name: 'Delete 650 values' })).toBeTruthy();
    expect(screen.getByTestId('delete-count').textContent).toBe('650');
    expect(screen.getByTestId('delete-count-changed').textContent).toBe(
      'The list showed 600 values when it was loaded; another change since makes it 650 values.',
    );
  });

  it('says nothing more when the count is unchanged', async () => {
    openDialog({ data: [ROW], rows: 6 });
    expect(await screen.findByRole('button', { name: 'Delete 600 values' })).toBeTruthy();
    expect(screen.queryByTestId('delete-count-changed')).toBeNull();
  });

  it('does not name a number it could not check again', async () => {
    openDialog({ data: [], rows: 5 });
    expect(await screen.findByRole('button', { name: 'Delete every SMS value' })).toBeTruthy();
    expect(screen.getByTestId('delete-count').textContent).toBe('not known');
    expect(screen.getByTestId('delete-count-changed').textContent).toBe(
      'The list showed 600 values when it was loaded; this group and type is no longer on that page of the summary, so its current count is not known. Every active SMS value of the group is deleted.',
    );
  });

  it('keeps the count shown when it cannot be read, and says so', async () => {
    openDialog(new Error('The server failed.'));
    expect(await screen.findByTestId('delete-count-changed')).toBeTruthy();
    expect(screen.getByTestId('delete-count-changed').textContent).toBe(
      'The current count could not be read (The server failed.); 600 values when the list was loaded.',
    );
    expect(screen.getByRole('button', { name: 'Delete 600 values' })).toBeTruthy();
  });
});

describe('a double click on the delete button', () => {
  it('deletes a group and type once, and shows what that one delete ended', async () => {
    const deletes: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (init?.method !== 'DELETE') return jsonAnswer({ data: [ROW], rows: 6 });
        deletes.push(url);
        // The server ends the values on the first DELETE; a second one finds none left (404).
        return deletes.length === 1
          ? jsonAnswer({ status: 200, deleted: 600 })
          : jsonAnswer(
              {
                error: 'not_found',
                message: 'The group "Medical exemptions" has no active SMS values. Nothing was deleted.',
              },
              404,
            );
      }),
    );
    renderGroupDialog();
    const button = await screen.findByRole('button', { name: 'Delete 600 values' });
    // The count is checked again first; the button waits meanwhile.
    await waitFor(() => expect(button.hasAttribute('disabled')).toBe(false));
    fireEvent.click(button);
    fireEvent.click(button);
    expect(await screen.findByText('Deleted all data for group name: Medical exemptions')).toBeTruthy();
    expect(screen.getByText('600 SMS values ended.')).toBeTruthy();
    expect(deletes).toEqual(['/api/suppress/deleteById/groupNameAndType']);
  });

  it('deletes one value once', async () => {
    const deletes: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        deletes.push(url);
        return deletes.length === 1
          ? jsonAnswer({ status: 200, deleted: 1 })
          : jsonAnswer({ error: 'not_found', message: 'That value is no longer active.' }, 404);
      }),
    );
    renderRowDialog();
    const button = screen.getByRole('button', { name: 'Delete value' });
    fireEvent.click(button);
    fireEvent.click(button);
    expect(await screen.findByText('Row Deleted Successfuly!')).toBeTruthy();
    expect(deletes).toEqual(['/api/suppress/deleteById/8']);
  });
});

describe('a delete whose call never reached the server', () => {
  it('says to try again, not that the page retries by itself (it does not: the operator presses Delete again)', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    renderRowDialog();
    fireEvent.click(screen.getByRole('button', { name: 'Delete value' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      "Row couldn't be Deleted. Try Again!The server cannot be reached. Check your connection and try again.",
    );
  });
});
