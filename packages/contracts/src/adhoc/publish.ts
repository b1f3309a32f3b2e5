import { NOTIFY_BY, type NotifyBy } from './channels.ts';
import { ADHOC_LANGUAGES, type AdhocLanguageName, findLanguage } from './languages.ts';
import type { AdhocLanguageRecord } from './schemas.ts';
import type { PublishGap } from './texts.ts';

type Configurable = Pick<
  AdhocLanguageRecord,
  'notifyBy_vch' | 'language_vch' | 'templatePGE_txt' | 'subject_vch' | 'from_vch' | 'uploadLive_dt'
>;

const isChinese = (language: string) => language.startsWith('chinese');
const blank = (text: string | null | undefined) => (text ?? '').trim() === '';
/** An e-mail body that says nothing: no text once tags are set aside, and no image (an empty editor writes '<p></p>'). */
const blankHtml = (html: string | null | undefined) =>
  !/<img\b/i.test(html ?? '') && blank((html ?? '').replace(/<[^>]*>/g, '').replace(/&nbsp;|&#160;/gi, ' '));
const languageOrder = (name: string) => ADHOC_LANGUAGES.findIndex((language) => language.name === name);

/**
 * The publish rule (doc 2 §2.7: "ready to publish after each language is configured for each channel
 * required for the campaign"):
 * - the channels required are those with at least one saved language;
 * - every language saved in any of them is required in each of them, so a customer gets the message in
 *   their language whichever channel reaches them;
 * - e-mail has no chinese-cantonese (written Chinese is shared), so a Cantonese voice or SMS language is
 *   covered in e-mail by chinese-mandarin, and a chinese-mandarin e-mail is covered in voice and SMS by
 *   either Chinese;
 * - "configured" means: a message text (voice: a text or a live recording); e-mail also a subject and a
 *   From address.
 * Answers what is missing, in tab order then language order; empty when the template may be published.
 */
export function publishGaps(records: readonly Configurable[]): PublishGap[] {
  const used = NOTIFY_BY.filter((channel) => records.some((record) => record.notifyBy_vch === channel));
  const of = (channel: NotifyBy) => records.filter((record) => record.notifyBy_vch === channel);
  const all = [...new Set(records.map((record) => record.language_vch))].sort(
    (a, b) => languageOrder(a) - languageOrder(b),
  );
  const gaps: PublishGap[] = [];
  for (const channel of used) {
    const saved = of(channel);
    const required = new Set<AdhocLanguageName>();
    for (const language of all) {
      if (channel === 'EML') {
        required.add(findLanguage(language, 'EML')?.name ?? language);
      } else if (
        language === 'chinese-mandarin' &&
        !records.some((r) => r.notifyBy_vch !== 'EML' && r.language_vch === language) &&
        saved.some((r) => isChinese(r.language_vch))
      ) {
        // Only the e-mail has chinese-mandarin, and this channel already has a Chinese.
      } else {
        required.add(language);
      }
    }
    for (const language of required) {
      const record = saved.find((r) => r.language_vch === language);
      const gap = (reason: PublishGap['reason']) =>
        gaps.push({ notifyBy_vch: channel, language_vch: language, reason });
      if (!record) gap('missing');
      else {
        const reason = notConfigured(record);
        if (reason) gap(reason);
      }
    }
  }
  return gaps;
}

/** Why a saved language is not configured yet, or null when it is (the per-language half of the publish rule). */
export function notConfigured(record: Configurable): Exclude<PublishGap['reason'], 'missing'> | null {
  const channel = record.notifyBy_vch;
  if (channel === 'PHON' && blank(record.templatePGE_txt) && !record.uploadLive_dt) return 'voice';
  if (channel === 'SMS' && blank(record.templatePGE_txt)) return 'body';
  if (channel === 'EML' && blankHtml(record.templatePGE_txt)) return 'body';
  if (channel === 'EML' && blank(record.subject_vch)) return 'subject';
  if (channel === 'EML' && blank(record.from_vch)) return 'from';
  return null;
}

/** A channel × language whose stored record is not what was last published. */
export interface UnpublishedEdit {
  notifyBy_vch: NotifyBy;
  language_vch: AdhocLanguageName;
}

/**
 * What a publish sends: every field of a language record but its bookkeeping (ids, versions, who and when). A save
 * that changes nothing is no edit; a new recording is one (its upload time changes).
 */
const PUBLISHED_FIELDS = [
  'templatePGE_txt',
  'templateMB_txt',
  'dataMB_txt',
  'subject_vch',
  'preview_txt',
  'from_vch',
  'fromDisplayName_vch',
  'uploadLive_dt',
  'uploadMachine_dt',
  'retries_bint',
  'replayDigit_chr',
  'dialerAddress',
] as const satisfies readonly (keyof AdhocLanguageRecord)[];

type Published = Pick<
  AdhocLanguageRecord,
  'notifyBy_vch' | 'language_vch' | (typeof PUBLISHED_FIELDS)[number]
>;

/**
 * The languages edited, added or deleted since the last publish (doc 2 §2.7: "Updates may be applied to this
 * template until it is launched; select Re-Publish at any time before launch to publish them"): what a Re-Publish
 * would send that the messaging engine does not have. In tab order then language order.
 */
export function unpublishedEdits(
  published: readonly Published[],
  stored: readonly Published[],
): UnpublishedEdit[] {
  const key = (record: Published) => `${record.notifyBy_vch}:${record.language_vch}`;
  const before = new Map(published.map((record) => [key(record), record]));
  const after = new Map(stored.map((record) => [key(record), record]));
  const edits: UnpublishedEdit[] = [];
  for (const channel of NOTIFY_BY) {
    for (const { name } of ADHOC_LANGUAGES) {
      const k = `${channel}:${name}`;
      const was = before.get(k);
      const is = after.get(k);
      if (!was && !is) continue;
      const same =
        was && is && PUBLISHED_FIELDS.every((field) => (was[field] ?? null) === (is[field] ?? null));
      if (!same) edits.push({ notifyBy_vch: channel, language_vch: name });
    }
  }
  return edits;
}
