import {
  type AdhocLanguageName,
  type AdhocLanguageRecord,
  channelLanguageLabel,
  formatTemplateData,
  isNotifyBy,
  isTemplateDataError,
  type NotifyBy,
  parseTemplateData,
  renderCaret,
  renderTripleBrace,
  renderTripleBraceText,
  SMS_SHORT_CODE,
  sampleData,
  type TemplateDataError,
} from '@psps/contracts';
import { browserTimeZone } from '@/lib/time-zone.ts';
import type { TemplateSave } from '../api/templates.ts';

/** What the operator edits for one language of one channel. Long texts are plain here. */
export interface TemplateForm {
  language: AdhocLanguageName;
  body: string;
  data: string;
  subject: string;
  preview: string;
  from: string | null;
  fromDisplayName: string;
  uploadLive: string | null;
  uploadMachine: string | null;
  retries: number | null;
  replayDigit: string | null;
  dialerAddress: string | null;
}

/**
 * A language without a saved template: blank, with the sample data record in the data field (doc 2 §4).
 * `emailFrom` is the one address the e-mail From list offers (the server's EMAIL_FROM_ADDRESS).
 */
export function blankForm(language: AdhocLanguageName, notifyBy: NotifyBy, emailFrom = ''): TemplateForm {
  return {
    language,
    body: '',
    data: formatTemplateData(sampleData(language, notifyBy, new Date(), browserTimeZone())),
    subject: '',
    preview: '',
    // The one address the From list offers (doc 2 §2.6) is chosen from the start: publishing needs it.
    from: notifyBy === 'SMS' ? SMS_SHORT_CODE : notifyBy === 'EML' ? emailFrom || null : null,
    fromDisplayName: '',
    uploadLive: null,
    uploadMachine: null,
    retries: null,
    replayDigit: null,
    dialerAddress: null,
  };
}

/** A saved language, with its data pretty-printed (left as written when it is not valid JSON). */
export function formFromRecord(record: AdhocLanguageRecord): TemplateForm {
  const data = record.dataMB_txt ?? '';
  const parsed = parseTemplateData(data);
  return {
    language: record.language_vch,
    body: record.templatePGE_txt ?? '',
    data: isTemplateDataError(parsed) ? data : formatTemplateData(parsed),
    subject: record.subject_vch ?? '',
    preview: record.preview_txt ?? '',
    from: record.from_vch,
    fromDisplayName: record.fromDisplayName_vch ?? '',
    uploadLive: record.uploadLive_dt,
    uploadMachine: record.uploadMachine_dt,
    retries: record.retries_bint,
    replayDigit: record.replayDigit_chr,
    dialerAddress: record.dialerAddress,
  };
}

export type RenderResult = { ok: true; text: string; subject: string; preview: string } | TemplateDataError;

/** The preview of a form: its body rendered with its data (caret variables, or triple braces for e-mail). */
export function renderForm(form: TemplateForm, notifyBy: NotifyBy): RenderResult {
  const data = parseTemplateData(form.data);
  if (isTemplateDataError(data)) return data;
  if (notifyBy === 'EML') {
    return {
      ok: true,
      text: renderTripleBrace(form.body, data),
      subject: renderTripleBraceText(form.subject, data),
      preview: renderTripleBraceText(form.preview, data),
    };
  }
  return { ok: true, text: renderCaret(form.body, data), subject: '', preview: '' };
}

/** The record sent to insertUpdate; renderMB_txt is the preview as the operator saw it. */
export function toSave(form: TemplateForm, campaignId: number, notifyBy: NotifyBy): TemplateSave {
  const rendered = renderForm(form, notifyBy);
  const record: TemplateSave = {
    id_bint_adhoc_campaign: campaignId,
    notifyBy_vch: notifyBy,
    language_vch: form.language,
    templatePGE_txt: form.body,
    templateMB_txt: form.body,
    renderMB_txt: 'ok' in rendered ? rendered.text : null,
    from_vch: form.from,
  };
  // Data that is not valid template data cannot be saved: the server would refuse the whole save with it, so every
  // other edit would wait on it. The rest is saved; the data keeps its saved value until it is valid again (the
  // data field says what is wrong).
  if ('ok' in rendered) record.dataMB_txt = form.data;
  if (notifyBy === 'EML') {
    Object.assign(record, {
      subject_vch: form.subject,
      preview_txt: form.preview,
      fromDisplayName_vch: form.fromDisplayName,
    });
  }
  if (notifyBy === 'PHON') {
    Object.assign(record, {
      uploadLive_dt: form.uploadLive,
      uploadMachine_dt: form.uploadMachine,
      retries_bint: form.retries,
      replayDigit_chr: form.replayDigit,
      dialerAddress: form.dialerAddress,
    });
  }
  return record;
}

/**
 * A local draft: the form as typed and the version of the saved record it was based on (0: none). Restored only
 * while that version is still the saved one; otherwise the operator compares it with the saved text first.
 */
export type TemplateDraft = TemplateForm & { base: number };

export const DRAFT_PREFIX = 'adhoc-draft:';

/**
 * Where the unsaved draft of a language lives in this browser: per user (`session.draftOwner()`), so a draft is
 * offered again to whoever typed it, after a reload or a lost session, and never to anyone else. Undefined when
 * no one is signed in.
 */
export function draftKey(
  owner: string,
  campaignId: number,
  notifyBy: NotifyBy,
  language: string,
): string | undefined {
  const prefix = templateDraftPrefix(owner, campaignId);
  return prefix && `${prefix}${notifyBy}:${language}`;
}

/** The draft key of a template's title. */
export function titleDraftKey(owner: string, campaignId: number): string | undefined {
  const prefix = templateDraftPrefix(owner, campaignId);
  return prefix && `${prefix}title`;
}

/** The draft key of a template's tester contact (voice number, SMS number or e-mail address) for this user. */
export function testerDraftKey(owner: string, campaignId: number, field: string): string | undefined {
  const prefix = templateDraftPrefix(owner, campaignId);
  return prefix && `${prefix}${field}`;
}

/** What every draft key of one user's template starts with; undefined when no one is signed in. */
function templateDraftPrefix(owner: string, campaignId: number): string | undefined {
  return owner ? `${DRAFT_PREFIX}${encodeURIComponent(owner)}:${campaignId}:` : undefined;
}

/** The drafts stored in this browser under a key prefix: each key, its rest after the prefix, its parsed value. */
function* storedDrafts(prefix: string): Generator<{ key: string; rest: string; value: unknown }> {
  for (let i = 0; i < localStorage.length; i++) {
    const key = localStorage.key(i);
    if (!key?.startsWith(prefix)) continue;
    try {
      yield { key, rest: key.slice(prefix.length), value: JSON.parse(localStorage.getItem(key) ?? 'null') };
    } catch {
      // not a draft this console wrote
    }
  }
}

/** The scope of a template's unsaved edits (UnsavedEditor's scope), by which they are discarded together. */
export function adhocScope(campaignId: number): string {
  return `adhoc:${campaignId}`;
}

/** A draft this user left for a template, as the operator is shown it to copy: what it is and its text. */
export interface LeftDraft {
  storageKey: string;
  label: string;
  text: string;
}

const TESTER_LABELS: Readonly<Record<string, string>> = {
  testerPhon_vch: 'Voice tester number',
  testerSms_vch: 'SMS tester number',
  testerEmail_vch: 'e-Mail tester address',
};

/**
 * Every draft this user left in the browser for a template (its title, its tester contacts, each channel's
 * languages), with its text: what is shown when the template is gone, so that nothing typed is lost unseen.
 */
export function templateDrafts(owner: string, campaignId: number): LeftDraft[] {
  const prefix = templateDraftPrefix(owner, campaignId);
  if (!prefix) return [];
  const drafts: LeftDraft[] = [];
  for (const { key: storageKey, rest, value } of storedDrafts(prefix)) {
    const [what = '', language] = rest.split(':');
    if (what === 'title' && typeof (value as { title?: unknown } | null)?.title === 'string') {
      drafts.push({ storageKey, label: 'Title', text: (value as { title: string }).title });
    } else if (what in TESTER_LABELS && typeof value === 'string') {
      drafts.push({ storageKey, label: TESTER_LABELS[what]!, text: value });
    } else if (isNotifyBy(what) && language !== undefined && value !== null && typeof value === 'object') {
      const form = value as Partial<TemplateForm>;
      const body = what === 'EML' ? textOfHtml(form.body ?? '') : (form.body ?? '');
      const text = what === 'EML' && form.subject ? `Subject: ${form.subject}\n\n${body}` : body;
      drafts.push({ storageKey, label: channelLanguageLabel(what, language), text });
    }
  }
  return drafts.sort((a, b) => a.label.localeCompare(b.label));
}

/** The text of an e-mail body written in HTML: paragraphs and line breaks as new lines. */
function textOfHtml(html: string): string {
  const spaced = html.replace(/<br\s*\/?>/gi, '\n').replace(/<\/(p|div|h[1-6]|li)>/gi, '$&\n');
  return (new DOMParser().parseFromString(spaced, 'text/html').body.textContent ?? '').trim();
}

/** Every draft of one channel of a template this user left in the browser, by language. */
export function channelDrafts(
  owner: string,
  campaignId: number,
  notifyBy: NotifyBy,
): Map<string, TemplateDraft> {
  const drafts = new Map<string, TemplateDraft>();
  const prefix = draftKey(owner, campaignId, notifyBy, '');
  if (!prefix) return drafts;
  for (const { rest, value } of storedDrafts(prefix)) {
    const draft = value as TemplateDraft | null;
    if (draft && typeof draft.base === 'number' && draft.language === rest) drafts.set(draft.language, draft);
  }
  return drafts;
}

/** The form of a draft, without what it was based on. */
export function formOfDraft(draft: TemplateDraft): TemplateForm {
  const { base: _base, ...form } = draft;
  return form;
}

/** Why a form cannot be saved whole (its data is kept back while not valid JSON; the rest is saved), or null. */
export function unsavedReason(form: TemplateForm): string | null {
  return isTemplateDataError(parseTemplateData(form.data)) ? 'preview data is not valid JSON' : null;
}
