import { type CompletionReportRow, completionReportRowSchema, STORAGE_KEYS } from '@psps/contracts';
import { z } from 'zod';

const storedRows = z.array(completionReportRowSchema);

export type StoredReports = { rows: CompletionReportRow[]; xt: number };

/**
 * The completion list kept in the browser (document 1 §3): the rows under `completionReports`, the highest
 * UPDATE_XT under `completionReports_xt`. Logout removes both (lib/storage.ts). A stored list that no longer
 * matches the contract is dropped with its stamp, so the next call asks for every row again (stamp 0).
 */
export const reportStore = {
  read(): StoredReports | null {
    const raw = localStorage.getItem(STORAGE_KEYS.completionReports);
    if (raw === null) return null;
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
    return { rows: rows.data, xt };
  },
  write({ rows, xt }: StoredReports) {
    try {
      localStorage.setItem(STORAGE_KEYS.completionReports, JSON.stringify(rows));
      localStorage.setItem(STORAGE_KEYS.completionReportsXt, String(xt));
    } catch {
      // Storage full: the list still shows; the next visit asks for every row again.
      reportStore.clear();
    }
  },
  clear() {
    localStorage.removeItem(STORAGE_KEYS.completionReports);
    localStorage.removeItem(STORAGE_KEYS.completionReportsXt);
  },
};
