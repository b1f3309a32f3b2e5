import { z } from 'zod';
import { CUSTOM_REPORT_KINDS } from '../completion/constants.ts';
import { deliveryProgressFields, transferStateSchema, updateXtSchema } from '../completion/schemas.ts';

const isoDateTime = z.iso.datetime({ offset: true });
const count = z.number().int().nonnegative();
const id = z.number().int().positive();

/**
 * The last report of one kind launched for a dataset, and how far its file got. REPORT_TIME: when the file
 * was generated (empty while generation is queued); FILE_TRANSFER_TIME only after a verified transfer.
 */
export const customReportStateSchema = z.object({
  ID: id.describe('report file id'),
  FILE_NAME: z.string().nullable(),
  LAUNCHED_TIME: isoDateTime,
  REPORT_TIME: isoDateTime.nullable(),
  FILE_TRANSFER_TIME: isoDateTime.nullable(),
  TRANSFER_STATE: transferStateSchema,
  LAST_ERROR: z.string().nullable(),
  ATTEMPTS: count,
  ROWS: count.nullable().describe('data rows in the file (header excluded); empty until generated'),
  UNREACHED_IN_PROGRESS: count
    .nullable()
    .describe(
      'MedBase / MB Unreached: rows of customers not reached whose messages were still being tried when the file was made (IN_PROGRESS = Y); empty until generated and for LinkClick',
    ),
  UPDATE_XT: updateXtSchema,
  ...deliveryProgressFields,
});
export type CustomReportState = z.infer<typeof customReportStateSchema>;

/**
 * A Custom Reports list row (doc 1 §3): one per root campaign, newest launch first (not yet launched
 * first). UPDATE_XT and FILE_TRANSFER_TIME are those of the last custom report launched for the dataset
 * (UPDATE_XT: the campaign's last change when none was launched; FILE_TRANSFER_TIME empty). `reports`
 * holds the last report of each kind (null: never launched), so the screen can show what was sent and
 * whether it arrived.
 */
export const launcherCampaignSchema = z.object({
  title_vch: z.string(),
  dataset_id_bint: id,
  launched_dt: isoDateTime.nullable(),
  UPDATE_XT: updateXtSchema,
  FILE_TRANSFER_TIME: isoDateTime.nullable(),
  reports: z.object(
    Object.fromEntries(CUSTOM_REPORT_KINDS.map((k) => [k, customReportStateSchema.nullable()])) as Record<
      (typeof CUSTOM_REPORT_KINDS)[number],
      z.ZodNullable<typeof customReportStateSchema>
    >,
  ),
});
export type LauncherCampaign = z.infer<typeof launcherCampaignSchema>;

/** GET /api/v1/launcher/campaigns (REPORTING): `[rows]`. */
export const launcherCampaignsAnswer = z
  .tuple([z.array(launcherCampaignSchema)])
  .describe('[0]: root campaigns with their custom reports, newest launch first');
export type LauncherCampaignsAnswer = z.infer<typeof launcherCampaignsAnswer>;

export const LAUNCHER_PATHS = { campaigns: '/api/v1/launcher/campaigns' } as const;
