// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubBrowserApis } from '@/lib/jsdom-stubs.ts';
import { PageNav } from './page-nav.tsx';

/** The results' page buttons (50 pages, 10 buttons, first and last), turning pages as an operator does. */
function Paged({ start, onChange }: { start: number; onChange: (page: number) => void }) {
  const [page, setPage] = useState(start);
  return (
    <PageNav
      label="Search result pages"
      page={page}
      pages={50}
      maxButtons={10}
      withEdges
      onChange={(next) => {
        onChange(next);
        setPage(next);
      }}
    />
  );
}

beforeEach(() => stubBrowserApis());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the page buttons, by keyboard', () => {
  it('keep the focus on Last page once on the last page, which then says it is unavailable and does nothing', async () => {
    const onChange = vi.fn();
    render(
      <MantineProvider>
        <Paged start={2} onChange={onChange} />
      </MantineProvider>,
    );
    const user = userEvent.setup();
    const last = screen.getByRole('button', { name: 'Last page' });
    last.focus();
    await user.keyboard('{Enter}');
    expect(onChange).toHaveBeenCalledWith(50);
    expect(screen.getByRole('button', { name: 'Page 50' }).getAttribute('aria-current')).toBe('page');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Last page' }));
    expect(screen.getByRole('button', { name: 'Last page' }).getAttribute('aria-disabled')).toBe('true');
    expect(screen.getByRole('button', { name: 'Next page' }).getAttribute('aria-disabled')).toBe('true');
    await user.keyboard('{Enter}');
    expect(onChange).toHaveBeenCalledTimes(1);
  });

  it('keep the focus on First page once on page 1, and Previous page then says it is unavailable', async () => {
    const onChange = vi.fn();
    render(
      <MantineProvider>
        <Paged start={7} onChange={onChange} />
      </MantineProvider>,
    );
    const user = userEvent.setup();
    screen.getByRole('button', { name: 'First page' }).focus();
    await user.keyboard(' ');
    expect(onChange).toHaveBeenCalledWith(1);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'First page' }));
    expect(screen.getByRole('button', { name: 'First page' }).getAttribute('aria-disabled')).toBe('true');
    expect(screen.getByRole('button', { name: 'Previous page' }).getAttribute('aria-disabled')).toBe('true');
    expect(screen.getByRole('button', { name: 'Next page' }).getAttribute('aria-disabled')).toBeNull();
    // Unavailable, it is still a Tab stop: the operator hears where they are.
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Previous page' }));
  });
});

describe('the page buttons, by screen reader', () => {
  it('say the page shown politely, in a region there before the press, as the focus stays on Next page', async () => {
    render(
      <MantineProvider>
        <Paged start={1} onChange={() => {}} />
      </MantineProvider>,
    );
    const user = userEvent.setup();
    const status = screen.getByRole('status');
    expect(status.textContent).toBe('Page 1 of 50');
    screen.getByRole('button', { name: 'Next page' }).focus();
    await user.keyboard('{Enter}');
    // The same element (a region added with its text is not read by every screen reader), now with the new page.
    expect(screen.getByRole('status')).toBe(status);
    expect(status.textContent).toBe('Page 2 of 50');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Next page' }));
  });
});
