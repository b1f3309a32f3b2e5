import {
  CUSTOM_REPORT_KINDS,
  type CustomReportKind,
  type LauncherCampaign,
  REPORT_KIND_LABELS,
} from '@psps/contracts';
import { transferSentence } from '@/components/transfer-status.tsx';
import { stillRunningNote } from './still-running.ts';

/**
 * The reports this console launched and waits for, by campaign and kind: the report shown before the press, and
 * whether it was on its way then (a launch that joins one under way waits for that one's file).
 */
export type Followed = Map<string, { id: number | null; inFlight: boolean }>;

const keyOf = (datasetId: number, kind: CustomReportKind) => `${datasetId}:${kind}`;
const onItsWay = (state: string) => state === 'waiting' || state === 'transferring';

/** Follows the report of `kind` launched from `row`; the answer stops following it (the launch was refused). */
export function followLaunch(followed: Followed, row: LauncherCampaign, kind: CustomReportKind): () => void {
  const key = keyOf(row.dataset_id_bint, kind);
  const report = row.reports[kind];
  const entry = { id: report?.ID ?? null, inFlight: report !== null && onItsWay(report.TRANSFER_STATE) };
  followed.set(key, entry);
  return () => {
    if (followed.get(key) === entry) followed.delete(key);
  };
}

/**
 * What to tell the operator of the reports they launched whose file has now arrived or failed (each said once, then
 * no longer followed); other rows' changes are not said (the list reloads every minute).
 */
export function arrivedSentences(rows: readonly LauncherCampaign[], followed: Followed): string[] {
  const said: string[] = [];
  for (const row of rows) {
    for (const kind of CUSTOM_REPORT_KINDS) {
      const key = keyOf(row.dataset_id_bint, kind);
      const before = followed.get(key);
      const report = row.reports[kind];
      if (!before || !report || onItsWay(report.TRANSFER_STATE)) continue;
      if (report.ID === before.id && !before.inFlight) continue;
      followed.delete(key);
      const note = stillRunningNote(kind, report);
      said.push(
        `${REPORT_KIND_LABELS[kind]} of ${row.title_vch}: ${transferSentence(report)}${note ? ` ${note}` : ''}`,
      );
    }
  }
  return said;
}
