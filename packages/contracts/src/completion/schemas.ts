import { z } from 'zod';
import { digitsAsNumber, idParam, withinSafeRange } from '../http.ts';
import { REPORT_KINDS, TRANSFER_STATES } from './constants.ts';

/**
 * The completion calls of document 1 §7 and their answers (DESIGN.md §3).
 *
 * Session token in the path: every call also needs `Authorization: Bearer <sessionToken>` (the guard checks
 * the bearer). The path's {sessionToken}/{token} must be that same session: GET /api/completion-reports
 * answers `[[{"LOGIN_VALID":0}]]` (200) when it is not, as its shape allows; the refresh / resend / launch
 * calls answer 403 `{error:"forbidden"}`.
 *
 * Report ID: a dataset has exactly one completion report, so a completion report's ID is its dataset id.
 * The completion screen (report ID) and the Custom Reports list (dataset ID) therefore pass the same number
 * to refresh-completion-report and can never address another dataset's report by accident.
 */

const isoDateTime = z.iso.datetime({ offset: true });
const count = z.number().int().nonnegative();
const id = z.number().int().positive();

/** Microseconds since the Unix epoch (UPDATE_XT), as a whole number. */
export const updateXtSchema = z.number().int().nonnegative();
export const transferStateSchema = z.enum(TRANSFER_STATES);
export const reportKindSchema = z.enum(REPORT_KINDS);

const pathToken = z.string().min(1).max(200);

export const completionReportsParams = z.object({
  sessionToken: pathToken,
  lastUpdateStamp: z.preprocess(
    digitsAsNumber,
    z
      .number({ error: 'must be a whole number' })
      .max(Number.MAX_SAFE_INTEGER, withinSafeRange(0))
      .int('must be a whole number')
      .nonnegative('must not be negative'),
  ),
});

/** refresh / resend calls: `/{token}/{id}`, id a report ID or dataset ID (the same for completion). */
export const completionActionParams = z.object({ token: pathToken, id: idParam });

/** launch calls: `/{token}/{datasetId}`, named as document 1 §7 writes their paths. */
export const launchParams = z.object({ token: pathToken, datasetId: idParam });

/**
 * Added to a completion row and to a custom report's state (after the fields DESIGN.md pins), so an operator sees
 * the proof of an earlier delivery and how far a failing file has got:
 * PREVIOUS_TRANSFER_TIME, PREVIOUS_FILE_NAME: the latest delivery before the current file's, kept when a refresh,
 * resend, new attempt or new launch of the same report blanks FILE_TRANSFER_TIME (empty when none was made).
 * NEXT_ATTEMPT_TIME: while a failed attempt waits for its retry, when the job queue runs the next one (empty
 * otherwise). ATTEMPT_LIMIT: transfer attempts allowed for the current file (1 + FILE_TRANSFER_RETRY_LIMIT when it
 * was sent; empty until its first attempt starts).
 */
export const deliveryProgressFields = {
  PREVIOUS_TRANSFER_TIME: isoDateTime.nullable(),
  PREVIOUS_FILE_NAME: z.string().nullable(),
  NEXT_ATTEMPT_TIME: isoDateTime.nullable(),
  ATTEMPT_LIMIT: id.nullable(),
};

/**
 * A completion report row (doc 1 §3) plus its transfer state. ID = DATASET_ID (see the file comment).
 * COMPLETION_REPORT_TIME: when the current file was generated (empty while the first generation is queued).
 * FILE_TRANSFER_TIME: set only after a verified transfer of the current file (empty while waiting, retrying,
 * after a failure, and again while a resend or refresh is under way).
 * LAST_ERROR: the last failed attempt's reason (credentials removed), empty after a success.
 * ATTEMPTS: transfer attempts of the current file. FILE_NAME: the file's name at the destination.
 * DUE_TIME (added): when the report is due, MEDBASE_RETRY_TIME + 30 minutes (empty while the retry time is unknown).
 * SENT_EARLY (added): the current file was asked for before DUE_TIME (launched or refreshed early, with
 * MB_INTERNAL_PERMISSION); the due report replaces it once DUE_TIME has passed.
 */
export const completionReportRowSchema = z.object({
  ID: id,
  CAMPAIGN_TITLE: z.string(),
  DATASET_ID: id,
  CAMPAIGN_LAUNCH_TIME: isoDateTime.nullable(),
  MEDBASE_RETRY_TIME: isoDateTime.nullable(),
  COMPLETION_REPORT_TIME: isoDateTime.nullable(),
  FILE_TRANSFER_TIME: isoDateTime.nullable(),
  UPDATE_XT: updateXtSchema,
  TRANSFER_STATE: transferStateSchema,
  LAST_ERROR: z.string().nullable(),
  ATTEMPTS: count,
  FILE_NAME: z.string().nullable(),
  ...deliveryProgressFields,
  DUE_TIME: isoDateTime.nullable(),
  SENT_EARLY: z.boolean(),
});
export type CompletionReportRow = z.infer<typeof completionReportRowSchema>;

const loginInvalid = z.tuple([z.tuple([z.object({ LOGIN_VALID: z.literal(0) })])]);
const completionReportsValid = z.tuple([
  z.tuple([z.object({ LOGIN_VALID: z.literal(1) })]),
  z.tuple([z.object({ MAX_UPDATE_XT: updateXtSchema })]),
  z.array(completionReportRowSchema),
]);

/**
 * GET /api/completion-reports/{sessionToken}/{lastUpdateStamp}: the rows whose UPDATE_XT is greater than the
 * stamp (0: every row), newest dataset first, and MAX_UPDATE_XT, the highest UPDATE_XT of all rows (the stamp
 * to send next; 0 when there are no reports). Merge rows by ID.
 * `[[{"LOGIN_VALID":0}]]` when the path token is not the bearer's session.
 */
export const completionReportsAnswer = z.union([completionReportsValid, loginInvalid]);
export type CompletionReportsAnswer = z.infer<typeof completionReportsAnswer>;

/**
 * 202 answer of refresh / resend / launch calls (DESIGN.md §3): the work runs as a job. Watch the row's
 * UPDATE_XT, TRANSFER_STATE and FILE_TRANSFER_TIME for the outcome.
 */
export const queuedAnswer = z.tuple([
  z.tuple([
    z.object({
      RESULT: z.literal('QUEUED'),
      JOB_ID: z.string(),
      /**
       * Added, on a launch only: an earlier launch of the same report of the same campaign was still queued or
       * being made or sent, so this one joined it (JOB_ID is that launch's job) and no second file is made;
       * MESSAGE says so in a sentence.
       */
      ALREADY_QUEUED: z.literal(true).optional(),
      MESSAGE: z.string().optional(),
    }),
  ]),
]);
export type QueuedAnswer = z.infer<typeof queuedAnswer>;

/** API paths of the completion and custom report calls (doc 1 §7), for the console's fetchers. */
export const COMPLETION_PATHS = {
  list: (sessionToken: string, lastUpdateStamp: number) =>
    `/api/completion-reports/${encodeURIComponent(sessionToken)}/${lastUpdateStamp}`,
  refresh: (token: string, id: number) => `/api/refresh-completion-report/${encodeURIComponent(token)}/${id}`,
  resend: (token: string, id: number) => `/api/resend-completion-report/${encodeURIComponent(token)}/${id}`,
  launchCompletion: (token: string, datasetId: number) =>
    `/api/launch-completion-report/${encodeURIComponent(token)}/${datasetId}`,
  launchMedbase: (token: string, datasetId: number) =>
    `/api/launch-medicalbaseline-report/${encodeURIComponent(token)}/${datasetId}`,
  launchMbUnreached: (token: string, datasetId: number) =>
    `/api/launch-mb-unreached-report/${encodeURIComponent(token)}/${datasetId}`,
  launchLinkclick: (token: string, datasetId: number) =>
    `/api/launch-linkclick-report/${encodeURIComponent(token)}/${datasetId}`,
} as const;

/** The launch call of each custom report kind. */
export const CUSTOM_REPORT_LAUNCH_PATHS = {
  medbase: COMPLETION_PATHS.launchMedbase,
  mb_unreached: COMPLETION_PATHS.launchMbUnreached,
  linkclick: COMPLETION_PATHS.launchLinkclick,
} as const;
