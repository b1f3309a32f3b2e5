import { Readable } from 'node:stream';
import { SUPPRESSION_DOWNLOAD_COLUMNS, type SuppressionType, toCsvRow } from '@psps/contracts';

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
 * The download as a byte stream: the header, then the rows in the order given. Rows are pulled only as fast as
 * the client reads, so a cursor over millions of rows never sits in memory.
 */
export function suppressionCsvStream(
  rows: AsyncIterable<SuppressionDownloadRow> | Iterable<SuppressionDownloadRow>,
): Readable {
  return suppressionCsvStreamOfBatches(inBatches(rows));
}

/**
 * The same from batches of rows (as a cursor fetches them): one step of the stream per batch instead of one per row,
 * which halves the download's time and the garbage it leaves.
 */
export function suppressionCsvStreamOfBatches(
  batches: AsyncIterable<readonly SuppressionDownloadRow[]>,
): Readable {
  return Readable.from(csvChunks(batches), { objectMode: false, highWaterMark: CHUNK_CHARACTERS });
}

async function* inBatches(
  rows: AsyncIterable<SuppressionDownloadRow> | Iterable<SuppressionDownloadRow>,
): AsyncGenerator<SuppressionDownloadRow[]> {
  let batch: SuppressionDownloadRow[] = [];
  for await (const row of rows) {
    batch.push(row);
    if (batch.length >= 1000) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
}

async function* csvChunks(
  batches: AsyncIterable<readonly SuppressionDownloadRow[]>,
): AsyncGenerator<Buffer, void, undefined> {
  let chunk = SUPPRESSION_CSV_HEADER;
  for await (const rows of batches) {
    for (const row of rows) {
      chunk += suppressionCsvRow(row);
      if (chunk.length >= CHUNK_CHARACTERS) {
        yield Buffer.from(chunk);
        chunk = '';
      }
    }
  }
  if (chunk !== '') yield Buffer.from(chunk);
}

function isoTime(time: Date | string): string {
  return typeof time === 'string' ? time : time.toISOString();
}
