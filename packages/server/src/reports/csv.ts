import { formatDateTimeWithOffsetIn, GRID_COLUMNS, type GridRow } from '@psps/contracts';

/**
 * A spreadsheet treats a cell starting with = + - @ (or a tab / carriage return) as a formula: such a cell
 * is prefixed with an apostrophe, so an event or campaign title can never run code on an operator's machine.
 */
function neutralise(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** RFC 4180: fields with a comma, quote or line break are quoted, quotes doubled; lines end with CRLF. */
function field(value: string | number | null): string {
  const text = neutralise(value === null ? '' : String(value));
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * The events grid as CSV: a header row of the grid's columns, then one line per row, numbered from 1. Times are
 * ISO 8601 UTC, or with `timeZone` the grid's `YYYY-MM-DD HH:mm:ss` followed by the offset ('-08:00'): a file
 * forwarded or opened elsewhere still says which clock its times are on, cell by cell.
 */
export function gridCsv(rows: GridRow[], timeZone?: string): string {
  const time = (value: string | null) =>
    timeZone === undefined ? value : formatDateTimeWithOffsetIn(value, timeZone);
  const lines = [GRID_COLUMNS.map(field).join(',')];
  rows.forEach((r, i) => {
    lines.push(
      [
        i + 1,
        r.id_bint,
        r.name_vch,
        r.dataset_id_bint,
        r.rootDataset_bint,
        r.type,
        r.title_vch,
        time(r.created_dt),
        time(r.launched_dt),
        time(r.processed_dt),
        r.totalrecords_int,
        r.voicecount_int,
        r.smscount_int,
        r.emailcount_int,
      ]
        .map(field)
        .join(','),
    );
  });
  return `${lines.join('\r\n')}\r\n`;
}
