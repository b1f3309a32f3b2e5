import {
  type CompletionReportRow,
  completionReportRowSchema,
  STORAGE_KEYS,
  transferStateSchema,
  updateXtSchema,
} from '@psps/contracts';
import { z } from 'zod';

export type StoredReports = { rows: CompletionReportRow[]; xt: number };

/**
 * A stored row: what the screen shows of a report, compactly. ID, UPDATE_XT and TRANSFER_STATE keep their names
 * (the merge by ID, the stamp, and what a person or a test looking at the storage reads first); the other fields
 * have one- or two-letter names, are left out when empty (null, 0, false), and times are seconds since the epoch
 * (with their milliseconds, if any, as a fraction). DATASET_ID is left out when it is the ID (one report per
 * campaign), and DUE_TIME unless the report was sent early (the only row that tells it). A season's 5,000 rows
 * were 3 MB of text as the server sends them, of about 5 MB of browser storage.
 */
const seconds = z.number().nonnegative();
const compactRow = z.object({
  ID: z.number().int().positive(),
  UPDATE_XT: updateXtSchema,
  TRANSFER_STATE: transferStateSchema,
  /** CAMPAIGN_TITLE */
  t: z.string(),
  /** DATASET_ID, when not the ID */
  d: z.number().int().positive().optional(),
  /** CAMPAIGN_LAUNCH_TIME, MEDBASE_RETRY_TIME, COMPLETION_REPORT_TIME, FILE_TRANSFER_TIME */
  l: seconds.optional(),
  r: seconds.optional(),
  c: seconds.optional(),
  f: seconds.optional(),
  /** LAST_ERROR, ATTEMPTS, FILE_NAME */
  e: z.string().optional(),
  a: z.number().int().positive().optional(),
  n: z.string().optional(),
  /** PREVIOUS_TRANSFER_TIME, PREVIOUS_FILE_NAME, NEXT_ATTEMPT_TIME, ATTEMPT_LIMIT */
  p: seconds.optional(),
  pn: z.string().optional(),
  x: seconds.optional(),
  m: z.number().int().positive().optional(),
  /** DUE_TIME (sent early only), SENT_EARLY */
  u: seconds.optional(),
  s: z.literal(1).optional(),
});
type CompactRow = z.infer<typeof compactRow>;

/** A list stored by an earlier version holds whole rows, as the server sends them: those are read too. */
const storedRows = z.array(z.union([compactRow, completionReportRowSchema]));

const toSeconds = (iso: string | null): number | undefined =>
  iso === null ? undefined : Date.parse(iso) / 1000;
const toIso = (s: number | undefined): string | null =>
  s === undefined ? null : new Date(Math.round(s * 1000)).toISOString();

function compact(row: CompletionReportRow): CompactRow {
  const out: CompactRow = { ID: row.ID, UPDATE_XT: row.UPDATE_XT, TRANSFER_STATE: row.TRANSFER_STATE, t: '' };
  out.t = row.CAMPAIGN_TITLE;
  if (row.DATASET_ID !== row.ID) out.d = row.DATASET_ID;
  out.l = toSeconds(row.CAMPAIGN_LAUNCH_TIME);
  out.r = toSeconds(row.MEDBASE_RETRY_TIME);
  out.c = toSeconds(row.COMPLETION_REPORT_TIME);
  out.f = toSeconds(row.FILE_TRANSFER_TIME);
  if (row.LAST_ERROR !== null) out.e = row.LAST_ERROR;
  if (row.ATTEMPTS !== 0) out.a = row.ATTEMPTS;
  if (row.FILE_NAME !== null) out.n = row.FILE_NAME;
  out.p = toSeconds(row.PREVIOUS_TRANSFER_TIME);
  if (row.PREVIOUS_FILE_NAME !== null) out.pn = row.PREVIOUS_FILE_NAME;
  out.x = toSeconds(row.NEXT_ATTEMPT_TIME);
  if (row.ATTEMPT_LIMIT !== null) out.m = row.ATTEMPT_LIMIT;
  if (row.SENT_EARLY) {
    out.u = toSeconds(row.DUE_TIME);
    out.s = 1;
  }
  return out;
}

function expand(row: CompactRow | CompletionReportRow): CompletionReportRow {
  if ('CAMPAIGN_TITLE' in row) return row;
  return {
    ID: row.ID,
    CAMPAIGN_TITLE: row.t,
    DATASET_ID: row.d ?? row.ID,
    CAMPAIGN_LAUNCH_TIME: toIso(row.l),
    MEDBASE_RETRY_TIME: toIso(row.r),
    COMPLETION_REPORT_TIME: toIso(row.c),
    FILE_TRANSFER_TIME: toIso(row.f),
    UPDATE_XT: row.UPDATE_XT,
    TRANSFER_STATE: row.TRANSFER_STATE,
    LAST_ERROR: row.e ?? null,
    ATTEMPTS: row.a ?? 0,
    FILE_NAME: row.n ?? null,
    PREVIOUS_TRANSFER_TIME: toIso(row.p),
    PREVIOUS_FILE_NAME: row.pn ?? null,
    NEXT_ATTEMPT_TIME: toIso(row.x),
    ATTEMPT_LIMIT: row.m ?? null,
    DUE_TIME: toIso(row.u),
    SENT_EARLY: row.s === 1,
  };
}

/** The text stored for `rows` (JSON leaves out the fields left undefined). */
export const storedText = (rows: readonly CompletionReportRow[]) => JSON.stringify(rows.map(compact));

/**
 * The list as last read or written, with the exact stored text it came from: parsing and checking a season's
 * rows at every minute's check froze the page. Stored text that is not exactly this (another tab's write, a
 * cleared storage) is read afresh.
 */
let last: { raw: string; rawXt: string | null; reports: StoredReports } | null = null;

/**
 * The completion list kept in the browser (document 1 §3): the rows under `completionReports`, the highest
 * UPDATE_XT under `completionReports_xt`. Logout removes both (lib/storage.ts). A stored list that no longer
 * matches the contract is dropped with its stamp, so the next call asks for every row again (stamp 0).
 */
export const reportStore = {
  read(): StoredReports | null {
    const raw = localStorage.getItem(STORAGE_KEYS.completionReports);
    if (raw === null) return null;
    const rawXt = localStorage.getItem(STORAGE_KEYS.completionReportsXt);
    if (last !== null && last.raw === raw && last.rawXt === rawXt) return last.reports;
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      parsed = null;
    }
    const rows = storedRows.safeParse(parsed);
    const xt = Number(rawXt);
    if (!rows.success || !Number.isSafeInteger(xt) || xt < 0) {
      reportStore.clear();
      return null;
    }
    last = { raw, rawXt, reports: { rows: rows.data.map(expand), xt } };
    return last.reports;
  },
  write({ rows, xt }: StoredReports) {
    try {
      const raw = storedText(rows);
      localStorage.setItem(STORAGE_KEYS.completionReports, raw);
      localStorage.setItem(STORAGE_KEYS.completionReportsXt, String(xt));
      last = { raw, rawXt: String(xt), reports: { rows, xt } };
    } catch {
      // Storage full: the list still shows; the next visit asks for every row again.
      reportStore.clear();
    }
  },
  clear() {
    last = null;
    localStorage.removeItem(STORAGE_KEYS.completionReports);
    localStorage.removeItem(STORAGE_KEYS.completionReportsXt);
  },
};
