// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { signedInWithSilentServer } from '../../../lib/jsdom-stubs.ts';
import { suppressionKeys } from '../api/keys.ts';
import { SummaryCard } from './summary-card.tsx';

signedInWithSilentServer();

describe('the suppression summary', () => {
  it('keeps the words of a group name whole on a narrow screen (at least 120 px, broken only inside a word too long)', () => {
    const client = new QueryClient({
      defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } },
    });
    client.setQueryData(suppressionKeys.summary(1), {
      data: [{ group_vch: 'Medical exemptions', supress_type: 'SMS', valid_count: 600 }],
      rows: 1,
    });
    render(
      <MantineProvider>
        <QueryClientProvider client={client}>
          <SummaryCard
            page={1}
            onPageChange={() => {}}
            onDelete={() => {}}
            onDownload={() => {}}
            downloading={new Set()}
          />
        </QueryClientProvider>
      </MantineProvider>,
    );
    const cell = screen.getByRole('cell', { name: 'Medical exemptions' });
    expect(cell.style.overflowWrap).toBe('break-word');
    // `word-break: break-word` let the column shrink to a few letters: 'Medic al exemp tions'.
    expect(cell.style.wordBreak).toBe('');
    expect(getComputedStyle(cell).minWidth).toBe('calc(7.5rem * var(--mantine-scale))');
  });
});
