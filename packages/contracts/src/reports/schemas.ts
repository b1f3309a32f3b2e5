import { z } from 'zod';
import { idParam, timeZoneParam } from '../http.ts';
import { CHANNELS, CUSTOMER_CLASSES, MESSAGE_STATUSES } from './constants.ts';

/**
 * The report calls of document 1 §7 and their answers. Field names are the specification's (doc 1 §3);
 * result-set answers are arrays of sets (DESIGN.md §3). Timestamps are ISO 8601 strings in UTC; counts
 * are whole numbers. Where the specification leaves a set open, the shape pinned here is the contract.
 */

const isoDateTime = z.iso.datetime({ offset: true });
const count = z.number().int().nonnegative();
const id = z.number().int().positive();

export const datasetIdParams = z.object({ datasetId: idParam });
export const eventIdParams = z.object({ eventId: idParam });
/**
 * The events grid CSV: with `tz` (the console sends the browser's zone), its times are `YYYY-MM-DD HH:mm:ss` in that
 * zone, as the grid on screen shows them; without it, ISO 8601 UTC. With `datasetId`, only that campaign's rows (its
 * root and its children), as the combined campaign report shows the grid for the chosen dataset (document 1 §2).
 */
export const gridCsvQuery = z.object({
  tz: timeZoneParam.optional(),
  datasetId: idParam.optional(),
});

/** The rows of the events grid that belong to a campaign: its root row and the rows of its children. */
export function gridRowsOfCampaign<T extends { rootDataset_bint: number }>(
  rows: readonly T[],
  datasetId: number,
) {
  return rows.filter((row) => row.rootDataset_bint === datasetId);
}

export const customerClassSchema = z.enum(CUSTOMER_CLASSES);
export const channelSchema = z.enum(CHANNELS);
export const messageStatusSchema = z.enum(MESSAGE_STATUSES as [string, ...string[]]);

// ---- campaigns (datasets) ----

/**
 * A campaign (dataset), doc 1 §3. created_dt is when it was imported, launched_dt when it was handed to
 * the channel engines, processed_dt when every message reached its final status (null until then).
 * Counts are messages: totalrecords_int = voice + SMS + e-mail; a root campaign's counts are the sums
 * of its children's.
 */
export const campaignSchema = z
  .object({
    dataset_id_bint: id,
    title_vch: z.string(),
    launched_dt: isoDateTime.nullable(),
    created_dt: isoDateTime,
    processed_dt: isoDateTime.nullable(),
    totalrecords_int: count,
    voicecount_int: count,
    smscount_int: count,
    emailcount_int: count,
  })
  .describe('A campaign (dataset) with its message counts; a root campaign counts its children.');
export type Campaign = z.infer<typeof campaignSchema>;

/**
 * A campaign as the dropdowns and lists show it: the campaign plus its event, notification wave (CMD)
 * and medical-baseline retry time.
 */
export const campaignListItemSchema = campaignSchema.extend({
  event_id_bint: id,
  CMD: z.string().nullable().describe('notification wave, e.g. ADVANCE_48H (see NOTIFICATION_WAVES)'),
  medbaseRetry_dt: isoDateTime.nullable().describe('when the medical-baseline retry logic completes'),
});
export type CampaignListItem = z.infer<typeof campaignListItemSchema>;

/**
 * GET /api/campaign-list/: `[campaigns]`, one set holding every root campaign (a child campaign is
 * reached through its root's tree), newest launch first, campaigns not yet launched first of all.
 */
export const campaignListAnswer = z
  .tuple([z.array(campaignListItemSchema)])
  .describe('[0]: root campaigns, newest first (not yet launched ones first)');
export type CampaignListAnswer = z.infer<typeof campaignListAnswer>;

/**
 * A card of the campaign tree (doc 1 §2): ID, Imported (created_dt), Launched (launched_dt), Completed
 * (processed_dt), Total, Voice, SMS and e-Mail counts.
 */
export const campaignCardSchema = campaignSchema;
export type CampaignCard = Campaign;

/**
 * GET /api/proc_reports_campaignTree/{datasetId}: four sets, `[root, medicalBaseline, criticalEssential,
 * general]`. Set 0 holds the root card (one element); sets 1-3 the child campaigns of each customer class,
 * oldest first (an empty set: the console shows 'none'). For a child campaign's id the tree of its root
 * is answered. Unknown id: 404.
 */
export const campaignTreeAnswer = z
  .tuple([
    z.array(campaignCardSchema).length(1),
    z.array(campaignCardSchema),
    z.array(campaignCardSchema),
    z.array(campaignCardSchema),
  ])
  .describe('[0]: [root card]; [1] Medical Baseline, [2] Critical Essential, [3] General: child cards');
export type CampaignTreeAnswer = z.infer<typeof campaignTreeAnswer>;

// ---- events ----

/** A PSPS event, doc 1 §3. recordCount = messages of every campaign of the event. */
export const eventSchema = z.object({
  id_bint: id,
  name_vch: z.string(),
  begin_dt: isoDateTime,
  recordCount: count,
});
export type PspsEvent = z.infer<typeof eventSchema>;

/** GET /api/proc_events_getList/: `[events]`, newest begin time first. */
export const eventsListAnswer = z
  .tuple([z.array(eventSchema)])
  .describe('[0]: events, newest begin time first');
export type EventsListAnswer = z.infer<typeof eventsListAnswer>;

/**
 * GET /api/proc_events_getCampaigns/{eventId}: `[campaigns]`, the root campaigns of the event (one tree
 * each), in launch order (not yet launched last). Unknown event: 404.
 */
export const eventCampaignsAnswer = z
  .tuple([z.array(campaignListItemSchema)])
  .describe('[0]: root campaigns of the event, oldest launch first');
export type EventCampaignsAnswer = z.infer<typeof eventCampaignsAnswer>;

/**
 * GET /api/v1/reports/events/{eventId}/trees (added to the specification, REPORTING): `[trees]`, the campaign tree
 * of every root campaign of the event in one call, in the order of GET /api/proc_events_getCampaigns/{eventId}
 * (launch order, not yet launched last). Each tree is exactly what GET /api/proc_reports_campaignTree/{datasetId}
 * answers for that campaign, so the Events screen asks once a minute instead of once per campaign. An event
 * without campaigns answers `[[]]`; unknown event: 404.
 */
export const eventTreesAnswer = z
  .tuple([z.array(campaignTreeAnswer)])
  .describe('[0]: the campaign tree of each root campaign of the event, oldest launch first');
export type EventTreesAnswer = z.infer<typeof eventTreesAnswer>;

/** Calls added to document 1 §7's: `{eventId}` is replaced by the event's id. */
export const REPORT_PATHS = { eventTrees: '/api/v1/reports/events/{eventId}/trees' } as const;

/**
 * A row of the events grid (doc 1 §2). id_bint / name_vch are the event's; rootDataset_bint is the row's
 * root campaign (a root row names itself); type is 'Root' or the child's customer class label; CMD the
 * notification wave. The grid's Imported / Queued / Processed columns are created_dt / launched_dt /
 * processed_dt.
 */
export const gridRowSchema = z.object({
  id_bint: id,
  name_vch: z.string(),
  dataset_id_bint: id,
  rootDataset_bint: id,
  CMD: z.string().nullable(),
  type: z.string(),
  title_vch: z.string(),
  created_dt: isoDateTime,
  launched_dt: isoDateTime.nullable(),
  processed_dt: isoDateTime.nullable(),
  totalrecords_int: count,
  voicecount_int: count,
  smscount_int: count,
  emailcount_int: count,
});
export type GridRow = z.infer<typeof gridRowSchema>;

/**
 * GET /api/sql/proc_reports_gridTreeEvents/{eventId}: `[rows]`: each root campaign of the event (launch
 * order) followed by its children (Medical Baseline, Critical Essential, General, then by id). Unknown event: 404.
 * GET /csv/proc_reports_gridTreeEvents/{eventId} answers the same rows as RFC 4180 CSV (text/csv) with a
 * header row of GRID_COLUMNS; '#' numbers the rows from 1.
 */
export const gridAnswer = z
  .tuple([z.array(gridRowSchema)])
  .describe('[0]: grid rows: each root followed by its children');
export type GridAnswer = z.infer<typeof gridAnswer>;

// ---- all-channels summary (pinned, DESIGN.md §3) ----

/**
 * A summary snapshot (doc 1 §3), written every 10 minutes for campaigns with activity and when a campaign
 * completes. imported = every message; queued = handed to the channel engine (including completed ones);
 * completed = final status. So imported >= queued >= completed.
 */
export const summarySnapshotSchema = z.object({
  insert_dt: isoDateTime,
  importedALL_bint: count,
  queuedALL_bint: count,
  completedALL_bint: count,
  importedPHON_bint: count,
  queuedPHON_bint: count,
  completedPHON_bint: count,
  importedSMS_bint: count,
  queuedSMS_bint: count,
  completedSMS_bint: count,
  importedEMAIL_bint: count,
  queuedEMAIL_bint: count,
  completedEMAIL_bint: count,
});
export type SummarySnapshot = z.infer<typeof summarySnapshotSchema>;

/** GET /api/all-reports-summary/{datasetId}: `[[latest snapshot]]`, or `[[]]` when none exists yet. */
export const summaryAnswer = z
  .tuple([z.array(summarySnapshotSchema).max(1)])
  .describe('[[latest snapshot]] or [[]]');
export type SummaryAnswer = z.infer<typeof summaryAnswer>;

// ---- channel reports (pinned, DESIGN.md §3) ----

/**
 * GET /api/{voice|sms|email}-reports/{datasetId}: set 0 `[{TOTAL_COUNT}]` messages of the channel;
 * set 1 `[{launched_dt, title_vch}]`; set 2 `[{customer_class, COUNT}]` per customer class (code, see
 * CUSTOMER_CLASSES; classes without messages are left out); set 3 `[{tag_title_vch, tag_line_vch}]`;
 * set 4 `[{STATUS, COUNT}]` the statuses with at least one message, in CHANNEL_STATUSES order.
 */
export const channelReportAnswer = z.tuple([
  z.tuple([z.object({ TOTAL_COUNT: count })]),
  z.tuple([z.object({ launched_dt: isoDateTime.nullable(), title_vch: z.string() })]),
  z.array(z.object({ customer_class: customerClassSchema, COUNT: count })),
  z.tuple([z.object({ tag_title_vch: z.string().nullable(), tag_line_vch: z.string().nullable() })]),
  z.array(z.object({ STATUS: messageStatusSchema, COUNT: count })),
]);
export type ChannelReportAnswer = z.infer<typeof channelReportAnswer>;
