import { type CompletionReportRow, completionReportRowSchema, STORAGE_KEYS } from '@psps/contracts';
import { z } from 'zod';

const storedRows = z.array(completionReportRowSchema);

export type StoredReports = { rows: CompletionReportRow[]; xt: number };

/**
 * The completion list kept in the browser (document 1 §3): the rows under `completionReports`, the highest
 * UPDATE_XT under `completionReports_xt`. Logout removes both (lib/storage.ts). A stored list that no longer
 * matches the contract is dropped with its stamp, so the next call asks for every row again (stamp 0).
 */
/**
 * The list as last read or written, with the exact stored text it came from. A season's 5,000 rows are 3 MB of
 * text: parsing and checking them against the contract at every minute's check took 0.4 s with the page frozen.
 * Stored text that is not exactly this (another tab's write, a cleared storage) is read afresh.
 */
let last: { raw: string; rawXt: string | null; reports: StoredReports } | null = null;

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
    const xt = Number(localStorage.getItem(STORAGE_KEYS.completionReportsXt));
    if (!rows.success || !Number.isSafeInteger(xt) || xt < 0) {
      reportStore.clear();
      return null;
    }
    last = { raw, rawXt, reports: { rows: rows.data, xt } };
    return last.reports;
  },
  write({ rows, xt }: StoredReports) {
    try {
      const raw = JSON.stringify(rows);
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
