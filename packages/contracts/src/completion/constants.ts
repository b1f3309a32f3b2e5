/**
 * Completion and custom reports (document 1 §2 'Completion Reports', 'Custom Reports list'; DESIGN.md §4):
 * report kinds, transfer states, fixed texts and the CSV columns of each report file. One home for each:
 * the server writes these headers and the README documents them from here.
 */

/**
 * Report files. `completion` is generated automatically for a dataset 30 minutes after its medical-baseline
 * retry time (and by refresh / launch-completion-report); the other three are custom reports, launched from
 * the Custom Reports list. Every kind is delivered by file transfer.
 */
export const REPORT_KINDS = ['completion', 'medbase', 'mb_unreached', 'linkclick'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

/** The custom reports of the Custom Reports list, in the order of its action icons (doc 1 §2). */
export const CUSTOM_REPORT_KINDS = ['medbase', 'mb_unreached', 'linkclick'] as const;
export type CustomReportKind = (typeof CUSTOM_REPORT_KINDS)[number];

export const REPORT_KIND_LABELS: Readonly<Record<ReportKind, string>> = {
  completion: 'Completion Report',
  medbase: 'MedBase Report',
  mb_unreached: 'MB Unreached Report',
  linkclick: 'LinkClick Report',
};

/** The action icons of the Custom Reports list (doc 1 §2), per kind. */
export const CUSTOM_REPORT_ACTION_LABELS: Readonly<Record<CustomReportKind, string>> = {
  medbase: 'Download MedBase Report',
  mb_unreached: 'Download MB Unreached Report',
  linkclick: 'Download LinkClick Report',
};

/**
 * Where a report file is on its way to the utility:
 * - waiting: queued for generation (COMPLETION_REPORT_TIME empty) or generated and waiting for a transfer
 *   attempt (LAST_ERROR set: the previous attempt failed and a retry is scheduled);
 * - transferring: an attempt is running;
 * - transferred: the file arrived under its final name with the right size (FILE_TRANSFER_TIME set);
 * - failed: generation failed, or every transfer attempt failed (LAST_ERROR says why); refresh or resend
 *   starts again.
 */
export const TRANSFER_STATES = ['waiting', 'transferring', 'transferred', 'failed'] as const;
export type TransferState = (typeof TRANSFER_STATES)[number];

export const TRANSFER_STATE_LABELS: Readonly<Record<TransferState, string>> = {
  waiting: 'Waiting',
  transferring: 'Transferring',
  transferred: 'Transferred',
  failed: 'Failed',
};

/** Completion reports are generated this long after a dataset's medical-baseline retry time (doc 1 §9). */
export const COMPLETION_DELAY_MINUTES = 30;

/** Fixed texts of the report screens (doc 1 §2; DESIGN.md §5). */
export const COMPLETION_TEXTS = {
  caption:
    "Reports are generated 30 minutes after the medical-baseline retry logic completes and are sent automatically to the customer's server by file transfer.",
  removeUnavailable: 'Removing a completion report is not available.',
  launcherNote: 'Results are sent via FTP.',
  /**
   * After 'N report files did not arrive…', for a user who may refresh and resend (MB_INTERNAL_PERMISSION), of
   * `count` files.
   */
  failedRestart: (count: number) =>
    count === 1
      ? 'The error is shown on the row; refresh or resend starts the transfer again.'
      : 'The error is shown on each row; refresh or resend starts its transfer again.',
  /** The same for a user without it: the actions are hidden from them, so they are told whom to ask. */
  failedAskOperator: (count: number) =>
    `The error is shown on ${count === 1 ? 'the row' : 'each row'}; ask an operator with the MB internal permission (MB_INTERNAL_PERMISSION) to refresh or resend ${count === 1 ? 'it' : 'them'}.`,
} as const;

/** Columns of the Completion Reports table (doc 1 §2), in order. */
export const COMPLETION_TABLE_COLUMNS = [
  'Report ID',
  'Campaign Title',
  'Dataset ID',
  'Campaign Launch Time',
  'MedBase Retry Time',
  'Completion Report Time',
  'File Transfer Time',
  'Actions',
] as const;

/** Columns of the Custom Reports list (doc 1 §2), in order. */
export const LAUNCHER_TABLE_COLUMNS = [
  '#',
  'Campaign Title',
  'Dataset ID',
  'Campaign Launch Time',
  'Actions',
] as const;

/**
 * Row shading (doc 1 §4, DESIGN.md §5): age = seconds since the row's last update (UPDATE_XT, microseconds);
 * shade = min(floor(age / 1,000,000), 15), so 16 shades, one per 1,000,000 s (about 11.6 days).
 */
export const ROW_SHADE_UNIT = 1_000_000;
export const ROW_SHADE_STEPS = 16;

/** Shade 0 (strongest) .. 15 (lightest) for a row last updated at updateXt, at nowXt (both microseconds). */
export function rowShade(updateXt: number, nowXt: number): number {
  const ageSeconds = Math.max(0, nowXt - updateXt) / 1_000_000;
  return Math.min(Math.floor(ageSeconds / ROW_SHADE_UNIT), ROW_SHADE_STEPS - 1);
}

/**
 * CSV columns of each report file (UTF-8, RFC 4180, CRLF, header row first; text cells are
 * formula-injection safe). Times are ISO 8601 in UTC (`2026-11-21T17:04:05Z`), empty when unknown.
 * Per channel (VOICE = PHON, SMS, EMAIL): the final status of the customer's message(s) on that channel
 * (a reached one if any, else the latest), the attempts (summed over the channel's messages) and that
 * status' time; all three empty when the customer had no message on the channel.
 * REACHED is Y when any channel's status is a reached status (REACHED_STATUSES, DESIGN.md §4), else N.
 * IN_PROGRESS (the custom MedBase and MB Unreached reports, which can be launched while a campaign runs) is Y
 * when any of the customer's messages has no final status yet (PENDING, QUEUED, DEFERRED: more attempts may
 * come), else N: an unreached customer marked Y has not been given up on, so is no field visit yet.
 */
const CHANNEL_OUTCOME_COLUMNS = [
  'VOICE_STATUS',
  'VOICE_ATTEMPTS',
  'VOICE_STATUS_TIME',
  'SMS_STATUS',
  'SMS_ATTEMPTS',
  'SMS_STATUS_TIME',
  'EMAIL_STATUS',
  'EMAIL_ATTEMPTS',
  'EMAIL_STATUS_TIME',
] as const;

export const REPORT_COLUMNS = {
  /** One row per customer contact (child dataset, person, service agreement, premise) of every class. */
  completion: [
    'DATASET_ID',
    'PERSON_ID',
    'SERVICE_AGREEMENT_ID',
    'CUSTOMER_CLASS',
    'PREMISE_ID',
    'LANGUAGE',
    ...CHANNEL_OUTCOME_COLUMNS,
    'REACHED',
  ],
  /** The medical-baseline customers of the dataset, one row each, with their outcome per channel. */
  medbase: [
    'DATASET_ID',
    'PERSON_ID',
    'SERVICE_AGREEMENT_ID',
    'PREMISE_ID',
    'PREMISE_ADDRESS',
    'LANGUAGE',
    ...CHANNEL_OUTCOME_COLUMNS,
    'REACHED',
    'IN_PROGRESS',
  ],
  /**
   * Medical-baseline customers reached on no channel: the field-visit list. *_CONTACT lists the numbers or
   * addresses tried on the channel ('; ' between several); TOTAL_ATTEMPTS and LAST_ATTEMPT_TIME sum up the
   * contact history (LAST_ATTEMPT_TIME: the latest status time of a message that was attempted; blank when none
   * was).
   */
  mb_unreached: [
    'DATASET_ID',
    'PERSON_ID',
    'SERVICE_AGREEMENT_ID',
    'PREMISE_ID',
    'PREMISE_ADDRESS',
    'LANGUAGE',
    'VOICE_CONTACT',
    'VOICE_STATUS',
    'VOICE_ATTEMPTS',
    'VOICE_STATUS_TIME',
    'SMS_CONTACT',
    'SMS_STATUS',
    'SMS_ATTEMPTS',
    'SMS_STATUS_TIME',
    'EMAIL_CONTACT',
    'EMAIL_STATUS',
    'EMAIL_ATTEMPTS',
    'EMAIL_STATUS_TIME',
    'TOTAL_ATTEMPTS',
    'LAST_ATTEMPT_TIME',
    'IN_PROGRESS',
  ],
  /**
   * One row per message whose link was clicked (SMS or e-mail): first click time and, for links tracked by
   * `GET /l/{code}`, the number of clicks (1 when only the ingest feed reported the click).
   */
  linkclick: [
    'DATASET_ID',
    'MESSAGE_ID',
    'PERSON_ID',
    'SERVICE_AGREEMENT_ID',
    'CUSTOMER_CLASS',
    'CHANNEL',
    'CONTACT',
    'LANGUAGE',
    'FIRST_CLICK_TIME',
    'CLICK_COUNT',
  ],
} as const satisfies Record<ReportKind, readonly string[]>;
