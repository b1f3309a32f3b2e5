// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import type { AdhocCampaign, AdhocLanguageName } from '@psps/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { signedInWithSilentServer } from '@/lib/jsdom-stubs.ts';
import type { ChannelEditorState } from '../hooks/use-channel-editor.ts';
import { languageForm } from '../test-fixtures.ts';
import { ChannelLayout } from './channel-layout.tsx';

signedInWithSilentServer();

const template = { id_bint: 5, name_vch: 'Wind event', status_vch: 'DRAFT' } as AdhocCampaign;

const mine = languageForm({ language: 'spanish', body: 'Hola ^customerName^', from: '97633' });

/**
 * The channel layout of ADHOC-5's SMS tab for an editor state of `fields` (the rest: no conflict, no restored
 * draft, each action a mock), a plain text box as its body.
 */
function showEditor(fields: Record<string, unknown>) {
  const editor = {
    id: 5,
    campaign: template,
    notifyBy: 'SMS',
    conflict: null,
    restoredDraft: false,
    keepMine: vi.fn(),
    takeTheirs: vi.fn(async () => true),
    dismissRestored: vi.fn(),
    ...fields,
  } as unknown as ChannelEditorState;
  render(
    <MantineProvider>
      <QueryClientProvider client={new QueryClient()}>
        <ChannelLayout editor={editor} left={null} middle={<textarea aria-label="Body" />} right={null} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return editor;
}

/** The SMS tab of ADHOC-5 with Spanish refused: a colleague deleted it while it was typed here. */
function show({ taken = true, restoredDraft = false, loading = false } = {}) {
  return showEditor({
    language: 'spanish' as AdhocLanguageName,
    savedLanguages: new Set<AdhocLanguageName>(['english']),
    form: loading ? null : mine,
    conflict:
      restoredDraft || loading
        ? null
        : { current: null, mine, message: 'Someone else deleted this language after you opened it.' },
    restoredDraft,
    autosave: { status: loading ? 'saved' : 'conflict', error: null, flush: vi.fn(async () => false) },
    takeTheirs: vi.fn(async () => taken),
  });
}

describe('a panel closed by its own button leaves the focus on the channel heading', () => {
  it('Keep mine: the focus goes to "SMS · Spanish"', async () => {
    const editor = show();
    const user = userEvent.setup();
    screen.getByTestId('conflict-keep-mine').focus();
    await user.keyboard('{Enter}');
    expect(editor.keepMine).toHaveBeenCalledTimes(1);
    const heading = screen.getByTestId('channel-heading-SMS');
    expect(document.activeElement).toBe(heading);
    expect(heading.textContent).toBe('SMS · Spanish (new)');
    expect(heading.getAttribute('tabindex')).toBe('-1');
  });

  it('Take theirs: the focus goes to the heading once the server copy is loaded', async () => {
    const editor = show();
    const user = userEvent.setup();
    screen.getByTestId('conflict-take-theirs').focus();
    await user.keyboard('{Enter}');
    expect(editor.takeTheirs).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('channel-heading-SMS')));
  });

  it('Take theirs that could not reach the server keeps the focus on the button (the panel stays)', async () => {
    show({ taken: false });
    const user = userEvent.setup();
    const button = screen.getByTestId('conflict-take-theirs');
    button.focus();
    await user.keyboard('{Enter}');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(document.activeElement).toBe(button);
  });

  it('closing the note of restored edits: the focus goes to the heading', async () => {
    const editor = show({ restoredDraft: true });
    const user = userEvent.setup();
    expect(
      screen.getByText('Unsaved edits from this browser were restored and are being saved.'),
    ).toBeTruthy();
    const close = screen.getByRole('button');
    close.focus();
    await user.keyboard('{Enter}');
    expect(editor.dismissRestored).toHaveBeenCalledTimes(1);
    expect(document.activeElement).toBe(screen.getByTestId('channel-heading-SMS'));
  });
});

describe('while a language loads', () => {
  it('claims nothing about it: no "(new)", no "Saved" or "Nothing saved yet", only "Loading Spanish…"', () => {
    show({ loading: true });
    expect(screen.getByTestId('channel-heading-SMS').textContent).toBe('SMS · Spanish');
    expect(screen.queryByTestId('save-status-SMS')).toBeNull();
    expect(screen.getByTestId('language-loading-SMS').textContent).toBe('Loading Spanish…');
  });
});

describe("a language's save held back while another language is shown", () => {
  /** The SMS tab of ADHOC-5 on Hmong, its own text saved; `heldOn` is the language whose save is held back. */
  function showHmong(status: 'incomplete' | 'conflict', heldOn: AdhocLanguageName) {
    showEditor({
      language: 'hmong' as AdhocLanguageName,
      savedLanguages: new Set<AdhocLanguageName>(['english', 'farsi']),
      form: languageForm({ language: 'hmong', body: '', from: '97633' }),
      autosave: {
        status,
        error: null,
        reason: status === 'incomplete' ? 'preview data is not valid JSON' : null,
        statusKey: heldOn,
        flush: vi.fn(async () => false),
      },
    });
  }

  it('names the language whose preview data is not valid JSON: "NOT SAVED (Farsi): …" beside "SMS · Hmong"', () => {
    showHmong('incomplete', 'farsi');
    expect(screen.getByTestId('save-status-SMS').textContent).toBe(
      'NOT SAVED (Farsi): preview data is not valid JSON',
    );
    expect(screen.getByTestId('save-announce-SMS').textContent).toBe(
      'SMS · Hmong: NOT SAVED (Farsi): preview data is not valid JSON',
    );
  });

  it('names the language changed elsewhere: "NOT SAVED (Farsi): changed elsewhere"', () => {
    showHmong('conflict', 'farsi');
    expect(screen.getByTestId('save-status-SMS').textContent).toBe('NOT SAVED (Farsi): changed elsewhere');
  });

  it('names no language when it is the one shown', () => {
    showHmong('incomplete', 'hmong');
    expect(screen.getByTestId('save-status-SMS').textContent).toBe(
      'NOT SAVED: preview data is not valid JSON',
    );
  });
});
