// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import type { AdhocCampaign, AdhocLanguageName } from '@psps/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { signedInWithSilentServer } from '../../../lib/jsdom-stubs.ts';
import type { ChannelEditorState } from '../hooks/use-channel-editor.ts';
import type { TemplateForm } from '../lib/template-form.ts';
import { DialogsProvider } from './adhoc-dialogs.tsx';
import { EmailEditor } from './email-editor.tsx';

signedInWithSilentServer();
// The data field's autosizing textarea listens for web fonts, which jsdom lacks.
Object.defineProperty(document, 'fonts', {
  value: { addEventListener: () => {}, removeEventListener: () => {} },
  configurable: true,
});
// ProseMirror scrolls the cursor into view with a Range's rectangles, which jsdom does not measure.
Range.prototype.getClientRects = () =>
  ({ length: 0, item: () => null, [Symbol.iterator]: [][Symbol.iterator] }) as unknown as DOMRectList;
Range.prototype.getBoundingClientRect = () => new DOMRect(0, 0, 0, 0);

const template: AdhocCampaign = {
  id_bint: 5,
  name_vch: 'Wind event',
  languageCount_bint: 1,
  status_vch: 'DRAFT',
  itemUpdate_dt: '2026-11-21T12:00:00.000Z',
  testerPhon_vch: null,
  testerSms_vch: null,
  testerEmail_vch: null,
  publish_dt: null,
  unpublishedEdits_bint: 0,
};

const form: TemplateForm = {
  language: 'english',
  body: '<p>Power will be shut off.</p>',
  data: '{}',
  subject: 'Outage',
  preview: '',
  from: null,
  fromDisplayName: '',
  uploadLive: null,
  uploadMachine: null,
  retries: null,
  replayDigit: null,
  dialerAddress: null,
};

/** The e-mail tab of ADHOC-5 with English saved and loaded. */
function show() {
  const editor = {
    id: 5,
    campaign: template,
    notifyBy: 'EML',
    language: 'english' as AdhocLanguageName,
    savedLanguages: new Set<AdhocLanguageName>(['english']),
    conflictLanguages: new Set<AdhocLanguageName>(),
    unsavedLanguages: new Set<AdhocLanguageName>(),
    locked: false,
    form,
    revision: 0,
    restoredDraft: false,
    conflict: null,
    update: vi.fn(),
    rebase: vi.fn(),
    autosave: { status: 'saved', error: null, flush: vi.fn(async () => true), hasUnsaved: false },
    selectLanguage: vi.fn(),
    removeLanguage: vi.fn(),
  } as unknown as ChannelEditorState;
  render(
    <MantineProvider>
      <QueryClientProvider client={new QueryClient()}>
        <DialogsProvider>
          <EmailEditor editor={editor} locked={false} />
        </DialogsProvider>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

describe('the e-mail body (rich text editor) shows where the focus is', () => {
  it('is ringed while its text has the focus, and not once Tab has left it', async () => {
    show();
    const user = userEvent.setup();
    const root = screen.getByTestId('email-body');
    const text = await waitFor(() => {
      const found = root.querySelector<HTMLElement>('[contenteditable="true"]');
      if (!found?.textContent?.includes('Power will be shut off.')) throw new Error('body not loaded yet');
      return found;
    });
    expect(root.style.outline).toBe('');
    expect(root.getAttribute('data-focused')).toBeNull();

    // Tab from the last toolbar button reaches the text.
    screen.getByRole('button', { name: 'Undo' }).focus();
    await user.tab();
    expect(document.activeElement).toBe(text);
    await waitFor(() => expect(root.getAttribute('data-focused')).toBe('true'));
    expect(root.style.outline).toBe('2px solid var(--mantine-primary-color-filled)');
    expect(root.style.outlineOffset).toBe('2px');

    await user.tab();
    expect(document.activeElement).toBe(screen.getByTestId('data-field'));
    await waitFor(() => expect(root.getAttribute('data-focused')).toBeNull());
    expect(root.style.outline).toBe('');
  });
});
