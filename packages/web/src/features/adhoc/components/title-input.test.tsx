// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { signedInWithSilentServer } from '@/lib/jsdom-stubs.ts';
import { titleDraftKey } from '../lib/template-form.ts';
import { draftTemplate } from '../test-fixtures.ts';
import { TitleInput } from './title-input.tsx';

const campaign = draftTemplate({ id_bint: 7, itemUpdate_dt: '2026-11-22T10:00:00.000Z' });

signedInWithSilentServer();

describe('the template title', () => {
  it('turns a pasted tab (two Excel cells) into a space', () => {
    render(
      <MantineProvider>
        <QueryClientProvider client={new QueryClient()}>
          <TitleInput campaign={campaign} locked={false} />
        </QueryClientProvider>
      </MantineProvider>,
    );
    const input = screen.getByLabelText('Template title') as HTMLInputElement;
    expect(input.value).toBe('Wind event');
    fireEvent.change(input, { target: { value: 'North Bay\tWave 2' } });
    expect(input.value).toBe('North Bay Wave 2');
  });
});

describe('a title the server refused', () => {
  it("says why under the title, not only in the badge's tooltip (no hover on a touch screen)", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() =>
        Promise.resolve(
          new Response(JSON.stringify({ error: 'bad_request', message: 'The title is too long.' }), {
            status: 400,
            headers: { 'content-type': 'application/json' },
          }),
        ),
      ),
    );
    render(
      <MantineProvider>
        <QueryClientProvider client={new QueryClient()}>
          <TitleInput campaign={campaign} locked={false} />
        </QueryClientProvider>
      </MantineProvider>,
    );
    fireEvent.change(screen.getByLabelText('Template title'), { target: { value: 'North Bay wave 2' } });
    const alert = await screen.findByTestId('title-save-error', undefined, { timeout: 4000 });
    expect(alert.textContent).toBe(
      'Title not savedThe title is too long. Your edits are kept in this browser and saving is tried again.',
    );
  });
});

describe('after a title conflict is settled by keyboard', () => {
  /** A title typed in this browser from 'Old name', restored while the template is now called 'Wind event'. */
  function showRestoredConflict() {
    localStorage.setItem('userEmail', 'operator@example.com');
    localStorage.setItem(
      titleDraftKey('operator@example.com', 7) ?? '',
      JSON.stringify({ title: 'North Bay wave 2', base: 'Old name' }),
    );
    render(
      <MantineProvider>
        <QueryClientProvider client={new QueryClient()}>
          <TitleInput campaign={campaign} locked={false} />
        </QueryClientProvider>
      </MantineProvider>,
    );
  }

  it('Keep mine puts the focus on the title (the panel and its buttons are gone)', async () => {
    showRestoredConflict();
    const user = userEvent.setup();
    screen.getByTestId('title-conflict-keep-mine').focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByTestId('title-conflict')).toBeNull());
    const input = screen.getByLabelText('Template title') as HTMLInputElement;
    expect(document.activeElement).toBe(input);
    expect(input.value).toBe('North Bay wave 2');
  });

  it('Take theirs puts the focus on the title, now the one on the server', async () => {
    showRestoredConflict();
    vi.stubGlobal(
      'fetch',
      vi.fn(() =>
        Promise.resolve(
          new Response(JSON.stringify({ response: [campaign] }), {
            status: 200,
            headers: { 'content-type': 'application/json' },
          }),
        ),
      ),
    );
    const user = userEvent.setup();
    screen.getByTestId('title-conflict-take-theirs').focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByTestId('title-conflict')).toBeNull());
    const input = screen.getByLabelText('Template title') as HTMLInputElement;
    expect(document.activeElement).toBe(input);
    expect(input.value).toBe('Wind event');
  });
});
