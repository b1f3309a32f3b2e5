// PROVISIONAL: the pinned shapes of DESIGN.md §3 and document 1 §3 until contracts/reports lands.
import { z } from 'zod';

const ts = z.string().nullable();
export const campaign = z.object({
  dataset_id_bint: z.number(),
  title_vch: z.string(),
  launched_dt: ts,
  created_dt: ts,
  processed_dt: ts,
  totalrecords_int: z.number(),
  voicecount_int: z.number(),
  smscount_int: z.number(),
  emailcount_int: z.number(),
});
export type Campaign = z.infer<typeof campaign>;
export const campaignListAnswer = z.tuple([z.array(campaign)]);
export const reportEvent = z.object({ id_bint: z.number(), name_vch: z.string(), begin_dt: ts, recordCount: z.number() });
export type ReportEvent = z.infer<typeof reportEvent>;
export const eventListAnswer = z.tuple([z.array(reportEvent)]);
export const eventCampaignsAnswer = z.tuple([z.array(campaign)]);
export const gridRow = campaign.extend({
  id_bint: z.number(),
  name_vch: z.string(),
  rootDataset_bint: z.number().nullable(),
  type: z.string(),
});
export type GridRow = z.infer<typeof gridRow>;
export const gridAnswer = z.tuple([z.array(gridRow)]);
export const campaignTreeAnswer = z.tuple([z.array(campaign), z.array(campaign), z.array(campaign), z.array(campaign)]);
export type CampaignTree = z.infer<typeof campaignTreeAnswer>;
export const summary = z.looseObject({ insert_dt: z.string() });
export type Summary = Record<string, unknown> & { insert_dt: string };
export const summaryAnswer = z.tuple([z.array(summary)]);
export const channelReportAnswer = z.tuple([
  z.array(z.object({ TOTAL_COUNT: z.number() })),
  z.array(z.object({ launched_dt: ts, title_vch: z.string() })),
  z.array(z.object({ customer_class: z.string(), COUNT: z.number() })),
  z.array(z.object({ tag_title_vch: z.string().nullable(), tag_line_vch: z.string().nullable() })),
  z.array(z.object({ STATUS: z.string(), COUNT: z.number() })),
]);
export type ChannelReport = z.infer<typeof channelReportAnswer>;
