import { Readable, Transform } from 'node:stream';
import { SUPPRESSION_DOWNLOAD_COLUMNS, type SuppressionType, toCsvRow } from '@psps/contracts';
import { copyTextField } from './copy-text.ts';

/**
 * The download (data.csv): one line per active value, columns group, type, value, start_ts, end_ts, created_ts.
 *
 * Every text cell goes through the shared neutralizeCsvCell: group names and values come from operators' files,
 * so a cell beginning with = + - @ (or a tab or carriage return) gets a leading quote against formula injection.
 * Phone values are E.164 and begin with '+'; a pure E.164 number is left as it is, because digits cannot form a
 * harmful formula and the '+' form is what the upload reads back. The upload drops the quotes this adds, so a
 * downloaded file can be uploaded again unchanged. Times are ISO 8601 UTC, the form the upload's start and end take.
 */

/** A suppression row as the download query reads it (timestamps as the driver returns them). */
export interface SuppressionDownloadRow {
  group_vch: string;
  supress_type: SuppressionType;
  value_vch: string;
  start_ts: Date | string;
  end_ts: Date | string | null;
  created_ts: Date | string;
}

/** Roughly how much text is gathered before it is handed to the response. */
const CHUNK_CHARACTERS = 64 * 1024;

export const SUPPRESSION_CSV_HEADER = toCsvRow(SUPPRESSION_DOWNLOAD_COLUMNS);
/**
 * data.csv starts with a UTF-8 byte order mark: it is saved by an operator and opened in Excel, which reads a CSV
 * file without one in the computer's legacy code page ('Café' shows as 'CafÃ©'). The upload drops it again.
 */
export const SUPPRESSION_CSV_BOM = '\uFEFF';

export function suppressionCsvRow(row: SuppressionDownloadRow): string {
  return toCsvRow([
    row.group_vch,
    row.supress_type,
    row.value_vch,
    isoTime(row.start_ts),
    row.end_ts === null ? null : isoTime(row.end_ts),
    isoTime(row.created_ts),
  ]);
}

/**
 * The download (data.csv) from the text of a COPY whose lines are formatted by suppression_csv_cell: the header,
 * then each line with CRLF. Bytes pass through (no string per row); a chunk holding a backslash (an escaped tab,
 * line break or backslash in a cell, rare) has its lines decoded. Lines split across chunks wait for their end.
 */
export function csvFromCopyText(): Transform {
  let carry: Buffer | undefined;
  const csv = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      const data = carry === undefined ? chunk : Buffer.concat([carry, chunk]);
      const last = data.lastIndexOf(0x0a);
      carry = last + 1 < data.length ? Buffer.from(data.subarray(last + 1)) : undefined;
      done(null, last === -1 ? undefined : crlfLines(data.subarray(0, last + 1)));
    },
    flush(done) {
      done(null, carry === undefined ? undefined : crlfLines(Buffer.concat([carry, Buffer.from('\n')])));
    },
  });
  csv.push(Buffer.from(SUPPRESSION_CSV_BOM + SUPPRESSION_CSV_HEADER));
  return csv;
}

/** COPY text lines (each ending with LF) as CSV records (each ending with CRLF). */
function crlfLines(lines: Buffer): Buffer {
  if (lines.indexOf(0x5c) !== -1) {
    const text = lines.toString('utf8').slice(0, -1);
    return Buffer.from(`${text.split('\n').map(copyTextField).join('\r\n')}\r\n`);
  }
  let count = 0;
  for (let at = lines.indexOf(0x0a); at !== -1; at = lines.indexOf(0x0a, at + 1)) count++;
  const out = Buffer.allocUnsafe(lines.length + count);
  let from = 0;
  let to = 0;
  for (let at = lines.indexOf(0x0a); at !== -1; at = lines.indexOf(0x0a, at + 1)) {
    to += lines.copy(out, to, from, at);
    out[to++] = 0x0d;
    out[to++] = 0x0a;
    from = at + 1;
  }
  return out;
}

/**
 * The download as a byte stream: the header, then the rows in the order given. Rows are pulled only as fast as
 * the client reads, so a cursor over millions of rows never sits in memory.
 */
export function suppressionCsvStream(
  rows: AsyncIterable<SuppressionDownloadRow> | Iterable<SuppressionDownloadRow>,
): Readable {
  return Readable.from(csvChunks(rows), { objectMode: false });
}

async function* csvChunks(
  rows: AsyncIterable<SuppressionDownloadRow> | Iterable<SuppressionDownloadRow>,
): AsyncGenerator<Buffer, void, undefined> {
  let chunk = SUPPRESSION_CSV_HEADER;
  for await (const row of rows) {
    chunk += suppressionCsvRow(row);
    if (chunk.length >= CHUNK_CHARACTERS) {
      yield Buffer.from(chunk);
      chunk = '';
    }
  }
  if (chunk !== '') yield Buffer.from(chunk);
}

function isoTime(time: Date | string): string {
  return typeof time === 'string' ? time : time.toISOString();
}
