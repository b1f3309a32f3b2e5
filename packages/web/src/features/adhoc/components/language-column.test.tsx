// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import type { AdhocCampaign, AdhocLanguageName, NotifyBy } from '@psps/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubBrowserApis, stubSilentServer } from '@/lib/jsdom-stubs.ts';
import type { ChannelEditorState } from '../hooks/use-channel-editor.ts';
import { draftTemplate } from '../test-fixtures.ts';
import { DialogsProvider } from './adhoc-dialogs.tsx';
import { LanguageColumn, SegmentBadge } from './language-column.tsx';

const campaign = (tester: Partial<AdhocCampaign>): AdhocCampaign => draftTemplate(tester);

/** The part of a channel editor the language column reads: English saved, nothing unsaved. */
function editorOf(notifyBy: NotifyBy, template: AdhocCampaign, locked = false) {
  const flush = vi.fn(async () => true);
  const editor = {
    id: template.id_bint,
    campaign: template,
    notifyBy,
    language: 'english' as AdhocLanguageName,
    savedLanguages: new Set<AdhocLanguageName>(['english']),
    conflictLanguages: new Set<AdhocLanguageName>(),
    unsavedLanguages: new Set<AdhocLanguageName>(),
    locked,
    form: null,
    autosave: { flush, hasUnsaved: false },
    selectLanguage: vi.fn(),
    removeLanguage: vi.fn(),
  } as unknown as ChannelEditorState;
  return { editor, flush };
}

/** Draws the column of `notifyBy`; `saved` replaces the saved languages (English by default). */
function show(notifyBy: NotifyBy, template: AdhocCampaign, locked = false, saved?: AdhocLanguageName[]) {
  const { editor: made, flush } = editorOf(notifyBy, template, locked);
  const editor = saved ? ({ ...made, savedLanguages: new Set(saved) } as ChannelEditorState) : made;
  render(
    <MantineProvider env="test">
      <QueryClientProvider client={new QueryClient()}>
        <DialogsProvider>
          <LanguageColumn editor={editor} onInsertVariable={() => {}} />
        </DialogsProvider>
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { flush };
}

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem('sessionToken', 'tok');
  localStorage.setItem('userEmail', 'operator@example.com');
  stubSilentServer();
  stubBrowserApis();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the send buttons check the tester contact before asking', () => {
  it('with no tester e-mail address, Send ENGLISH Only says what is missing under the field and focuses it, without a confirmation', async () => {
    const { flush } = show('EML', campaign({}));
    fireEvent.click(screen.getByRole('button', { name: 'Send ENGLISH Only' }));
    const field = screen.getByTestId('tester-EML');
    await waitFor(() => expect(document.activeElement).toBe(field));
    expect(screen.getByText('Enter a tester e-mail address first.')).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByText('Are you sure you want to send the ENGLISH template?')).toBeNull();
    expect(flush).not.toHaveBeenCalled();
    // Typing takes the words away until the field is left.
    fireEvent.change(field, { target: { value: 'tester@' } });
    expect(screen.queryByText('Enter a tester e-mail address first.')).toBeNull();
  });

  it('with an SMS tester number that is no phone number, Send 1 Languages says why under the field', async () => {
    show('SMS', campaign({ testerSms_vch: '555' }));
    fireEvent.click(screen.getByRole('button', { name: 'Send 1 Languages' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('tester-SMS')));
    expect(
      screen.getByText(
        'The tester SMS number "555" is not a phone number (use +country code, or 10 digits in North America).',
      ),
    ).toBeTruthy();
    expect(screen.queryByText('Are you sure you want to send 1 templates?')).toBeNull();
  });

  it("with a usable tester contact, the specification's confirmation is asked as before", async () => {
    show('SMS', campaign({ testerSms_vch: '+14155550123' }));
    fireEvent.click(screen.getByRole('button', { name: 'Send ENGLISH Only' }));
    expect(await screen.findByText('Are you sure you want to send the ENGLISH template?')).toBeTruthy();
    cleanup();
    show('EML', campaign({ testerEmail_vch: 'tester@utility.test' }));
    fireEvent.click(screen.getByRole('button', { name: 'Send 1 Languages' }));
    expect(await screen.findByText('Are you sure you want to send 1 e-mail templates?')).toBeTruthy();
  });
});

describe('the send buttons with nothing saved for the language', () => {
  it('are disabled and say why beneath them; with the language saved, nothing is said', () => {
    show('PHON', campaign({ testerPhon_vch: '+14155550100' }), false, []);
    expect(screen.getByRole('button', { name: 'Send ENGLISH Only' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('button', { name: 'Send 0 Languages' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByTestId('send-hint-PHON').textContent).toBe(
      'Nothing is saved for English yet: a test sends what is saved.',
    );
    cleanup();
    show('PHON', campaign({ testerPhon_vch: '+14155550100' }));
    expect(screen.getByRole('button', { name: 'Send ENGLISH Only' }).hasAttribute('disabled')).toBe(false);
    expect(screen.queryByTestId('send-hint-PHON')).toBeNull();
  });
});

describe('a LAUNCHED template, which may not be edited (doc 2 §4)', () => {
  it('keeps its test sends, to the tester contact saved before the launch: they test what was launched', async () => {
    show('EML', campaign({ status_vch: 'LAUNCHED', testerEmail_vch: 'tester@utility.test' }), true);
    expect(screen.getByTestId('tester-EML')).toHaveProperty('readOnly', true);
    expect(screen.getByRole('button', { name: 'Send 1 Languages' })).toHaveProperty('disabled', false);
    const one = screen.getByRole('button', { name: 'Send ENGLISH Only' });
    expect(one).toHaveProperty('disabled', false);
    fireEvent.click(one);
    expect(await screen.findByText('Are you sure you want to send the ENGLISH template?')).toBeTruthy();
  });

  it('with no tester contact saved before the launch, a send says that none can be entered now, not to enter one', async () => {
    show('PHON', campaign({ status_vch: 'LAUNCHED' }), true);
    fireEvent.click(screen.getByRole('button', { name: 'Send ENGLISH Only' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('tester-PHON')));
    expect(
      screen.getByText(
        'No tester voice number was saved before this template was launched, and a launched template cannot be changed: no test can be sent on this channel.',
      ),
    ).toBeTruthy();
    expect(screen.queryByText('Enter a tester voice number first.')).toBeNull();
    expect(screen.queryByText('Are you sure you want to send the ENGLISH template?')).toBeNull();
  });
});

describe('a single voice send names the recordings of the library the server uses (doc 2 §7, §9)', () => {
  it("sends lib and the DSSD file names with the server's LIBRARY_YEAR_PREFIX, not the default 2019", async () => {
    // The server's configuration as the console keeps it (GET /api/v1/config): a deployment whose prefix is 2024.
    localStorage.setItem(
      'environment',
      JSON.stringify({
        utilityAbbreviation: 'PG&E',
        providerName: 'Provider',
        providerUrl: 'https://provider.test',
        emailFromAddress: 'psps@utility.test',
        libraryYearPrefix: '2024',
        permissions: ['REPORTING'],
      }),
    );
    const sent: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string, init: RequestInit) => {
        if (!url.endsWith('/api/v1/adhoc/send-email-test')) return new Promise(() => {});
        sent.push(JSON.parse(String(init.body)));
        return Promise.resolve(
          new Response(JSON.stringify({ status: 200, message: { ERRORMESSAGE: '' } }), {
            status: 200,
            headers: { 'content-type': 'application/json' },
          }),
        );
      }),
    );
    const { editor } = editorOf('PHON', campaign({ testerPhon_vch: '+14155550123' }));
    const withRecordings = {
      ...editor,
      form: {
        language: 'english',
        body: 'Hello',
        data: '{}',
        subject: '',
        preview: '',
        from: null,
        fromDisplayName: '',
        uploadLive: '2026-11-21T12:00:00.000Z',
        uploadMachine: '2026-11-21T12:00:00.000Z',
        retries: null,
        replayDigit: null,
        dialerAddress: '5-english',
      },
    } as unknown as ChannelEditorState;
    render(
      <MantineProvider env="test">
        <QueryClientProvider client={new QueryClient()}>
          <DialogsProvider>
            <LanguageColumn editor={withRecordings} onInsertVariable={() => {}} />
          </DialogsProvider>
        </QueryClientProvider>
      </MantineProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Send ENGLISH Only' }));
    await screen.findByText('Are you sure you want to send the ENGLISH template?');
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      id_bint_adhoc_campaign: 5,
      language_vch: 'english',
      notifyBy_vch: 'PHON',
      lib: '20240005',
      live: 'DSSD_01_20240005_02.wav',
      machine: 'DSSD_01_20240005_01.wav',
      dialerAddress: '5-english',
    });
  });
});

describe('the SMS language badges', () => {
  it("say segments, not 'SMS', and explain a segment on hover", async () => {
    render(
      <MantineProvider env="test">
        <SegmentBadge segments={1} />
        <SegmentBadge segments={2} />
      </MantineProvider>,
    );
    const badges = screen.getAllByTestId('language-segments');
    expect(badges.map((badge) => badge.textContent)).toEqual(['1 segment', '2 segments']);
    fireEvent.mouseEnter(badges[1]!);
    expect((await screen.findByRole('tooltip')).textContent).toMatch(
      /^A segment is one text message as the phone network carries it: 160 characters/,
    );
  });
});

describe('deleting a language by keyboard', () => {
  function showSpanishSaved(removed: boolean) {
    const { editor } = editorOf('SMS', campaign({}));
    const removeLanguage = vi.fn(async () => removed);
    const spanish = {
      ...editor,
      language: 'spanish',
      savedLanguages: new Set(['english', 'spanish']),
      removeLanguage,
    } as unknown as ChannelEditorState;
    render(
      <MantineProvider env="test">
        <QueryClientProvider client={new QueryClient()}>
          <DialogsProvider>
            <LanguageColumn editor={spanish} onInsertVariable={() => {}} />
          </DialogsProvider>
        </QueryClientProvider>
      </MantineProvider>,
    );
    return { removeLanguage };
  }

  async function deleteSpanish() {
    const user = userEvent.setup();
    screen.getByRole('button', { name: 'Delete Spanish' }).focus();
    await user.keyboard('{Enter}');
    await screen.findByText('[5:spanish] Are you sure?');
    // The dialog starts on Cancel: Tab to Delete, then Enter.
    await user.tab();
    expect(document.activeElement?.textContent).toBe('Delete');
    await user.keyboard('{Enter}');
  }

  it('puts the focus on English, the language now chosen, not on the top of the page', async () => {
    const { removeLanguage } = showSpanishSaved(true);
    await deleteSpanish();
    await waitFor(() => expect(removeLanguage).toHaveBeenCalledWith('spanish'));
    const english = screen.getByTestId('language-SMS-english');
    await waitFor(() => expect(document.activeElement).toBe(english));
    // Still there after the dialog's own return of the focus (10 ms after it closes).
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(document.activeElement).toBe(english);
    expect(english.getAttribute('tabindex')).toBe('0');
    expect(screen.getByTestId('language-SMS-spanish').getAttribute('tabindex')).toBe('-1');
  });

  it('leaves the focus on the trash icon when the delete failed (the language is still there)', async () => {
    const { removeLanguage } = showSpanishSaved(false);
    await deleteSpanish();
    await waitFor(() => expect(removeLanguage).toHaveBeenCalledWith('spanish'));
    const trash = screen.getByRole('button', { name: 'Delete Spanish' });
    await waitFor(() => expect(document.activeElement).toBe(trash));
  });
});
