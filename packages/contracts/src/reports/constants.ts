/**
 * The vocabulary of campaign reporting (document 1 §3, §9; DESIGN.md §4): channels, customer classes,
 * message statuses per channel and the phase each status belongs to. One home for each list: the server's
 * ingest validation, its rollups and the console's legends all read these.
 */

/** Message channels (doc 1 §9): voice (PHON), SMS, e-mail (EMAIL). The codes are the wire values. */
export const CHANNELS = ['PHON', 'SMS', 'EMAIL'] as const;
export type Channel = (typeof CHANNELS)[number];

export const CHANNEL_LABELS: Readonly<Record<Channel, string>> = {
  PHON: 'Voice',
  SMS: 'SMS',
  EMAIL: 'e-Mail',
};

/** The channel report paths of doc 1 §7 (`/api/{voice|sms|email}-reports/{datasetId}`) and their channel. */
export const CHANNEL_REPORT_PATHS = { voice: 'PHON', sms: 'SMS', email: 'EMAIL' } as const satisfies Record<
  string,
  Channel
>;
export type ChannelReportKind = keyof typeof CHANNEL_REPORT_PATHS;

/** Customer classes of child campaigns, in the order the campaign tree shows its rows (doc 1 §2, §9). */
export const CUSTOMER_CLASSES = ['MEDICAL_BASELINE', 'CRITICAL_ESSENTIAL', 'GENERAL'] as const;
export type CustomerClass = (typeof CUSTOMER_CLASSES)[number];

export const CUSTOMER_CLASS_LABELS: Readonly<Record<CustomerClass, string>> = {
  MEDICAL_BASELINE: 'Medical Baseline',
  CRITICAL_ESSENTIAL: 'Critical Essential',
  GENERAL: 'General',
};

/** The grid's Type column for a root campaign (a child shows its customer class label). */
export const ROOT_TYPE_LABEL = 'Root';

/**
 * Statuses a message can have, per channel, in legend order. PENDING: imported, not yet handed to the
 * channel engine. QUEUED: handed to the engine, no final outcome yet. E-mail DEFERRED: the receiving server
 * asked to retry later, the engine is still retrying. Every other status is a final outcome.
 */
export const CHANNEL_STATUSES = {
  PHON: ['PENDING', 'QUEUED', 'ANSWERED', 'MACHINE', 'NO_ANSWER', 'BUSY', 'FAILED', 'INVALID_NUMBER'],
  SMS: ['PENDING', 'QUEUED', 'DELIVERED', 'UNDELIVERED', 'FAILED'],
  EMAIL: ['PENDING', 'QUEUED', 'DEFERRED', 'DELIVERED', 'OPENED', 'BOUNCED'],
} as const satisfies Record<Channel, readonly string[]>;
export type ChannelStatus<C extends Channel = Channel> = (typeof CHANNEL_STATUSES)[C][number];
/** Every status of every channel (a status code may exist in several channels, e.g. FAILED). */
export const MESSAGE_STATUSES = [...new Set(Object.values(CHANNEL_STATUSES).flat())] as MessageStatus[];
export type MessageStatus = ChannelStatus;

export const STATUS_LABELS: Readonly<Record<MessageStatus, string>> = {
  PENDING: 'Pending',
  QUEUED: 'Queued',
  ANSWERED: 'Answered (person)',
  MACHINE: 'Answering machine',
  NO_ANSWER: 'No answer',
  BUSY: 'Busy',
  FAILED: 'Failed',
  INVALID_NUMBER: 'Invalid number',
  DELIVERED: 'Delivered',
  UNDELIVERED: 'Undelivered',
  DEFERRED: 'Deferred',
  OPENED: 'Opened',
  BOUNCED: 'Bounced',
};

export function isChannelStatus(channel: Channel, status: string): status is MessageStatus {
  return (CHANNEL_STATUSES[channel] as readonly string[]).includes(status);
}

/** Why the feed refuses a status on a channel, with the statuses it takes: 'is not an SMS status (PENDING, …)'. */
export function notAChannelStatus(channel: Channel): string {
  const article = channel === 'PHON' ? 'a' : 'an';
  return `is not ${article} ${channel} status (${CHANNEL_STATUSES[channel].join(', ')})`;
}

/**
 * Phases (DESIGN.md §4) are cumulative: every message is imported; a queued message was handed to the
 * channel engine (it may also be completed); a completed message has a final status. So for any
 * dataset and channel, imported >= queued >= completed.
 */
export const PHASES = ['imported', 'queued', 'completed'] as const;
export type Phase = (typeof PHASES)[number];

const NOT_QUEUED: readonly string[] = ['PENDING'];
const NOT_COMPLETED: readonly string[] = ['PENDING', 'QUEUED', 'DEFERRED'];

/** The furthest phase a status has reached. */
export function phaseOf(status: MessageStatus): Phase {
  if (NOT_QUEUED.includes(status)) return 'imported';
  if (NOT_COMPLETED.includes(status)) return 'queued';
  return 'completed';
}

/** True if a message with this status counts in the phase (phases are cumulative). */
export function inPhase(status: MessageStatus, phase: Phase): boolean {
  const order = PHASES.indexOf(phaseOf(status));
  return order >= PHASES.indexOf(phase);
}

/**
 * 'Reached' (positive contact) per channel, for medical-baseline reports (DESIGN.md §4). The server's
 * `REACHED_STATUSES` setting overrides it, e.g. `PHON=ANSWERED;SMS=DELIVERED;EMAIL=DELIVERED,OPENED`.
 */
export const DEFAULT_REACHED_STATUSES: Readonly<Record<Channel, readonly MessageStatus[]>> = {
  PHON: ['ANSWERED'],
  SMS: ['DELIVERED'],
  EMAIL: ['DELIVERED', 'OPENED'],
};

/**
 * Notification waves of a PSPS event (the grid's CMD column). Free text is accepted from the messaging
 * engine; these are the usual ones, with the labels the demo uses.
 */
export const NOTIFICATION_WAVES = {
  ADVANCE_48H: '48-Hour Advance Notice',
  ADVANCE_24H: '24-Hour Advance Notice',
  IMMINENT: 'Imminent Shutoff',
  DEENERGIZED: 'De-energized',
  ALL_CLEAR: 'All Clear',
} as const;

/** Columns of the events grid (doc 1 §2), in order; also the header row of its CSV download. */
export const GRID_COLUMNS = [
  '#',
  'MB-EVT-ID',
  'Event Name',
  'MB-DS-ID',
  'MB-ROOT-ID',
  'Type',
  'Title',
  'Imported',
  'Queued',
  'Processed',
  'Total Messages',
  'Voice Count',
  'SMS Count',
  'e-Mail Count',
] as const;

/** Fixed texts of the report screens (doc 1 §2). */
export const REPORT_TEXTS = {
  selectEvent: '--- select an event ---',
  selectCampaign: '--- select a campaign ---',
  noData: 'NO DATA AVAILABLE',
  none: 'none',
  missingDate: '-',
  downloadCsv: 'Download CSV File',
  summaryNote: 'This report refreshes automatically; updates arrive every 10 minutes.',
  /** The summary's 'current as of' time (doc 1 §2), the snapshot's insert_dt, after the note. */
  currentAsOf: (time: string) => `Counts current as of ${time}.`,
} as const;

/** Summary snapshots are written every 10 minutes (doc 1 §9) for datasets with activity. */
export const SUMMARY_INTERVAL_MINUTES = 10;
/** Rows of the all-channels summary table, in order, with the channel key of the snapshot's fields. */
export const SUMMARY_ROWS = [
  { label: 'ALL', key: 'ALL' },
  { label: 'VOICE', key: 'PHON' },
  { label: 'SMS', key: 'SMS' },
  { label: 'E-MAIL', key: 'EMAIL' },
] as const;
/** SMS and e-mail pies label only slices of at least this share (doc 1 §2, §9); voice labels every slice. */
export const PIE_LABEL_MIN_SHARE: Readonly<Record<Channel, number>> = { PHON: 0, SMS: 0.2, EMAIL: 0.2 };
