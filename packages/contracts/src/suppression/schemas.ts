import { z } from 'zod';
import { digitsAsNumber, idParam, timeZoneParam } from '../http.ts';
import {
  SUPPRESSION_CHECK_MAX_VALUES,
  SUPPRESSION_GROUP_NAME_MAX_LENGTH,
  SUPPRESSION_SEARCH_MAX_LENGTH,
  SUPPRESSION_SUMMARY_SELECTOR,
  SUPPRESSION_TYPES,
  SUPPRESSION_UPLOAD_ERRORS_MAX,
  SUPPRESSION_VALUE_MAX_LENGTH,
} from './constants.ts';

export const suppressionTypeSchema = z.enum(SUPPRESSION_TYPES);

/** Timestamps travel as ISO 8601 strings in UTC (DESIGN §3). */
const timestampSchema = z.iso.datetime();
const countSchema = z.int().nonnegative();
/** A page number; 'abc', '1.5', '0' or a page given twice get one sentence a person understands. */
const PAGE_MESSAGE = 'the page is a whole number from 1, given once';
const pageSchema = z.preprocess(
  digitsAsNumber,
  z.number({ error: PAGE_MESSAGE }).int({ error: PAGE_MESSAGE }).min(1, { error: PAGE_MESSAGE }).default(1),
);

export const suppressionGroupNameSchema = z.string().trim().min(1).max(SUPPRESSION_GROUP_NAME_MAX_LENGTH);

/** One suppression value (document 2 §3). Active while start_ts <= now < end_ts (end_ts null: no end). */
export const suppressionRowSchema = z.object({
  row_id_bint: z.int().positive(),
  group_vch: z.string(),
  supress_type: suppressionTypeSchema,
  value_vch: z.string().max(SUPPRESSION_VALUE_MAX_LENGTH),
  start_ts: timestampSchema,
  end_ts: timestampSchema.nullable(),
  created_ts: timestampSchema,
});
export type SuppressionRow = z.infer<typeof suppressionRowSchema>;

/** One line of the summary table: the active values of a group and type. */
export const suppressionSummaryRowSchema = z.object({
  group_vch: z.string(),
  supress_type: suppressionTypeSchema,
  valid_count: countSchema,
});
export type SuppressionSummaryRow = z.infer<typeof suppressionSummaryRowSchema>;

/** DESIGN §3: lists answer `{data: [one page], rows: total over all pages}`. */
export const suppressionRowsAnswerSchema = z.object({
  data: z.array(suppressionRowSchema),
  rows: countSchema,
});
export type SuppressionRowsAnswer = z.infer<typeof suppressionRowsAnswerSchema>;

export const suppressionSummaryAnswerSchema = z.object({
  data: z.array(suppressionSummaryRowSchema),
  rows: countSchema,
});
export type SuppressionSummaryAnswer = z.infer<typeof suppressionSummaryAnswerSchema>;

/** GET groups (added): the names of the groups holding active values, in name order. */
export const suppressionGroupsAnswerSchema = z.object({ data: z.array(z.string()) });
export type SuppressionGroupsAnswer = z.infer<typeof suppressionGroupsAnswerSchema>;

/** GET getPaginatedCampaigns?page={n}[&data=groupNameAndType]: rows, or the summary with the selector. */
export const suppressionListQuerySchema = z.object({
  page: pageSchema,
  data: z.literal(SUPPRESSION_SUMMARY_SELECTOR).optional(),
});
export type SuppressionListQuery = z.infer<typeof suppressionListQuerySchema>;

/** GET search?value={text}&page={n}: active values matching the text in group, value or type. */
export const suppressionSearchQuerySchema = z.object({
  value: z.string().trim().min(1).max(SUPPRESSION_SEARCH_MAX_LENGTH),
  page: pageSchema,
});
export type SuppressionSearchQuery = z.infer<typeof suppressionSearchQuerySchema>;

/** GET downloadActiveSuppressions[?groupName={group}]: every active value, or one group's. */
/** GET downloadActiveSuppressions: everything, one group's values, or (added) one group's values of one type. */
/**
 * The query of both uploads: `tz`, the zone of the file's dates and times written without an offset (the console
 * sends the operator's); without it they are UTC.
 */
export const suppressionUploadQuerySchema = z.object({ tz: timeZoneParam.optional() });

export const suppressionDownloadQuerySchema = z
  .object({
    groupName: suppressionGroupNameSchema.optional(),
    type: suppressionTypeSchema.optional(),
  })
  .refine((query) => query.type === undefined || query.groupName !== undefined, {
    message: 'A type is downloaded within one group: give groupName too',
    path: ['type'],
  });
export type SuppressionDownloadQuery = z.infer<typeof suppressionDownloadQuerySchema>;

/** Upload headers as the server sees them: header names arrive lowercased. */
export const suppressionUploadHeadersSchema = z.object({
  groupname: suppressionGroupNameSchema,
  user: z.string().optional(),
});
export type SuppressionUploadHeaders = z.infer<typeof suppressionUploadHeadersSchema>;

/** A rejected line of an upload file; line 1 is the file's first line (the header when there is one). */
export const suppressionUploadErrorSchema = z.object({
  line: z.int().positive(),
  reason: z.string(),
});
export type SuppressionUploadError = z.infer<typeof suppressionUploadErrorSchema>;

const uploadErrorsSchema = z.array(suppressionUploadErrorSchema).max(SUPPRESSION_UPLOAD_ERRORS_MAX);

/**
 * Added: line 1 of the file read as a header rather than a value (absent when line 1 is data). `text`: the line's
 * cells as written (cut at 40 characters); `type`: the type a header of one word ('Phone', 'Account') gives every
 * value whose line names none.
 */
export const suppressionUploadHeaderSchema = z.object({
  text: z.string(),
  type: suppressionTypeSchema.optional(),
});
export type SuppressionUploadHeader = z.infer<typeof suppressionUploadHeaderSchema>;

/**
 * DESIGN §3: the answer of an applied upload. `inserted` values are new to the group, `duplicates` repeat a value
 * earlier in the same file or (incremental upload) are already active in the group, `rejected` lines could not be
 * read; `errors` lists the first 100 rejected lines.
 */
export const suppressionUploadAnswerSchema = z.object({
  status: z.literal(200),
  inserted: countSchema,
  /** Values already in the group given other dates by the file (their rows are replaced, history kept). */
  redated: countSchema,
  duplicates: countSchema,
  rejected: countSchema,
  errors: uploadErrorsSchema,
  header: suppressionUploadHeaderSchema.optional(),
  /**
   * Accepted values whose start date is still to come (absent when none): suppressed only from then, and shown by
   * the list, search, summary and download (which show active values) only then. `firstStart`: the first of those
   * starts (ISO 8601, UTC). Given by the incremental answer and the full upload's preview.
   */
  startsLater: countSchema.optional(),
  firstStart: z.string().optional(),
});
export type SuppressionUploadAnswer = z.infer<typeof suppressionUploadAnswerSchema>;

/**
 * An upload that failed as a whole (no group name, unknown group for an incremental upload, a file that is not
 * UTF-8 text or not well-formed CSV): `status` 4xx and the usual error fields.
 */
export const suppressionUploadFailureSchema = z.object({
  status: z.int().min(400).max(499),
  error: z.string(),
  message: z.string(),
  errors: uploadErrorsSchema.optional(),
  /** An incremental upload to a group without values: groups whose name differs only in capitals or spaces. */
  similarGroups: z.array(z.string()).optional(),
});
export type SuppressionUploadFailure = z.infer<typeof suppressionUploadFailureSchema>;

/**
 * A full upload replaces the group's active values, so it is previewed before it is applied: `added` values are not
 * in the group yet, `removed` values in the group (active, or with a start still ahead) are absent from the file
 * and would end, `unchanged` are in both, `redated` in both but with other dates in the file. `removedValues`: the first of them (by type, then value; at most
 * SUPPRESSION_PREVIEW_REMOVED_MAX). `newGroup`: the group holds no value yet. `similarGroups`: other groups holding
 * values whose name differs only in capitals or spaces (a likely typing slip: names are compared exactly).
 * POST fullFileUpload answers this preview and changes nothing (`applied: false`; `status` is 200 so that the
 * console's success check holds); POST fullFileUpload/{uploadId}/apply applies it until `expiresAt`, and
 * POST fullFileUpload/{uploadId}/discard discards it.
 */
export const suppressionFullUploadPreviewSchema = z.object({
  status: z.literal(200),
  applied: z.literal(false),
  /**
   * DESIGN §3's upload answer has `inserted`: a preview inserts nothing, so it is 0 here (a client reading only the
   * pinned fields is not told the values are in); `added` is how many the apply would insert.
   */
  inserted: z.literal(0),
  uploadId: z.int().positive(),
  group: z.string(),
  added: countSchema,
  removed: countSchema,
  unchanged: countSchema,
  /** In both, with other dates in the file (another start or end, or no end): their rows are replaced. */
  redated: countSchema,
  rejected: countSchema,
  duplicates: countSchema,
  errors: uploadErrorsSchema,
  expiresAt: timestampSchema,
  newGroup: z.boolean(),
  similarGroups: z.array(z.string()),
  removedValues: z.array(z.object({ type: suppressionTypeSchema, value: z.string() })),
  header: suppressionUploadHeaderSchema.optional(),
  /** As in the upload answer: the file's values whose start is still to come, and the first of those starts. */
  startsLater: countSchema.optional(),
  firstStart: z.string().optional(),
});
export type SuppressionFullUploadPreview = z.infer<typeof suppressionFullUploadPreviewSchema>;

/** POST fullFileUpload/{uploadId}/apply: the path parameter. */
export const suppressionApplyUploadParamsSchema = z.object({
  uploadId: idParam,
});
export type SuppressionApplyUploadParams = z.infer<typeof suppressionApplyUploadParamsSchema>;

/** POST fullFileUpload/{uploadId}/discard: the preview is closed and can never be applied. */
export const suppressionFullUploadDiscardedSchema = z.object({
  status: z.literal(200),
  discarded: z.literal(true),
  uploadId: z.int().positive(),
});
export type SuppressionFullUploadDiscarded = z.infer<typeof suppressionFullUploadDiscardedSchema>;

/**
 * The answer of an applied full upload: the upload answer (`inserted` = `added`) plus what was ended and kept. The
 * counts are those of the moment of applying, which equal the preview's (the apply is refused if the group changed).
 */
export const suppressionFullUploadAppliedSchema = suppressionUploadAnswerSchema.extend({
  applied: z.literal(true),
  uploadId: z.int().positive(),
  group: z.string(),
  added: countSchema,
  removed: countSchema,
  unchanged: countSchema,
});
export type SuppressionFullUploadApplied = z.infer<typeof suppressionFullUploadAppliedSchema>;

/**
 * POST /api/v1/ingest/suppression/check (messaging engine): is each value suppressed right now? Values are
 * normalised like uploads. Without a type, an e-mail address is checked against EMAIL lists, a phone number against
 * PHONE and SMS lists, an account number (digits alone, or text with a letter) against ACCOUNT lists; anything else
 * (a number with an extension or a stray sign, an address that is not valid) is answered with its reason.
 */
export const suppressionCheckBodySchema = z.object({
  values: z
    .array(
      z.object({
        /** null as absent: many JSON writers send an optional field so. */
        type: suppressionTypeSchema.nullish(),
        value: z.string().max(1024),
      }),
    )
    .min(1)
    .max(SUPPRESSION_CHECK_MAX_VALUES),
});
export type SuppressionCheckBody = z.infer<typeof suppressionCheckBodySchema>;

/** One answer per asked value, in the order asked. `groups`: the groups suppressing it (empty when not). */
export const suppressionCheckResultSchema = z.object({
  value: z.string(),
  /** The normalised value looked up; null when the value cannot be one of its type (then it is not suppressed). */
  normalized: z.string().nullable(),
  suppressed: z.boolean(),
  groups: z.array(z.object({ group: z.string(), type: suppressionTypeSchema })),
  reason: z.string().optional(),
});
export type SuppressionCheckResult = z.infer<typeof suppressionCheckResultSchema>;

export const suppressionCheckAnswerSchema = z.object({
  results: z.array(suppressionCheckResultSchema),
});
export type SuppressionCheckAnswer = z.infer<typeof suppressionCheckAnswerSchema>;

/** DELETE deleteById/{row_id_bint}: the path parameter. */
export const suppressionDeleteRowParamsSchema = z.object({
  /** Digits only (idParam): z.coerce read 0x8, 8.0 and +8 as row 8, and deleted it. */
  row_id_bint: idParam,
});
export type SuppressionDeleteRowParams = z.infer<typeof suppressionDeleteRowParamsSchema>;

/** DELETE deleteById/{row_id_bint}: the body. */
export const suppressionDeleteRowBodySchema = z.object({
  groupName: suppressionGroupNameSchema,
});
export type SuppressionDeleteRowBody = z.infer<typeof suppressionDeleteRowBodySchema>;

/** DELETE deleteById/groupNameAndType: ends every active value of one group and type. */
export const suppressionDeleteGroupBodySchema = z.object({
  groupName: suppressionGroupNameSchema,
  type: suppressionTypeSchema,
});
export type SuppressionDeleteGroupBody = z.infer<typeof suppressionDeleteGroupBodySchema>;

/** The specification shows no delete answer; this one says how many active values were ended. */
export const suppressionDeleteAnswerSchema = z.object({
  status: z.literal(200),
  deleted: countSchema,
});
export type SuppressionDeleteAnswer = z.infer<typeof suppressionDeleteAnswerSchema>;
