// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import type { SuppressionSummaryAnswer } from '@psps/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { signedInWithSilentServer } from '@/lib/jsdom-stubs.ts';
import { suppressionKeys } from '../api/keys.ts';
import { SummaryCard } from './summary-card.tsx';

signedInWithSilentServer();

/** The summary card on page 1, its call answered with `answer`. */
function showSummary(answer: SuppressionSummaryAnswer) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } },
  });
  client.setQueryData(suppressionKeys.summary(1), answer);
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
}

describe('the suppression summary', () => {
  it('keeps the words of a group name whole on a narrow screen (at least 120 px, broken only inside a word too long)', () => {
    showSummary({
      data: [{ group_vch: 'Medical exemptions', supress_type: 'SMS', valid_count: 600 }],
      rows: 1,
    });
    const cell = screen.getByRole('cell', { name: 'Medical exemptions' });
    expect(cell.style.overflowWrap).toBe('break-word');
    // `word-break: break-word` let the column shrink to a few letters: 'Medic al exemp tions'.
    expect(cell.style.wordBreak).toBe('');
    expect(getComputedStyle(cell).minWidth).toBe('calc(7.5rem * var(--mantine-scale))');
  });

  it('shows its small pagination (previous, page buttons, next) on a single page too (doc 2 §2.8)', () => {
    showSummary({
      data: [
        { group_vch: 'Bounced e-mails', supress_type: 'EMAIL', valid_count: 1800 },
        { group_vch: 'Opt-out 2026', supress_type: 'PHONE', valid_count: 2500 },
      ],
      rows: 2,
    });
    const nav = screen.getByRole('navigation', { name: 'Summary pages' });
    expect(
      within(nav)
        .getAllByRole('button')
        .map((button) => button.getAttribute('aria-label')),
    ).toEqual(['Previous page', 'Page 1', 'Next page']);
    expect(within(nav).getByRole('button', { name: 'Page 1' }).getAttribute('aria-current')).toBe('page');
    expect(within(nav).getByRole('button', { name: 'Next page' }).getAttribute('aria-disabled')).toBe('true');
    expect(screen.getByTestId('summary-range').textContent).toBe('1–2 of 2 groups and types');
  });
});
