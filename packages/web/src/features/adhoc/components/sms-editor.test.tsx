// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import type { AdhocLanguageName } from '@psps/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { signedInWithSilentServer } from '@/lib/jsdom-stubs.ts';
import type { ChannelEditorState } from '../hooks/use-channel-editor.ts';
import type { TemplateForm } from '../lib/template-form.ts';
import { draftTemplate, languageForm } from '../test-fixtures.ts';
import { DialogsProvider } from './adhoc-dialogs.tsx';
import { SmsEditor } from './sms-editor.tsx';

signedInWithSilentServer();
// The autosizing text areas listen for web fonts, which jsdom lacks.
Object.defineProperty(document, 'fonts', {
  value: { addEventListener: () => {}, removeEventListener: () => {} },
  configurable: true,
});

const template = draftTemplate();

const english = languageForm({ body: 'Power will be shut off.', from: '97633' });

/** The SMS tab of ADHOC-5 with English loaded; what is typed is kept, as the template's editor keeps it. */
function SmsTab({ initial = english }: { initial?: TemplateForm }) {
  const [form, setForm] = useState(initial);
  const editor = {
    id: 5,
    campaign: template,
    notifyBy: 'SMS',
    language: initial.language as AdhocLanguageName,
    savedLanguages: new Set<AdhocLanguageName>(['english']),
    conflictLanguages: new Set<AdhocLanguageName>(),
    unsavedLanguages: new Set<AdhocLanguageName>(),
    records: { data: [] },
    locked: false,
    form,
    revision: 0,
    restoredDraft: false,
    conflict: null,
    update: (patch: Partial<TemplateForm>) => setForm((current) => ({ ...current, ...patch })),
    rebase: vi.fn(),
    autosave: { status: 'saved', error: null, flush: vi.fn(async () => true), hasUnsaved: false },
    selectLanguage: vi.fn(),
    removeLanguage: vi.fn(),
  } as unknown as ChannelEditorState;
  return <SmsEditor editor={editor} locked={false} />;
}

function show(initial?: TemplateForm) {
  render(
    <MantineProvider>
      <QueryClientProvider client={new QueryClient()}>
        <DialogsProvider>
          <SmsTab initial={initial} />
        </DialogsProvider>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

/** The texts the Body's `aria-describedby` points at. */
function descriptionOf(element: HTMLElement) {
  return (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter((id) => id !== '')
    .map((id) => document.getElementById(id)?.textContent);
}

describe('the SMS counter (n/1000) is the Body field’s description', () => {
  it('the Body is described by its counter, which follows what is typed', async () => {
    show();
    const user = userEvent.setup();
    const body = screen.getByRole('textbox', { name: 'Body' });
    expect(descriptionOf(body)).toEqual(['23/1000 characters']);
    expect(screen.getByTestId('sms-counter').textContent).toBe('23/1000');
    await user.click(body);
    await user.keyboard(' Stay safe.');
    expect((body as HTMLTextAreaElement).value).toBe('Power will be shut off. Stay safe.');
    expect(descriptionOf(body)).toEqual(['34/1000 characters']);
    expect(screen.getByRole('textbox', { name: 'Body', description: '34/1000 characters' })).toBe(body);
  });

  it('sits between the label Body and the text area, and is not a live region (not said at each keystroke)', () => {
    show();
    const body = screen.getByRole('textbox', { name: 'Body' });
    const counter = screen.getByTestId('sms-counter');
    const label = screen.getByText('Body', { selector: 'label' });
    expect(label.compareDocumentPosition(counter) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(counter.compareDocumentPosition(body) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(counter.closest('[aria-live], [role="status"], [role="alert"], [role="log"]')).toBeNull();
  });
});

describe('the preview pane of a right-to-left language', () => {
  it("keeps the console's English sentences left to right, so their period stays at their end", () => {
    show(languageForm({ language: 'arabic', body: 'مرحبا', from: '97633', data: '{ not json' }));
    const pane = screen.getByTestId('sms-preview');
    expect(pane.getAttribute('dir')).toBe('rtl');
    const message = screen.getByText('The preview needs valid data (see below).');
    expect(message.getAttribute('dir')).toBe('ltr');
  });

  it("ends the Body's hint with a left-to-right mark, so '^.' stays at its end in an Arabic text area", () => {
    show(languageForm({ language: 'arabic', body: '', from: '97633', data: '{}' }));
    const body = screen.getByRole('textbox', { name: 'Body' });
    expect(body.closest('[dir="rtl"]')).not.toBeNull();
    expect(body.getAttribute('placeholder')).toBe(
      'Write the text message. Variables are written between carets, e.g. ^customerName^.\u200E',
    );
  });

  it('says "Nothing written yet." left to right in an empty Arabic preview', () => {
    show(languageForm({ language: 'arabic', body: '', from: '97633', data: '{}' }));
    expect(screen.getByTestId('sms-preview').getAttribute('dir')).toBe('rtl');
    expect(screen.getByText('Nothing written yet.').getAttribute('dir')).toBe('ltr');
  });
});

describe('the SMS tab names what makes a text UCS-2', () => {
  it('says a typographic apostrophe made it UCS-2, and nothing once it is a plain one', async () => {
    show(languageForm({ body: 'Don\u2019t wait.', from: '97633', data: '{}' }));
    expect(screen.getByTestId('sms-encoding').textContent).toBe('UCS-2');
    expect(screen.getByTestId('sms-unicode-because').textContent).toBe(
      'UCS-2 because of \u2019 (U+2019): with GSM-7 characters instead, a segment holds 160 characters, not 70.',
    );
    const user = userEvent.setup();
    const body = screen.getByRole('textbox', { name: 'Body' }) as HTMLTextAreaElement;
    await user.clear(body);
    await user.type(body, "Don't wait.");
    expect(screen.getByTestId('sms-encoding').textContent).toBe('GSM-7');
    expect(screen.queryByTestId('sms-unicode-because')).toBeNull();
  });
});

describe('text pasted with combining accents (NFD) is counted as it reads', () => {
  it("composes 'Año de fuego' pasted as A, n, combining tilde, …: 12 characters in GSM-7, not 13 in UCS-2", async () => {
    show(languageForm({ body: '', from: '97633', data: '{}' }));
    const user = userEvent.setup();
    const body = screen.getByRole('textbox', { name: 'Body' }) as HTMLTextAreaElement;
    await user.click(body);
    await user.paste('An\u0303o de fuego');
    expect(body.value).toBe('A\u00f1o de fuego');
    expect(screen.getByTestId('sms-counter').textContent).toBe('12/1000');
    expect(screen.getByTestId('sms-encoding').textContent).toBe('GSM-7');
  });

  it('pastes composed text at the cursor as the browser does', async () => {
    show(languageForm({ body: 'Hola', from: '97633', data: '{}' }));
    const user = userEvent.setup();
    const body = screen.getByRole('textbox', { name: 'Body' }) as HTMLTextAreaElement;
    await user.click(body);
    await user.paste(' señor');
    expect(body.value).toBe('Hola señor');
    expect(screen.getByTestId('sms-counter').textContent).toBe('10/1000');
  });
});
