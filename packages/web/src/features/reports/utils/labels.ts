import { REPORT_TEXTS } from '@psps/contracts';
import { dateOrDash } from '@/lib/dates.ts';
import { grouped } from '@/lib/numbers.ts';

/** Counts with thousands separators; '-' when the server has none. */
export function formatCount(value: number | null | undefined): string {
  return value === null || value === undefined ? REPORT_TEXTS.missingDate : grouped(value);
}

/** Events dropdown entry: begin time, then [E{event id}/N{record count}], then the name (document 1 §2). */
export function eventLabel(event: {
  id_bint: number;
  name_vch: string;
  begin_dt: string;
  recordCount: number;
}): string {
  return `${dateOrDash(event.begin_dt)} [E${event.id_bint}/N${event.recordCount}] ${event.name_vch}`;
}

/** Campaign dropdown entry and tree title: launch time, [dataset id], title (document 1 §2). */
export function campaignLabel(campaign: {
  dataset_id_bint: number;
  title_vch: string;
  launched_dt: string | null;
}): string {
  return `${dateOrDash(campaign.launched_dt)} [${campaign.dataset_id_bint}] ${campaign.title_vch}`;
}
