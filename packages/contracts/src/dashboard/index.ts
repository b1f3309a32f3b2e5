import { z } from 'zod';
import { timeZoneParam } from '../http.ts';

const count = z.number().int().nonnegative();

/**
 * GET /api/v1/dashboard (any signed-in user, doc 1 §2): messages created today, per channel. "Today" is the
 * calendar day in `tz` (the console sends the browser's zone, so the counts follow the operator's day); without
 * `tz`, the server's own zone (its TZ setting).
 */
export const dashboardQuery = z.object({ tz: timeZoneParam.optional() });

export const dashboardAnswer = z.object({
  day: z.iso.date().describe('the calendar day the counts are for, YYYY-MM-DD, in timeZone'),
  timeZone: z.string().describe("the zone of that day: tz when given, else the server's (added)"),
  all: count.nullable().describe('all channels together; null without the OBJECT_ONE permission'),
  voice: count,
  sms: count,
  email: count,
});
export type DashboardAnswer = z.infer<typeof dashboardAnswer>;

/** Dashboard card labels (doc 1 §2), in order; the Messages card needs OBJECT_ONE. */
export const DASHBOARD_CARDS = [
  { key: 'all', label: 'Messages', permission: 'OBJECT_ONE' },
  { key: 'voice', label: 'Voice', permission: null },
  { key: 'sms', label: 'SMS', permission: null },
  { key: 'email', label: 'e-Mail', permission: null },
] as const;
export const DASHBOARD_CARD_CAPTION = 'Today';
