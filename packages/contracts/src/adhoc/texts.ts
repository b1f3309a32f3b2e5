import { NOTIFY_BY_LABELS, type NotifyBy } from './channels.ts';
import { type AdhocLanguageName, languageDisplayName } from './languages.ts';

/**
 * The fixed texts, labels and limits of ad hoc templates (doc 2 §2, §4, §5, §8, §9), each in one place.
 * Texts in quotes in the specification are kept verbatim, including their spelling.
 */

export const ADHOC_PAGE_TITLE = 'AdHoc Campaigns';
export const ADHOC_ROUTE = '/admin/adhoc-campaigns';
export const NEW_TEMPLATE_LABEL = 'New Template';
/** The name a new template is created with (doc 2 §7: "UI uses 'New Template'"). */
export const NEW_TEMPLATE_NAME = 'New Template';
export const RETURN_TO_LIST_LABEL = 'Return to AdHoc Templates List';
export const ADHOC_LIST_COLUMNS = [
  'ADHOC-ID',
  'TEMPLATE TITLE',
  'TEMPLATES',
  'STATUS',
  'LAST UPDATE',
  'ACTIONS',
] as const;
export const EDITOR_TABS = ['Voice', 'SMS', 'e-Mail', 'Publish'] as const;

/** ADHOC-{id}, as the list shows a template's id. */
export function adhocIdLabel(id: number): string {
  return `ADHOC-${id}`;
}

/** The alert shown on any edit of a launched template (doc 2 §4). */
export function lockedTemplateAlert(status: string): string {
  return `This template is locked because it has already been launched. Once a template has been launched it may not be edited. Current Status: ${status}`;
}

export const PUBLISH_LABEL = 'Publish';
export const REPUBLISH_LABEL = 'Re-Publish';

/** 'Publish' while the template has never been published (publish_dt empty), then 'Re-Publish'. */
export function publishButtonLabel(publishDt: string | null | undefined): string {
  return publishDt ? REPUBLISH_LABEL : PUBLISH_LABEL;
}

export const UNPUBLISHED_TEXT =
  'Template has not yet been published. A template is ready to publish after each language is configured for each channel required for the campaign.';

/**
 * The publish tab's text once published (doc 2 §2.7 gives its content, not its words): the publish date,
 * that updates may still be made before launch, and that Re-Publish is allowed any time before launch.
 * `publishDate` is already formatted for display.
 */
export function publishedText(publishDate: string): string {
  return `Template was published on ${publishDate}. Updates may be applied to this template until it is launched; select Re-Publish at any time before launch to publish them.`;
}

export const UNPUBLISHED_EDITS_BADGE = 'EDITS NOT PUBLISHED';

/**
 * Publishing stores a snapshot: edits saved after it reach no one until Re-Publish. `publishDate` is already
 * formatted for display; `languages` names each edited channel and language ('SMS English').
 */
export function editedSincePublishText(publishDate: string, languages: readonly string[]): string {
  return `Edited since published on ${publishDate}: Re-Publish to send these edits. Not published yet: ${languages.join(', ')}.`;
}

/** The same, once launched: the edits were never published, and can no longer be. */
export function editedSinceLaunchText(publishDate: string, languages: readonly string[]): string {
  return `Edited after it was published on ${publishDate}: these edits were not published and were not launched: ${languages.join(', ')}.`;
}

/** 'SMS English', 'e-Mail Chinese (Mandarin)': a channel and language as the publish tab names them. */
export function channelLanguageLabel(notifyBy: NotifyBy, language: string): string {
  return `${NOTIFY_BY_LABELS[notifyBy]} ${languageDisplayName(language)}`;
}

/** Confirmation before deleting a template or one of its languages (doc 2 §5). */
export function confirmDeleteText(id: number, language: string): string {
  return `[${id}:${language}] Are you sure?`;
}

/** Confirmation before sending the current language (doc 2 §5); the language is shown upper-case. */
export function confirmSendOneText(language: string): string {
  return `Are you sure you want to send the ${language.toUpperCase()} template?`;
}

/** Confirmation before sending every saved language; the e-mail tab words it with 'e-mail' (doc 2 §5). */
export function confirmSendAllText(count: number, notifyBy: NotifyBy): string {
  return notifyBy === 'EML'
    ? `Are you sure you want to send ${count} e-mail templates?`
    : `Are you sure you want to send ${count} templates?`;
}

/** 'Send {LANGUAGE} Only' (doc 2 §2.3). */
export function sendOneLabel(language: string): string {
  return `Send ${language.toUpperCase()} Only`;
}

/** 'Send {n} Languages', n being the count of saved languages (doc 2 §2.3), kept verbatim for n = 1 too. */
export function sendAllLabel(count: number): string {
  return `Send ${count} Languages`;
}

export const SEED_CALL_ERROR = 'ERROR: Unable to send seed call';

export const EMAIL_TEMPLATE_WARNING_TITLE = 'E-MAIL TEMPLATE WARNING';

/** The double-brace warning (doc 2 §5): not supported, use triple braces, remove them from the named language. */
export function doubleBraceWarningMessage(language: string): string {
  return `Double curly braces {{ }} are not supported in e-mail templates. Use triple curly braces {{{ }}} for variables, and remove the double curly braces from the ${language.toUpperCase()} template.`;
}

/** The template list shows the first 100 rows (doc 2 §2.1). */
export const ADHOC_LIST_MAX_ROWS = 100;
/** The per-channel language summary reloads every 50 seconds (doc 2 §4). */
export const ADHOC_SUMMARY_POLL_MS = 50_000;
/** Autosave quiet periods (doc 2 §4): 1 s for voice, SMS and the title; 3 s for e-mail. */
export const AUTOSAVE_DELAY_MS: Readonly<Record<NotifyBy, number>> = { PHON: 1000, SMS: 1000, EML: 3000 };
export const TITLE_AUTOSAVE_DELAY_MS = 1000;

/**
 * Layout numbers the specification fixes (doc 2 §2.5, §2.6): the outer columns of a channel tab (the SMS tab's as
 * stated; the e-mail tab's right column, also a rendered preview, alike).
 */
export const CHANNEL_COLUMN_WIDTHS_PX = { left: 275, right: 715 } as const;
export const EMAIL_BODY_HEIGHT_PX = 800;
export const EMAIL_PREVIEW_ROWS = 5;
/** The longest e-mail subject (a header line's limit, RFC 5322) and From display name a save accepts. */
export const EMAIL_SUBJECT_MAX_LENGTH = 998;
export const EMAIL_DISPLAY_NAME_MAX_LENGTH = 255;

/** Under a field longer than its limit: the save is refused until it is shorter. */
export function tooLongText(max: number, length: number): string {
  return `At most ${max.toLocaleString('en-US')} characters; this has ${length.toLocaleString('en-US')}. Nothing of this language is saved until it is shorter.`;
}

/** Why a channel's language keeps a template from being published (see publishIncompleteMessage). */
export const PUBLISH_GAP_REASONS = {
  missing: 'not configured',
  body: 'no message text',
  voice: 'no message text or live recording',
  subject: 'no subject',
  from: 'no From address',
} as const;
export type PublishGapReason = keyof typeof PUBLISH_GAP_REASONS;
export const PUBLISH_GAP_REASON_CODES = Object.keys(PUBLISH_GAP_REASONS) as [
  PublishGapReason,
  ...PublishGapReason[],
];

export interface PublishGap {
  notifyBy_vch: NotifyBy;
  language_vch: AdhocLanguageName;
  reason: PublishGapReason;
}

/**
 * The 409 message when publish is refused (doc 2 §2.7: "ready to publish after each language is
 * configured for each channel required for the campaign"): every missing channel × language, by tab.
 */
export function publishIncompleteMessage(gaps: readonly PublishGap[]): string {
  if (gaps.length === 0) return 'This template is ready to publish.';
  const items = gaps.map(
    (gap) =>
      `${channelLanguageLabel(gap.notifyBy_vch, gap.language_vch)}: ${PUBLISH_GAP_REASONS[gap.reason]}`,
  );
  return `This template is not ready to publish: each language must be configured for each channel the template uses. Missing: ${items.join('; ')}.`;
}

/** The 409 message when a template has no language in any channel yet. */
export const PUBLISH_EMPTY_MESSAGE =
  'This template is not ready to publish: configure at least one language in the Voice, SMS or e-Mail tab first.';

/** What a refused save (409) says happened to the language since the editor's text was based on it. */
export type StaleSave = 'changed' | 'created' | 'deleted';

/**
 * The 409 message when a save's base version is no longer the saved one: a colleague (or another browser) saved
 * the language in between. Nothing was saved; the console shows both texts and lets the operator choose.
 */
/** A rename refused because someone else renamed the template after this title was typed from theirs. */
export function staleTitleMessage(current: string): string {
  return `The template title was changed to "${current}" after this title was started from it, so your title was not saved. Compare the two and choose which to keep.`;
}

/**
 * Why a save was refused as stale. `by` is who saved the text now on the server; when that is the caller themself
 * (`byCaller`: their own save from another tab or browser, which is how one operator meets this most often), it
 * says so instead of naming them as if they were someone else.
 */
export function staleSaveMessage(
  notifyBy: NotifyBy,
  language: string,
  what: StaleSave,
  by: string | null,
  byCaller = false,
): string {
  const name = channelLanguageLabel(notifyBy, language);
  const who = byCaller ? ' by you in another tab or browser' : by ? ` by ${by}` : '';
  const happened =
    what === 'deleted'
      ? `The ${name} template was deleted`
      : what === 'created'
        ? `The ${name} template was written${who}`
        : `The ${name} template was changed${who}`;
  return `${happened} after this text was started from it, so your text was not saved. Compare the two and choose which to keep.`;
}
