import { z } from 'zod';
import { BASE64_FIELDS, BASE64_PREFIX, type Base64Field, decodeBase64Utf8 } from './base64.ts';
import { ADHOC_STATUSES, NOTIFY_BY } from './channels.ts';
import { ADHOC_LANGUAGE_NAMES } from './languages.ts';
import { SMS_MAX_LENGTH } from './sms.ts';
import {
  EMAIL_DISPLAY_NAME_MAX_LENGTH,
  EMAIL_SUBJECT_MAX_LENGTH,
  PUBLISH_GAP_REASON_CODES,
} from './texts.ts';
import { AUDIO_KINDS, parseVoiceDialerAddress, VOICE_REPLAY_DIGITS } from './voice.ts';

/**
 * The ad hoc calls of doc 2 §7 (all POST, JSON) and their answers in DESIGN §3's {"response": …}
 * envelope. Field names are the specification's. Where it leaves an answer open, the shape pinned here is
 * the contract.
 */

/** A bigint id: a positive safe integer, also accepted as a string of digits (as bigint columns travel). */
export const adhocId = z
  .union(
    [
      z.number(),
      z
        .string()
        .regex(/^[0-9]+$/, 'must be a positive whole number')
        .transform(Number),
    ],
    { error: (issue) => (issue.input === undefined ? 'is required' : 'must be a positive whole number') },
  )
  // The range first, and the last word: beyond 2^53 - 1 a number is no safe integer either, and the answer's details
  // named it 'is too large' twice.
  .pipe(z.number().max(Number.MAX_SAFE_INTEGER, { abort: true }).int().positive());

const isoDateTime = z.iso.datetime({ offset: true });

export const notifyBySchema = z.enum(NOTIFY_BY);
export const adhocStatusSchema = z.enum(ADHOC_STATUSES);
export const adhocLanguageSchema = z.enum(ADHOC_LANGUAGE_NAMES);

/** The {"response": …} envelope every ad hoc answer except send-email-test uses (DESIGN §3). */
export function adhocAnswer<T extends z.ZodType>(response: T) {
  return z.object({ response });
}

/** Answer of the calls whose answer the console does not use (doc 2 §7: "none used"). */
export const adhocOkAnswer = adhocAnswer(z.object({ ok: z.literal(true) }));
export type AdhocOkAnswer = z.infer<typeof adhocOkAnswer>;

/** Text of one line (a title, an e-mail header): no line break or other control character but a tab. */
const isOneLine = (s: string) => !/[\p{Cc}\u2028\u2029]/u.test(s.replaceAll('\t', ''));
const ONE_LINE = {
  message: 'must be on one line, without line breaks or other control characters',
  abort: true,
} as const;
/**
 * Template titles, as created and renamed. A tab (two spreadsheet cells pasted) becomes a space, as the console's
 * title field does; a line break or another control character, which a one-line title cannot show, is refused.
 */
const title = z
  .string()
  .overwrite((s) => s.replaceAll('\t', ' '))
  .trim()
  .refine(isOneLine, ONE_LINE)
  .min(1)
  .max(255);
/**
 * Tester contacts are saved on every keystroke (doc 2 §7), so a half-typed number or address must be
 * accepted; only the length is bounded. The test send checks the contact when it is used.
 */
const testerContact = z.string().max(254);

// ---- entities ----

/** An ad hoc campaign (template), doc 2 §3. */
export const adhocCampaignSchema = z.object({
  id_bint: adhocId,
  name_vch: z.string(),
  languageCount_bint: z.number().int().nonnegative(),
  status_vch: adhocStatusSchema,
  itemUpdate_dt: isoDateTime,
  testerPhon_vch: z.string().nullable(),
  testerSms_vch: z.string().nullable(),
  testerEmail_vch: z.string().nullable(),
  publish_dt: isoDateTime.nullable(),
  /**
   * (added) How many channel-languages were edited, added or deleted since the last publish while the template is
   * PUBLISHED (0 otherwise): those edits reach no one until a Re-Publish.
   */
  unpublishedEdits_bint: z.number().int().nonnegative(),
});
export type AdhocCampaign = z.infer<typeof adhocCampaignSchema>;

/**
 * One template language record (per campaign, channel and language), doc 2 §3, as the server answers it:
 * long texts in plain text. id_bint is the record's own id. Voice fields are null in other channels;
 * retries_bint and replayDigit_chr are null for 'none'; from_vch is the caller ID (voice), short code
 * (SMS) or from address (e-mail).
 */
export const adhocLanguageRecordSchema = z.object({
  id_bint: adhocId,
  id_bint_adhoc_campaign: adhocId,
  notifyBy_vch: notifyBySchema,
  language_vch: adhocLanguageSchema,
  templatePGE_txt: z.string().nullable(),
  templateMB_txt: z.string().nullable(),
  dataMB_txt: z.string().nullable(),
  renderMB_txt: z.string().nullable(),
  subject_vch: z.string().nullable(),
  preview_txt: z.string().nullable(),
  from_vch: z.string().nullable(),
  fromDisplayName_vch: z.string().nullable(),
  uploadLive_dt: isoDateTime.nullable(),
  uploadMachine_dt: isoDateTime.nullable(),
  retries_bint: z.number().int().min(1).max(3).nullable(),
  replayDigit_chr: z.enum(VOICE_REPLAY_DIGITS).nullable(),
  dialerAddress: z.string().nullable(),
  /**
   * Added: how many times its text was saved (0 for a record an audio upload made), when it was last saved and
   * by whom. A save names the version its text was based on (baseVersion_bint) so that it never overwrites a
   * colleague's newer text unseen.
   */
  version_bint: z.number().int().nonnegative(),
  updated_dt: isoDateTime,
  updatedBy_vch: z.string().nullable(),
});
export type AdhocLanguageRecord = z.infer<typeof adhocLanguageRecordSchema>;

const campaignRef = { id_bint_adhoc_campaign: adhocId };

// ---- /api/v1/adhoc/campaign/select ----

/**
 * The console sends a payload object; unknown keys are dropped. `search` (an addition) narrows the list to
 * templates whose title contains it or whose ADHOC id it is, so templates past the first 100 stay reachable.
 */
export const campaignSelectBody = z.object({
  search: z.string().trim().max(200, 'must be at most 200 characters').optional(),
});
export const campaignSelectAnswer = adhocAnswer(z.array(adhocCampaignSchema));
export type CampaignSelectAnswer = z.infer<typeof campaignSelectAnswer>;

// ---- /api/v1/adhoc/campaign/insert ----

export const campaignInsertBody = z.object({ name_vch: title });
/** Pinned: the created template. */
export const campaignInsertAnswer = adhocAnswer(adhocCampaignSchema);
export type CampaignInsertBody = z.input<typeof campaignInsertBody>;
export type CampaignInsertAnswer = z.infer<typeof campaignInsertAnswer>;

// ---- /api/v1/adhoc/template/delete ----

export const templateDeleteBody = z.object(campaignRef);
export const templateDeleteAnswer = adhocOkAnswer;
export type TemplateDeleteBody = z.input<typeof templateDeleteBody>;

// ---- /api/v1/adhoc/campaign/select-single ----

export const campaignSelectSingleBody = z.object(campaignRef);
/** The console reads response[0]; an unknown id answers an empty list. */
export const campaignSelectSingleAnswer = adhocAnswer(z.array(adhocCampaignSchema).max(1));
export type CampaignSelectSingleBody = z.input<typeof campaignSelectSingleBody>;
export type CampaignSelectSingleAnswer = z.infer<typeof campaignSelectSingleAnswer>;

// ---- /api/v1/adhoc/campaign/update-title ----

export const campaignUpdateTitleBody = z.object({
  ...campaignRef,
  title_vch: title,
  /**
   * Added: the title this one was typed from. When given and the title is no longer that, the rename is refused
   * (409, details `staleTitleDetails`) and nothing changes. Without it the rename is not checked (the specification's
   * call as written).
   */
  baseTitle_vch: z.string().max(255).optional(),
});
export const campaignUpdateTitleAnswer = adhocOkAnswer;
export type CampaignUpdateTitleBody = z.input<typeof campaignUpdateTitleBody>;

// ---- /api/v1/adhoc/campaign/update-tester-email ----

export const TESTER_FIELDS = ['testerPhon_vch', 'testerSms_vch', 'testerEmail_vch'] as const;

/** One tester contact per call: exactly one of testerPhon_vch, testerSms_vch, testerEmail_vch. */
export const campaignUpdateTesterBody = z
  .object({
    ...campaignRef,
    testerPhon_vch: testerContact.optional(),
    testerSms_vch: testerContact.optional(),
    testerEmail_vch: testerContact.optional(),
  })
  .refine((body) => TESTER_FIELDS.filter((field) => body[field] !== undefined).length === 1, {
    message: 'exactly one of testerPhon_vch, testerSms_vch or testerEmail_vch is required',
  });
export const campaignUpdateTesterAnswer = adhocOkAnswer;
export type CampaignUpdateTesterBody = z.input<typeof campaignUpdateTesterBody>;

// ---- /api/v1/adhoc/campaign/template/select ----

export const templateSelectBody = z.object({ ...campaignRef, notifyBy_vch: notifyBySchema });
export const templateSelectAnswer = adhocAnswer(z.array(adhocLanguageRecordSchema));
export type TemplateSelectBody = z.input<typeof templateSelectBody>;
export type TemplateSelectAnswer = z.infer<typeof templateSelectAnswer>;

// ---- /api/v1/adhoc/campaign/template/insertUpdate ----

const base64Text = z.string().max(4_000_000);

/**
 * The language record to save. The long texts arrive only base64-encoded under '_base64_' names
 * (doc 2 §7); a long text under its plain name is refused rather than silently dropped. Parsing decodes
 * them (invalid base64 or UTF-8 is an issue on that field) and gives the record with plain names.
 * An SMS body over 1000 characters is refused: the editor trims it, so a longer one is not from the console.
 */
export const templateInsertUpdateBody = z
  .object({
    ...campaignRef,
    notifyBy_vch: notifyBySchema,
    language_vch: adhocLanguageSchema,
    ...(Object.fromEntries(
      BASE64_FIELDS.map((field) => [`${BASE64_PREFIX}${field}`, base64Text.optional()]),
    ) as {
      [F in Base64Field as `_base64_${F}`]: z.ZodOptional<typeof base64Text>;
    }),
    ...(Object.fromEntries(
      BASE64_FIELDS.map((field) => [
        field,
        z.never({ error: `send ${field} base64-encoded as ${BASE64_PREFIX}${field}` }).optional(),
      ]),
    ) as { [F in Base64Field]: z.ZodOptional<z.ZodNever> }),
    // Header lines of the e-mail: a line break in them (which the console's one-line fields cannot hold) is refused.
    subject_vch: z.string().refine(isOneLine, ONE_LINE).max(EMAIL_SUBJECT_MAX_LENGTH).nullable().optional(),
    from_vch: z.string().max(254).nullable().optional(),
    fromDisplayName_vch: z
      .string()
      .refine(isOneLine, ONE_LINE)
      .max(EMAIL_DISPLAY_NAME_MAX_LENGTH)
      .nullable()
      .optional(),
    uploadLive_dt: isoDateTime.nullable().optional(),
    uploadMachine_dt: isoDateTime.nullable().optional(),
    retries_bint: z.number().int().min(1).max(3).nullable().optional(),
    replayDigit_chr: z.enum(VOICE_REPLAY_DIGITS).nullable().optional(),
    dialerAddress: z.string().max(255).nullable().optional(),
    /**
     * Added: the version_bint of the record the text was based on, 0 when the language had no record. A save
     * whose base is no longer the saved version is refused (409, nothing changed). Left out: no check.
     */
    baseVersion_bint: z.number().int().nonnegative().optional(),
  })
  .transform((body, ctx) => {
    const texts: Partial<Record<Base64Field, string>> = {};
    for (const field of BASE64_FIELDS) {
      const encoded = body[`${BASE64_PREFIX}${field}`];
      if (encoded === undefined) continue;
      try {
        texts[field] = decodeBase64Utf8(encoded);
      } catch (error) {
        ctx.addIssue({
          code: 'custom',
          path: [`${BASE64_PREFIX}${field}`],
          message: error instanceof Error ? error.message : 'invalid base64',
        });
      }
    }
    // Both bodies: templateMB_txt is the text the messaging engine launches, so a limit on the authored body alone
    // let a longer SMS through to customers.
    for (const field of ['templatePGE_txt', 'templateMB_txt'] as const) {
      if (body.notifyBy_vch === 'SMS' && (texts[field]?.length ?? 0) > SMS_MAX_LENGTH) {
        ctx.addIssue({
          code: 'custom',
          path: [`${BASE64_PREFIX}${field}`],
          message: `an SMS body has at most ${SMS_MAX_LENGTH} characters`,
        });
      }
    }
    const {
      _base64_templatePGE_txt,
      _base64_templateMB_txt,
      _base64_dataMB_txt,
      _base64_renderMB_txt,
      _base64_preview_txt,
      templatePGE_txt,
      templateMB_txt,
      dataMB_txt,
      renderMB_txt,
      preview_txt,
      ...rest
    } = body;
    return { ...rest, ...texts };
  });
/** The details of a rename refused because the title changed after the new one was typed from it (409). */
export const staleTitleDetails = z.object({ current: z.string() });
export type StaleTitleDetails = z.infer<typeof staleTitleDetails>;
/** The details of a save refused because its base version is stale (409): the record as saved now, null if deleted. */
export const staleSaveDetails = z.object({ current: adhocLanguageRecordSchema.nullable() });
export type StaleSaveDetails = z.infer<typeof staleSaveDetails>;
/** What the console sends (long texts base64-encoded). */
export type TemplateInsertUpdateBody = z.input<typeof templateInsertUpdateBody>;
/** What the server works with after parsing (long texts decoded, under their plain names). */
export type TemplateInsertUpdate = z.output<typeof templateInsertUpdateBody>;
/** doc 2 §7: response (response.response) holds the saved templates of the campaign and channel. */
export const templateInsertUpdateAnswer = adhocAnswer(z.array(adhocLanguageRecordSchema));
export type TemplateInsertUpdateAnswer = z.infer<typeof templateInsertUpdateAnswer>;

// ---- /api/v1/adhoc/template/language/delete ----

export const languageDeleteBody = z.object({
  ...campaignRef,
  language_vch: adhocLanguageSchema,
  notifyBy_vch: notifyBySchema,
});
export const languageDeleteAnswer = adhocOkAnswer;
export type LanguageDeleteBody = z.input<typeof languageDeleteBody>;

// ---- /api/v1/adhoc/send-email-test ----

/** Sends one language or every saved language ('all') of a channel to the template's tester contact. */
export const SEND_ALL_LANGUAGES = 'all';

/**
 * A single voice send also names the library code (lib), the two audio file names (live, machine: null
 * when not uploaded) and the dialer address.
 */
export const sendTestBody = z.object({
  ...campaignRef,
  // One enum rather than a union, whose refusal said 'is not in any of the accepted forms'.
  language_vch: z.enum([...ADHOC_LANGUAGE_NAMES, SEND_ALL_LANGUAGES]),
  notifyBy_vch: notifyBySchema,
  lib: z
    .string()
    .regex(/^[0-9]+$/, 'must be the voice library code, digits only (such as 20190042)')
    .optional(),
  live: z.string().max(255).nullable().optional(),
  machine: z.string().max(255).nullable().optional(),
  dialerAddress: z.string().max(255).nullable().optional(),
});
export const sendTestAnswer = z.object({
  status: z.number().int().min(100).max(599),
  message: z.object({ ERRORMESSAGE: z.string() }),
});
export type SendTestBody = z.input<typeof sendTestBody>;
export type SendTestAnswer = z.infer<typeof sendTestAnswer>;

// ---- /api/v1/adhoc/upload/{live|machine}/{dialerAddress} (multipart) ----

export const audioKindSchema = z.enum(AUDIO_KINDS);
const DIALER_ADDRESS_FORM = 'must be {template id}-{language}, e.g. 42-english';
/** The dialer address is one path segment: no slashes or dots-only names can reach a file path. */
export const audioUploadParams = z.object({
  dialerAddress: z
    .string()
    .min(1)
    .max(255)
    .regex(/^[A-Za-z0-9_.-]+$/, DIALER_ADDRESS_FORM)
    .refine((value) => !/^\.+$/.test(value), DIALER_ADDRESS_FORM),
});
/** Pinned: the upload time stored as uploadLive_dt or uploadMachine_dt. */
export const audioUploadAnswer = adhocAnswer(z.object({ ok: z.literal(true), uploaded_dt: isoDateTime }));
export type AudioUploadAnswer = z.infer<typeof audioUploadAnswer>;

// ---- /api/v1/adhoc/publish ----

export const publishBody = z.object(campaignRef);
/** Pinned: the new publish time. */
export const publishAnswer = adhocAnswer(z.object({ publish_dt: isoDateTime }));
export type PublishBody = z.input<typeof publishBody>;
export type PublishAnswer = z.infer<typeof publishAnswer>;

// ---- /api/v1/adhoc/campaign/summary/select ----

export const summaryLanguageSchema = z.object({ language_vch: adhocLanguageSchema });
export const summarySelectBody = z.object(campaignRef);
/** One channel × language publishing would refuse, and why (publishGaps). */
export const publishGapSchema = z.object({
  notifyBy_vch: notifyBySchema,
  language_vch: adhocLanguageSchema,
  reason: z.enum(PUBLISH_GAP_REASON_CODES),
});
/** A channel × language stored differently from the last publish (unpublishedEdits). */
export const unpublishedEditSchema = z.object({
  notifyBy_vch: notifyBySchema,
  language_vch: adhocLanguageSchema,
});
/**
 * Result sets: the configured voice, SMS and e-mail languages, then one row holding publish_dt (null while
 * unpublished) and (added) editedSincePublish: the languages edited, added or deleted since that publish (empty
 * while unpublished, and right after a publish), then (added) what publishing would refuse, by the rule publish
 * applies (publishGaps).
 */
export const summarySelectAnswer = adhocAnswer(
  z.tuple([
    z.array(summaryLanguageSchema),
    z.array(summaryLanguageSchema),
    z.array(summaryLanguageSchema),
    z.tuple([
      z.object({ publish_dt: isoDateTime.nullable(), editedSincePublish: z.array(unpublishedEditSchema) }),
    ]),
    z.array(publishGapSchema),
  ]),
);
export type SummarySelectBody = z.input<typeof summarySelectBody>;
export type SummarySelectAnswer = z.infer<typeof summarySelectAnswer>;

/** Every ad hoc call: path, request body schema and answer schema, for the server's routes and the client. */
export const ADHOC_CALLS = {
  campaignSelect: {
    path: '/api/v1/adhoc/campaign/select',
    body: campaignSelectBody,
    answer: campaignSelectAnswer,
  },
  campaignInsert: {
    path: '/api/v1/adhoc/campaign/insert',
    body: campaignInsertBody,
    answer: campaignInsertAnswer,
  },
  templateDelete: {
    path: '/api/v1/adhoc/template/delete',
    body: templateDeleteBody,
    answer: templateDeleteAnswer,
  },
  campaignSelectSingle: {
    path: '/api/v1/adhoc/campaign/select-single',
    body: campaignSelectSingleBody,
    answer: campaignSelectSingleAnswer,
  },
  campaignUpdateTitle: {
    path: '/api/v1/adhoc/campaign/update-title',
    body: campaignUpdateTitleBody,
    answer: campaignUpdateTitleAnswer,
  },
  campaignUpdateTester: {
    path: '/api/v1/adhoc/campaign/update-tester-email',
    body: campaignUpdateTesterBody,
    answer: campaignUpdateTesterAnswer,
  },
  templateSelect: {
    path: '/api/v1/adhoc/campaign/template/select',
    body: templateSelectBody,
    answer: templateSelectAnswer,
  },
  templateInsertUpdate: {
    path: '/api/v1/adhoc/campaign/template/insertUpdate',
    body: templateInsertUpdateBody,
    answer: templateInsertUpdateAnswer,
  },
  languageDelete: {
    path: '/api/v1/adhoc/template/language/delete',
    body: languageDeleteBody,
    answer: languageDeleteAnswer,
  },
  sendTest: { path: '/api/v1/adhoc/send-email-test', body: sendTestBody, answer: sendTestAnswer },
  publish: { path: '/api/v1/adhoc/publish', body: publishBody, answer: publishAnswer },
  summarySelect: {
    path: '/api/v1/adhoc/campaign/summary/select',
    body: summarySelectBody,
    answer: summarySelectAnswer,
  },
} as const;

/** Multipart audio uploads: the file under its generated name (audioFileName), one path per kind. */
export function audioUploadPath(kind: z.infer<typeof audioKindSchema>, dialerAddress: string): string {
  return `/api/v1/adhoc/upload/${kind}/${encodeURIComponent(dialerAddress)}`;
}

// ---- /api/v1 additions: audio playback, publish history, outbox, ingest ----

/**
 * GET /api/v1/adhoc/audio/{live|machine}/{dialerAddress}: the stored WAV of a voice language, for the
 * console's player (authenticated: fetch it with the bearer token and play it from a blob URL).
 */
export const audioParams = z.object({
  kind: audioKindSchema,
  dialerAddress: z
    .string()
    .max(255)
    .refine((value) => parseVoiceDialerAddress(value) !== undefined, 'must be {template id}-{language}'),
});
export function audioPath(kind: z.infer<typeof audioKindSchema>, dialerAddress: string): string {
  return `/api/v1/adhoc/audio/${kind}/${encodeURIComponent(dialerAddress)}`;
}

/** One publish of a template: exactly what was published (every language record), when and by whom. */
export const publishSnapshotSchema = z.object({
  id_bint: adhocId,
  id_bint_adhoc_campaign: adhocId,
  name_vch: z.string(),
  publish_dt: isoDateTime,
  publishedBy_vch: z.string(),
  // Snapshots taken before records carried versions lack them.
  records: z.array(
    adhocLanguageRecordSchema.extend({
      version_bint: z.number().int().nonnegative().optional(),
      updated_dt: isoDateTime.optional(),
      updatedBy_vch: z.string().nullable().optional(),
    }),
  ),
});
export type PublishSnapshot = z.infer<typeof publishSnapshotSchema>;
export const publishHistoryParams = z.object({ id: adhocId });
/** Newest first. */
export const publishHistoryAnswer = adhocAnswer(z.array(publishSnapshotSchema));
export type PublishHistoryAnswer = z.infer<typeof publishHistoryAnswer>;
export function publishHistoryPath(id: number): string {
  return `/api/v1/adhoc/publish-history/${id}`;
}

/** A test send recorded by the outbox adapters (the demo default) instead of reaching a real channel. */
export const outboxSendSchema = z.object({
  id_bint: adhocId,
  notifyBy_vch: notifyBySchema,
  id_bint_adhoc_campaign: adhocId.nullable(),
  language_vch: z.string().nullable(),
  to_vch: z.string(),
  from_vch: z.string(),
  fromDisplayName_vch: z.string().nullable(),
  subject_vch: z.string().nullable(),
  preview_txt: z.string().nullable(),
  /** The rendered message: HTML for e-mail, text for SMS, the spoken text of a call without a recording. */
  body_txt: z.string().nullable(),
  /** The recording a call plays (a DSSD_… file name), null when the call speaks body_txt. */
  audioFile_vch: z.string().nullable(),
  status_vch: z.string(),
  created_dt: isoDateTime,
  createdBy_vch: z.string(),
});
export type OutboxSend = z.infer<typeof outboxSendSchema>;
export const ADHOC_OUTBOX_PATH = '/api/v1/adhoc/outbox';
export const ADHOC_OUTBOX_MAX_ROWS = 100;
/** The most recent outbox sends, newest first; optionally of one template. */
export const outboxQuery = z.object({ id_bint_adhoc_campaign: adhocId.optional() });
export const outboxAnswer = adhocAnswer(z.array(outboxSendSchema));
export type OutboxAnswer = z.infer<typeof outboxAnswer>;

/** The messaging engine reports that it launched a template (INGEST API key); the template locks. */
export const ADHOC_INGEST_LAUNCHED_PATH = '/api/v1/ingest/adhoc/launched';
export const ingestLaunchedBody = z.object(campaignRef);
export const ingestLaunchedAnswer = adhocAnswer(
  z.object({ id_bint: adhocId, status_vch: z.literal('LAUNCHED'), launched_dt: isoDateTime }),
);
export type IngestLaunchedAnswer = z.infer<typeof ingestLaunchedAnswer>;
