// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import type { SuppressionSummaryAnswer } from '@psps/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubBrowserApis } from '../../../lib/jsdom-stubs.ts';
import { suppressionKeys } from '../api/keys.ts';
import { DeleteModal } from './delete-modal.tsx';

const ROW = { group_vch: 'Medical exemptions', supress_type: 'SMS', valid_count: 600 } as const;

/** Opens the group delete dialog over a summary page 2 loaded with 600 values; the server now answers `now`. */
function openDialog(now: SuppressionSummaryAnswer | Error) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      expect(url).toBe('/api/suppress/getPaginatedCampaigns?page=2&data=groupNameAndType');
      if (now instanceof Error)
        return new Response(JSON.stringify({ error: 'internal', message: now.message }), { status: 500 });
      return new Response(JSON.stringify(now), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
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

beforeEach(() => {
  localStorage.setItem('sessionToken', 'tok');
  stubBrowserApis();
});
afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
});

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
