import { describe, expect, it } from 'vitest';
import { TOAST_DURATION_MS, TOASTS } from '../texts.ts';
import {
  ADHOC_LIST_COLUMNS,
  ADHOC_LIST_MAX_ROWS,
  ADHOC_SUMMARY_POLL_MS,
  AUTOSAVE_DELAY_MS,
  adhocIdLabel,
  confirmDeleteText,
  confirmSendAllText,
  confirmSendOneText,
  doubleBraceWarningMessage,
  EMAIL_TEMPLATE_WARNING_TITLE,
  lockedTemplateAlert,
  publishButtonLabel,
  publishedText,
  publishIncompleteMessage,
  SEED_CALL_ERROR,
  sendAllLabel,
  sendOneLabel,
  TITLE_AUTOSAVE_DELAY_MS,
  UNPUBLISHED_TEXT,
} from './texts.ts';

describe('ad hoc texts (doc 2)', () => {
  it('shows the list columns and ids as ADHOC-{id}', () => {
    expect(ADHOC_LIST_COLUMNS).toEqual([
      'ADHOC-ID',
      'TEMPLATE TITLE',
      'TEMPLATES',
      'STATUS',
      'LAST UPDATE',
      'ACTIONS',
    ]);
    expect(adhocIdLabel(42)).toBe('ADHOC-42');
  });

  it('alerts that a launched template is locked, naming its status', () => {
    expect(lockedTemplateAlert('LAUNCHED')).toBe(
      'This template is locked because it has already been launched. Once a template has been launched it may not be edited. Current Status: LAUNCHED',
    );
  });

  it("labels the button 'Publish' until published, then 'Re-Publish'", () => {
    expect(publishButtonLabel(null)).toBe('Publish');
    expect(publishButtonLabel('')).toBe('Publish');
    expect(publishButtonLabel('2026-11-21T12:30:00.000Z')).toBe('Re-Publish');
  });

  it('explains when an unpublished template is ready to publish', () => {
    expect(UNPUBLISHED_TEXT).toBe(
      'Template has not yet been published. A template is ready to publish after each language is configured for each channel required for the campaign.',
    );
  });

  it('states the publish date, that updates may be applied before launch and that Re-Publish is allowed until launch', () => {
    expect(publishedText('2026-11-21 04:30:00')).toBe(
      'Template was published on 2026-11-21 04:30:00. Updates may be applied to this template until it is launched; select Re-Publish at any time before launch to publish them.',
    );
  });

  it('asks for confirmation before deleting and sending', () => {
    expect(confirmDeleteText(42, 'spanish')).toBe('[42:spanish] Are you sure?');
    expect(confirmSendOneText('spanish')).toBe('Are you sure you want to send the SPANISH template?');
    expect(confirmSendAllText(3, 'SMS')).toBe('Are you sure you want to send 3 templates?');
    expect(confirmSendAllText(3, 'PHON')).toBe('Are you sure you want to send 3 templates?');
    expect(confirmSendAllText(3, 'EML')).toBe('Are you sure you want to send 3 e-mail templates?');
  });

  it('labels the send buttons with the language and the count of saved languages', () => {
    expect(sendOneLabel('english')).toBe('Send ENGLISH Only');
    expect(sendAllLabel(4)).toBe('Send 4 Languages');
  });

  it('keeps the error and toast texts verbatim', () => {
    expect(SEED_CALL_ERROR).toBe('ERROR: Unable to send seed call');
    expect(TOASTS.publishComplete).toBe('Publish Complete. These templates are ready to launch.');
    expect(TOASTS.uploadComplete).toBe('Upload complete. Future seed dials will include this file.');
    expect(TOAST_DURATION_MS).toBe(5000);
  });

  it('warns about double braces, naming the language template to fix', () => {
    expect(EMAIL_TEMPLATE_WARNING_TITLE).toBe('E-MAIL TEMPLATE WARNING');
    expect(doubleBraceWarningMessage('korean')).toBe(
      'Double curly braces {{ }} are not supported in e-mail templates. Use triple curly braces {{{ }}} for variables, and remove the double curly braces from the KOREAN template.',
    );
  });

  it('shows 100 rows, polls the summary every 50 s and autosaves after 1 s (3 s for e-mail)', () => {
    expect(ADHOC_LIST_MAX_ROWS).toBe(100);
    expect(ADHOC_SUMMARY_POLL_MS).toBe(50000);
    expect(AUTOSAVE_DELAY_MS).toEqual({ PHON: 1000, SMS: 1000, EML: 3000 });
    expect(TITLE_AUTOSAVE_DELAY_MS).toBe(1000);
  });
});

describe('publish refused (doc 2 §2.7)', () => {
  it('lists every missing channel and language by tab name and the language as the Publish tab names it', () => {
    expect(
      publishIncompleteMessage([
        { notifyBy_vch: 'PHON', language_vch: 'spanish', reason: 'missing' },
        { notifyBy_vch: 'EML', language_vch: 'english', reason: 'subject' },
      ]),
    ).toBe(
      'This template is not ready to publish: each language must be configured for each channel the template uses. Missing: Voice Spanish: not configured; e-Mail English: no subject.',
    );
    expect(
      publishIncompleteMessage([
        { notifyBy_vch: 'EML', language_vch: 'chinese-mandarin', reason: 'missing' },
      ]),
    ).toBe(
      'This template is not ready to publish: each language must be configured for each channel the template uses. Missing: e-Mail Chinese (Mandarin): not configured.',
    );
  });
});
