import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  SUPPRESSION_TYPES,
  SUPPRESSION_UPLOAD_COLUMNS,
  SUPPRESSION_UPLOAD_ERRORS_MAX,
  type SuppressionType,
  type SuppressionUploadColumn,
  unneutralizeCsvCell,
  wallTimeIn,
} from '@psps/contracts';
import { CsvError, parse } from 'csv-parse';
import {
  INVALID_NANP,
  invalidPhoneReason,
  nanpNumberOf,
  nanpTenIn,
  normalizeValue,
  plainNanpNumber,
  shorten,
} from './normalize.ts';
import { NumberSet, StringSet } from './value-sets.ts';

/**
 * Reading a suppression upload file (DESIGN §5): UTF-8 (a BOM is dropped), CSV or plain text with one value a line,
 * an optional header line `value,type,start,end` in any order and any case. Without a header the columns are taken
 * in that order, so a plain list of values is a one-column CSV file.
 *
 * The file is streamed: memory holds one batch and the set of distinct normalised values (needed to count a value
 * repeated in the file once; with `known` values, only those new to them), never the file. Problems with one line reject that line; problems with the file as a
 * whole (not UTF-8, broken CSV quoting, an unknown header column) throw UploadFileError, because a full upload
 * must not go on with a file it has only partly understood: every value it missed would be removed.
 */

/** An accepted value; `line` is where it starts in the file (1-based, the header being line 1). */
export interface UploadRecord {
  line: number;
  type: SuppressionType;
  value: string;
  /** ISO 8601 UTC; absent: from the time the upload is applied. */
  start?: string;
  /** ISO 8601 UTC; absent: no end. */
  end?: string;
  /** The value as a number, when it is a phone number read by the fast path (E.164 digits: 14155550123). */
  number?: number;
  /** With `known` values (a full upload's group): whether they hold it, and whether it has an end there. */
  known?: 'new' | 'current' | 'ending';
}

/**
 * Values known before the file is read (a full upload's group; GroupValues): each line's value is looked up once,
 * there and, only when new to them, among the file's values read so far.
 */
export interface KnownValues {
  /** 'repeat': known, and listed by an earlier line. */
  match(type: SuppressionType, value: string, number?: number): 'new' | 'current' | 'ending' | 'repeat';
  /** The same for a phone number in E.164 form given as the number of its digits (14155550123). */
  matchNumber(type: SuppressionType, number: number): 'new' | 'current' | 'ending' | 'repeat';
}

export interface UploadRejection {
  line: number;
  reason: string;
}

export interface UploadBatch {
  records: UploadRecord[];
  rejections: UploadRejection[];
}

/** Counts over the lines that hold data (neither blank nor the header): lines = accepted + duplicates + rejected. */
export interface UploadTotals {
  lines: number;
  accepted: number;
  duplicates: number;
  rejected: number;
}

export interface ParseUploadOptions {
  /** Records and rejections per batch. */
  batchSize?: number;
  /** The time an end date must be after; defaults to the time the parse starts. */
  now?: Date;
  /**
   * The IANA time zone of dates and times written without an offset (the console sends the operator's); without
   * it they are UTC.
   */
  timeZone?: string;
  /** Values to match each line against (see KnownValues). */
  known?: KnownValues;
  /**
   * The group the file is uploaded to. A file with a group column (a downloaded data.csv) may only hold lines of
   * that group: DOWNLOAD ALL uploaded again would otherwise make every group's values this group's.
   */
  group?: string;
}

/** Line 1 read as a header: its text, and the type it gave the values whose line names none. */
export interface UploadHeader {
  text: string;
  type?: SuppressionType;
}

/** Accepted values whose start date is still to come: how many, and the first of those starts (ISO, UTC). */
export interface StartsLater {
  count: number;
  first: string;
}

/**
 * Iterate it once for the batches; `totals`, `errors` (the first 100 rejections), `header` (undefined when line 1
 * is data) and `startsLater` (undefined when no accepted value starts later) are final after the last one.
 */
export interface UploadParse extends AsyncIterable<UploadBatch> {
  readonly totals: Readonly<UploadTotals>;
  readonly errors: readonly UploadRejection[];
  readonly header: UploadHeader | undefined;
  readonly startsLater: Readonly<StartsLater> | undefined;
}

/** The file cannot be read at all; `line` says where, when known. */
export class UploadFileError extends Error {
  override readonly name = 'UploadFileError';
  /** `reason`: what is wrong, without the line (the message starts with 'Line n: ' when the line is known). */
  constructor(
    readonly reason: string,
    readonly line?: number,
  ) {
    super(line === undefined ? reason : `Line ${line}: ${reason}`);
  }
}

export const UPLOAD_BATCH_SIZE = 5_000;
/** No value is this long, so a longer record means broken quoting; it also bounds what the CSV parser buffers. */
const MAX_RECORD_CHARACTERS = 4_096;
/** Header names of the download (data.csv) that an upload accepts too, so a downloaded file can be uploaded again. */
const HEADER_ALIASES: Record<string, SuppressionUploadColumn | 'group' | 'ignored'> = {
  start_ts: 'start',
  end_ts: 'end',
  group: 'group',
  created_ts: 'ignored',
};

interface ColumnPositions {
  value: number;
  /** A download's group column: a line of another group than the upload's is refused. */
  group?: number;
  type?: number;
  start?: number;
  end?: number;
  /** How many cells a line may have. */
  width: number;
  /** The type of a value whose line gives none: from a header of one word naming it ('Phone', 'Account'). */
  defaultType?: SuppressionType;
  /** The columns are value, type, start, end in that order (no header, or one of one word). */
  positional?: true;
}

const POSITIONAL_COLUMNS: ColumnPositions = {
  value: 0,
  type: 1,
  start: 2,
  end: 3,
  width: 4,
  positional: true,
};
/** Under a header of one word (HEADER_WORDS): the columns in the same order. */
const WORD_COLUMNS: ColumnPositions = { ...POSITIONAL_COLUMNS };

export function parseUpload(
  input: AsyncIterable<Uint8Array | string>,
  options: ParseUploadOptions = {},
): UploadParse {
  const totals: UploadTotals = { lines: 0, accepted: 0, duplicates: 0, rejected: 0 };
  const errors: UploadRejection[] = [];
  const found: Found = {};
  let read = false;
  return {
    totals,
    errors,
    get header() {
      return found.header;
    },
    get startsLater() {
      return found.startsLater;
    },
    [Symbol.asyncIterator]() {
      if (read) throw new Error('An upload file can be read only once');
      read = true;
      return readBatches(input, options, totals, errors, found);
    },
  };
}

/** What reading the file finds besides its counts. */
type Found = { header?: UploadHeader; startsLater?: StartsLater };

async function* readBatches(
  input: AsyncIterable<Uint8Array | string>,
  options: ParseUploadOptions,
  totals: UploadTotals,
  errors: UploadRejection[],
  found: Found,
): AsyncGenerator<UploadBatch, void, undefined> {
  const batchSize = options.batchSize ?? UPLOAD_BATCH_SIZE;
  const now = (options.now ?? new Date()).getTime();
  const seen = new DistinctValues();
  const known = options.known;
  const readTime = timestampReader(options.timeZone);

  let columns: ColumnPositions | undefined;
  // A line of one cell may be a bare North American number, read without normalizing: when the value is the first
  // column and a number in it is a PHONE (no header, or one that gives no other type).
  let bareNumbers = false;
  let batch: UploadBatch = { records: [], rejections: [] };
  const rejectLine = (line: number, reason: string) => {
    totals.rejected++;
    if (errors.length < SUPPRESSION_UPLOAD_ERRORS_MAX) errors.push({ line, reason });
    batch.rejections.push({ line, reason });
  };

  for await (const lines of readRecords(input)) {
    const numbers = lines.numbers;
    for (let i = 0; i < lines.records.length; i++) {
      const line = lines.lines[i]!;
      // A line the reader found to be a bare North American number: its cells are only made when needed.
      const coded = numbers === undefined ? -1 : numbers[i]!;
      const record: string[] =
        coded !== -1 && (columns === undefined || !bareNumbers) ? [nanpLineText(coded)] : lines.records[i]!;
      if (columns === undefined) {
        columns = (line === 1 ? readHeader(record) : undefined) ?? POSITIONAL_COLUMNS;
        bareNumbers = columns.value === 0 && (columns.defaultType ?? 'PHONE') === 'PHONE';
        if (columns !== POSITIONAL_COLUMNS) {
          found.header = { text: shorten(record.filter((cell) => cell !== '').join(',')) };
          if (columns.defaultType !== undefined) found.header.type = columns.defaultType;
          continue;
        }
      }
      if (coded === -1 && isBlank(record)) continue;
      totals.lines++;

      // A bare North American number (most lines of most lists): no type column, nothing to normalise.
      const number = !bareNumbers
        ? -1
        : coded !== -1
          ? nanpNumberOf(nanpLineTen(coded))
          : record.length === 1
            ? plainNanpNumber(record[0]!)
            : -1;
      if (number === INVALID_NANP) {
        rejectLine(line, invalidPhoneReason(coded === -1 ? record[0]! : nanpLineText(coded)));
      } else if (number !== -1) {
        const match = known?.matchNumber('PHONE', number) ?? 'new';
        if (match === 'repeat' || (match === 'new' && !seen.addNumber('PHONE', number))) {
          totals.duplicates++;
        } else {
          totals.accepted++;
          // A value the group holds as it is (no dates on a bare number) changes nothing: no record is made.
          if (match !== 'current') {
            const accepted: UploadRecord = { line, type: 'PHONE', value: `+${number}`, number };
            if (known !== undefined) accepted.known = match;
            batch.records.push(accepted);
          }
        }
      } else {
        const row = readRow(record, columns, now, readTime, options.group);
        const match = row.ok ? (known?.match(row.type, row.value) ?? 'new') : 'new';
        if (!row.ok) {
          rejectLine(line, (line === 1 ? unknownHeaderReason(record) : undefined) ?? row.reason);
        } else if (match === 'repeat' || (match === 'new' && !seen.add(row.type, row.value))) {
          totals.duplicates++;
        } else {
          totals.accepted++;
          // Suppressed only from its start: the screens, which show active values, show it only then.
          if (row.start !== undefined && Date.parse(row.start) > now) {
            found.startsLater ??= { count: 0, first: row.start };
            found.startsLater.count++;
            if (row.start < found.startsLater.first) found.startsLater.first = row.start;
          }
          if (match !== 'current' || row.start !== undefined || row.end !== undefined) {
            const accepted: UploadRecord = { line, type: row.type, value: row.value };
            if (row.start !== undefined) accepted.start = row.start;
            if (row.end !== undefined) accepted.end = row.end;
            if (known !== undefined) accepted.known = match;
            batch.records.push(accepted);
          }
        }
      }

      if (batch.records.length + batch.rejections.length >= batchSize) {
        yield batch;
        batch = { records: [], rejections: [] };
      }
    }
  }
  if (batch.records.length + batch.rejections.length > 0) yield batch;
}

function isBlank(record: readonly string[]): boolean {
  for (const cell of record) if (cell !== '') return false;
  return true;
}

/** Records (cells of one line, or of several when a quoted cell holds line breaks) and the line each starts on. */
interface RecordRun {
  records: string[][];
  lines: number[];
  /**
   * From the plain lines' reader: per record, -1, or the line's bare North American number (nanpLineCode) whose
   * record is then NUMBER_LINE: a million-line list of numbers is read without a string or an array per line.
   */
  numbers?: number[];
}

/** The record of a line read as a number (RecordRun.numbers). */
const NUMBER_LINE: string[] = [];

/**
 * A bare North American number as the line wrote it: its ten digits and how they were written (0: '4155550123',
 * 1: '14155550123', 2: '+14155550123'), so that the line's text can be given back exactly when a header says the
 * column is not a phone number. Below 2^53.
 */
function nanpLineCode(ten: number, length: number): number {
  return ten * 4 + (length - 10);
}
function nanpLineTen(code: number): number {
  return Math.floor(code / 4);
}
function nanpLineText(code: number): string {
  const ten = nanpLineTen(code);
  const form = code - ten * 4;
  return form === 0 ? String(ten) : form === 1 ? `1${ten}` : `+1${ten}`;
}

/** Adds the plain line text[start, end) to the run: as a number when it is a bare North American number. */
function pushPlainLine(
  run: Required<RecordRun>,
  text: string,
  start: number,
  end: number,
  line: number,
): void {
  const ten = end - start <= 12 ? nanpTenIn(text, start, end) : -1;
  run.records.push(ten === -1 ? plainCells(text.slice(start, end)) : NUMBER_LINE);
  run.numbers.push(ten === -1 ? -1 : nanpLineCode(ten, end - start));
  run.lines.push(line);
}

/**
 * A line the fast path reads exactly as the CSV parser would: printable ASCII without quotes (so no quoting, no
 * line break inside a cell, no whitespace but the space, which trimming removes either way), and short enough that
 * the parser's record-size limit cannot apply. Anything else is found with one search of the whole chunk.
 */
const NOT_PLAIN = /[^\x20\x21\x23-\x7e\n]/;

/**
 * The file's records. Most files are plain lists (one value a line, or simple comma-separated cells): those lines
 * are split here, a whole chunk at a time, about ten times faster than the CSV parser reads them. From the first
 * line that is not plain (a quote, a carriage return, a tab, non-ASCII text...) to the end of the file, the CSV
 * parser reads the rest, so quoting, its errors and line counting keep their full CSV meaning. The fast path only
 * ever sees lines ended by a line feed; the parser takes every line end (LINE_ENDS), so a file whose lines end in
 * different ways (pasted together from several tools) is read line by line whatever its first line ends with.
 */
async function* readRecords(input: AsyncIterable<Uint8Array | string>): AsyncGenerator<RecordRun> {
  const chunks = decodeUtf8(input)[Symbol.asyncIterator]();
  let carry = '';
  let line = 0;
  try {
    for (;;) {
      const next = await chunks.next();
      const text = next.done ? carry : carry + next.value;
      const special = NOT_PLAIN.exec(text)?.index ?? -1;
      // Whole lines before the first special character (and, at the end, the last line without its line feed).
      const plainEnd = special === -1 ? text.length : text.lastIndexOf('\n', special) + 1;
      const run: Required<RecordRun> = { records: [], lines: [], numbers: [] };
      let start = 0;
      for (let end = text.indexOf('\n'); end !== -1 && end < plainEnd; end = text.indexOf('\n', start)) {
        if (end - start > MAX_RECORD_CHARACTERS) break;
        line++;
        pushPlainLine(run, text, start, end, line);
        start = end + 1;
      }
      const lastLine = next.done && special === -1 && start < text.length;
      if (lastLine && text.length - start <= MAX_RECORD_CHARACTERS) {
        line++;
        pushPlainLine(run, text, start, text.length, line);
        start = text.length;
      }
      if (run.records.length > 0) yield run;
      const rest = text.slice(start);
      if (next.done) {
        if (rest !== '') yield* parseCsv(once(rest), line);
        return;
      }
      if (special !== -1 || rest.length > MAX_RECORD_CHARACTERS) {
        yield* parseCsv(concat(rest, chunks), line);
        return;
      }
      carry = rest;
    }
  } finally {
    await chunks.return?.();
  }
}

function plainCells(text: string): string[] {
  if (!text.includes(',')) return [text.trim()];
  const cells = text.split(',');
  for (let i = 0; i < cells.length; i++) cells[i] = cells[i]!.trim();
  return cells;
}

async function* once(text: string): AsyncGenerator<string> {
  yield text;
}

async function* concat(first: string, rest: AsyncIterator<string>): AsyncGenerator<string> {
  if (first !== '') yield first;
  for (;;) {
    const next = await rest.next();
    if (next.done) return;
    yield next.value;
  }
}

/**
 * What ends a line: CRLF (Windows), LF (Unix, macOS) and a lone CR (Mac OS 9 and the tools that still write it),
 * CRLF first so that it is one line end, not two. csv-parse would otherwise take the first line end it meets as the
 * only one, and read two lines ended otherwise as one value ('4155550123\r4155550124').
 */
const LINE_ENDS = ['\r\n', '\n', '\r'];

/** The CSV parser over the rest of the file, which starts after `linesBefore` lines. */
async function* parseCsv(text: AsyncIterable<string>, linesBefore: number): AsyncGenerator<RecordRun> {
  const parser = parse({
    // Blank lines are kept as records so that counting records counts lines (csv-parse's own line count is slow).
    relax_column_count: true,
    trim: true,
    max_record_size: MAX_RECORD_CHARACTERS,
    record_delimiter: LINE_ENDS,
  });
  // Errors of the source reach the loop below through the parser, which the pipeline destroys with them.
  const piping = pipeline(Readable.from(text), parser);
  piping.catch(() => {});
  let lastLine = linesBefore;
  try {
    for await (const record of parser as AsyncIterable<string[]>) {
      const line = lastLine + 1;
      lastLine += 1 + lineBreaksIn(record);
      yield { records: [record], lines: [line] };
    }
  } catch (error) {
    throw asUploadFileError(error, lastLine, linesBefore);
  } finally {
    parser.destroy();
  }
}

type RowResult =
  | { ok: true; type: SuppressionType; value: string; start?: string; end?: string }
  | { ok: false; reason: string };

function readRow(
  cells: readonly string[],
  columns: ColumnPositions,
  now: number,
  readTime: (text: string) => number | null,
  group: string | undefined,
): RowResult {
  if (cells.length > columns.width) {
    return columns.positional
      ? {
          ok: false,
          reason: `The line has ${cells.length} cells; at most 4 are read: value, type, start, end`,
        }
      : { ok: false, reason: `The line has ${cells.length} cells but the header only ${columns.width}` };
  }
  // Only a file with a group column pays for the check (a line without one is read as the upload's group).
  const groupText = columns.group === undefined ? '' : unneutralizeCsvCell(cellAt(cells, columns.group));
  if (group !== undefined && groupText !== '' && groupText !== group) {
    return {
      ok: false,
      reason: `The line is of the group "${shorten(groupText)}", not "${shorten(group)}": upload each group's lines to that group`,
    };
  }
  const typeText = cellAt(cells, columns.type).toUpperCase();
  let declaredType = columns.defaultType;
  if (typeText !== '') {
    declaredType =
      SUPPRESSION_TYPES.find((type) => type === typeText) ?? TYPE_WORDS.get(headerWordKey(typeText));
    if (declaredType === undefined) {
      // Without a header naming the columns, a second column of other data (a name) is read as the type: said so.
      const read = columns.positional
        ? '; the second column is read as the type (value, type, start, end)'
        : '';
      return { ok: false, reason: `Unknown type "${typeText}": use PHONE, SMS, EMAIL or ACCOUNT${read}` };
    }
  }
  const valueText = cellAt(cells, columns.value);
  const normalized = normalizeValue(unneutralizeCsvCell(valueText), declaredType);
  if (!normalized.ok) {
    // Excel's 'Text (Tab delimited) (*.txt)', which the dialog's 'CSV or text' invites: each line is one cell holding
    // a tab, which normalizeValue can only call a control character.
    return valueText.includes('\t') ? { ok: false, reason: TAB_SEPARATED_REASON } : normalized;
  }

  const startText = cellAt(cells, columns.start);
  const endText = cellAt(cells, columns.end);
  const start = startText === '' ? undefined : readTime(startText);
  const end = endText === '' ? undefined : readTime(endText);
  if (start === null) return { ok: false, reason: `The start "${startText}" is not a date; ${DATE_HINT}` };
  if (end === null) return { ok: false, reason: `The end "${endText}" is not a date; ${DATE_HINT}` };
  if (end !== undefined && start !== undefined && end <= start) {
    return { ok: false, reason: 'The end must be after the start' };
  }
  if (end !== undefined && end <= now) {
    return {
      ok: false,
      reason: `The end "${endText}" has already passed: give a later end, or none for a value that never ends`,
    };
  }

  const row: RowResult = { ok: true, type: normalized.type, value: normalized.value };
  if (start !== undefined) row.start = new Date(start).toISOString();
  if (end !== undefined) row.end = new Date(end).toISOString();
  return row;
}

function cellAt(cells: readonly string[], index: number | undefined): string {
  return index === undefined ? '' : (cells[index] ?? '');
}

/**
 * A header of one cell naming the column in a word, as lists exported from other tools have it, in lower case
 * without spaces, '_', '-', '.' or '#': 'Phone Number', 'phone_number', 'E-mail' and 'Account #' are 'phonenumber',
 * 'email' and 'account'. Where it names a type, the values are of that type (a type cell on a line still decides);
 * the others leave each value's type to be told from the value. None of them is a value: without a type, a value is
 * an e-mail address or a phone number.
 */
/** A cell as HEADER_WORDS holds it: lower case, without spaces, '_', '-', '.' or '#'. */
const headerWordKey = (cell: string) => cell.toLowerCase().replace(/[\s_.#-]/g, '');

const HEADER_WORDS = new Map<string, SuppressionType | null>(
  Object.entries({
    phone: 'PHONE',
    phones: 'PHONE',
    phonenumber: 'PHONE',
    phonenumbers: 'PHONE',
    telephone: 'PHONE',
    telephonenumber: 'PHONE',
    sms: 'SMS',
    smsnumber: 'SMS',
    smsnumbers: 'SMS',
    email: 'EMAIL',
    emails: 'EMAIL',
    emailaddress: 'EMAIL',
    emailaddresses: 'EMAIL',
    account: 'ACCOUNT',
    accounts: 'ACCOUNT',
    accountnumber: 'ACCOUNT',
    accountnumbers: 'ACCOUNT',
    accountid: 'ACCOUNT',
    values: null,
    number: null,
    numbers: null,
    mobile: null,
    mobilenumber: null,
    cell: null,
    cellphone: null,
    contact: null,
  }),
);

/**
 * Line 1 is a header when one of its cells is 'value'; it may then name only the upload's (or download's) columns,
 * cells under an empty name being ignored. A line 1 whose first cell is a word of HEADER_WORDS, the others empty, is
 * a header too: it names the first column, the columns being taken in order as without a header, and the values'
 * type where the word names one.
 */
function readHeader(cells: readonly string[]): ColumnPositions | undefined {
  const names = cells.map((cell) => cell.toLowerCase());
  const word = namesTheOtherColumns(names) ? HEADER_WORDS.get(headerWordKey(names[0] ?? '')) : undefined;
  if (word !== undefined) return word === null ? WORD_COLUMNS : { ...WORD_COLUMNS, defaultType: word };
  if (!names.includes('value')) {
    // 'Value;Type', 'Phone;Type' (Excel in a language whose decimal mark is a comma), 'E-mail<tab>Type': every line
    // would fail, each unclearly.
    const separator =
      names.length === 1
        ? OTHER_SEPARATORS.find((s) => namesColumnsSeparatedBy(names[0]!.split(s.character)))
        : undefined;
    if (separator !== undefined) {
      throw new UploadFileError(
        `The header's columns are separated by ${separator.name}; they must be separated by commas: in Excel choose Save As, CSV UTF-8 (Comma delimited) (*.csv)`,
        1,
      );
    }
    return undefined;
  }
  const positions: Partial<Record<SuppressionUploadColumn | 'group', number>> = {};
  names.forEach((name, index) => {
    if (name === '') return; // a trailing comma some spreadsheet exports add
    const column = HEADER_ALIASES[name] ?? SUPPRESSION_UPLOAD_COLUMNS.find((known) => known === name);
    if (column === undefined) {
      throw new UploadFileError(
        `Unknown column "${cells[index]}" in the header; the columns are ${SUPPRESSION_UPLOAD_COLUMNS.join(', ')}`,
        1,
      );
    }
    if (column === 'ignored') return;
    if (positions[column] !== undefined) throw new UploadFileError(`The header names "${column}" twice`, 1);
    positions[column] = index;
  });
  return { ...positions, value: names.indexOf('value'), width: cells.length };
}

/** A header's cells as split at another separator: 'value' among them, or a header word and the next columns. */
function namesColumnsSeparatedBy(parts: readonly string[]): boolean {
  if (parts.length < 2) return false;
  if (parts.includes('value')) return true;
  return HEADER_WORDS.has(headerWordKey(parts[0]!)) && namesTheOtherColumns(parts);
}

/**
 * The cells after a header word are empty or name the columns that follow the value in their order: 'Phone,Type',
 * 'E-mail,Type,Start,End' (a list kept by hand names its columns so); 'Phone,SMS' is data.
 */
function namesTheOtherColumns(names: readonly string[]): boolean {
  return names.slice(1).every(namesColumnAt);
}

/**
 * A type cell written as a header word of one value names it ('E-mail', 'Phone Number', 'Account #'); a plural
 * ('Phones') is a header's word, not a line's type.
 */
const TYPE_WORDS = new Map<string, SuppressionType>(
  [...HEADER_WORDS].flatMap(([word, type]) =>
    type !== null && (!word.endsWith('s') || word === 'sms') ? [[word, type] as const] : [],
  ),
);

/**
 * Why a rejected line 1 was not read as the header when it looks like one: the cells after the first name the next
 * columns ('Customer Phone,Type'), but the first is no header word. Said instead of the line's own failure
 * ('Unknown type "TYPE"'), which sends the operator looking for a wrong type.
 */
function unknownHeaderReason(cells: readonly string[]): string | undefined {
  const names = cells.map((cell) => cell.toLowerCase());
  if (isBlank(names.slice(1))) return undefined;
  if (namesTheOtherColumns(names)) {
    return `Line 1 looks like a header, but "${shorten(cells[0] ?? '')}" is not a column name the upload knows: name the first column value (or Phone, E-mail, SMS, Account), or remove the line`;
  }
  // 'Phone,Name', 'E-mail,First Name,Last Name': a contact list's export, its first column a header word. Its other
  // columns' names would be read as the type ('Unknown type "NAME"'), sending the operator looking for a wrong type.
  if (!HEADER_WORDS.has(headerWordKey(names[0] ?? ''))) return undefined;
  const other = cells.slice(1).find((cell, index) => !namesColumnAt(cell.toLowerCase(), index));
  if (other === undefined || TYPE_WORDS.has(headerWordKey(other))) return undefined;
  return `Line 1 looks like a header, but "${shorten(other)}" is not a column the upload knows: after the first column (the values) come type, start and end, in that order; remove the other columns`;
}

/** Whether a header cell after the first is empty or names the column at its place (type, start, end). */
function namesColumnAt(name: string, index: number): boolean {
  const positional = ['type', 'start', 'end'];
  return name === '' || name === positional[index] || HEADER_ALIASES[name] === positional[index];
}

const TAB_SEPARATED_REASON =
  'The line holds a tab: cells must be separated by commas (in Excel, save as CSV UTF-8 (Comma delimited), not Text (Tab delimited))';

/** Column separators of other exports than CSV, found in a header line ('value;type'). */
const OTHER_SEPARATORS = [
  { character: ';', name: 'semicolons' },
  { character: '\t', name: 'tabs' },
];

/** A record is one line plus the line breaks inside its quoted cells. */
function lineBreaksIn(cells: readonly string[]): number {
  let breaks = 0;
  for (const cell of cells) {
    if (cell.includes('\n') || cell.includes('\r')) breaks += cell.match(/\r\n|\r|\n/g)?.length ?? 0;
  }
  return breaks;
}

const DATE_HINT =
  'write dates as ISO 8601, for example 2024-08-01 or 2024-08-01T07:00:00Z, or as the console shows them, month first, 08/01/2024 07:00:00';
const ISO_TIMESTAMP =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?\s*(Z|[+-]\d{2}:?\d{2})?)?$/i;
/**
 * The console's own form of a date (document 2 §3: MM/DD/YYYY HH:mm:ss), and what Excel in the United States saves a
 * date as in a CSV file ('8/1/2024', '8/1/2024 7:00', '8/1/2024 7:00 AM'): month first, a four-digit year. A time may
 * be followed by its offset from UTC, as the console shows a time in the hour repeated when summer time ends
 * ('11/01/2026 01:30:00 -08:00', the second 01:30 in California): copied from the screen, it is read as shown.
 */
const US_TIMESTAMP =
  /^(\d{1,2})\/(\d{1,2})\/(\d{4})(?:\s+(\d{1,2}):(\d{2})(?::(\d{2}))?(?:\s*([ap])\.?m\.?)?(?:\s*(Z|[+-]\d{2}:?\d{2}))?)?$/i;

/**
 * parseTimestamp in one zone, remembering the dates already read: a file's lines mostly repeat a few dates, and
 * reading a wall time in a zone costs a few calls to Intl.
 */
function timestampReader(timeZone: string | undefined): (text: string) => number | null {
  const known = new Map<string, number | null>();
  return (text) => {
    let time = known.get(text);
    if (time === undefined) {
      time = parseTimestamp(text, timeZone);
      if (known.size >= 10_000) known.clear();
      known.set(text, time);
    }
    return time;
  };
}

/**
 * ISO 8601 date or date and time, as milliseconds since the epoch; null when it is not one or not a real calendar
 * time. A date alone is midnight and a time without an offset is a wall time, both in `timeZone` (UTC without it).
 */
export function parseTimestamp(text: string, timeZone?: string): number | null {
  const match = ISO_TIMESTAMP.exec(text) ?? usTimestamp(text);
  if (match === null) return null;
  const [year, month, day, hour, minute, second] = match.slice(1, 7).map((part) => Number(part ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const millisecond = Number((match[7] ?? '').padEnd(3, '0').slice(0, 3));
  const time = Date.UTC(year, month - 1, day, hour, minute, second, millisecond);
  const check = new Date(time);
  if (
    check.getUTCFullYear() !== year ||
    check.getUTCMonth() !== month - 1 ||
    check.getUTCDate() !== day ||
    hour > 23 ||
    minute > 59 ||
    second > 59
  ) {
    return null;
  }
  const zone = match[8]?.toUpperCase();
  if (zone === undefined) return timeZone === undefined ? time : wallTimeIn(time, timeZone);
  if (zone === 'Z') return time;
  const offsetHours = Number(zone.slice(1, 3));
  const offsetMinutes = Number(zone.slice(-2));
  if (offsetHours > 23 || offsetMinutes > 59) return null;
  const sign = zone.startsWith('-') ? -1 : 1;
  return time - sign * (offsetHours * 60 + offsetMinutes) * 60_000;
}

/**
 * A date in US order ('MM/DD/YYYY HH:mm:ss', 'M/D/YYYY h:mm AM', 'MM/DD/YYYY HH:mm:ss -08:00') as the parts
 * ISO_TIMESTAMP's match has: year, month, day, hour (24-hour), minute, second, no fraction, the offset if written. An
 * hour of 0 or over 12 with AM or PM is not a time.
 */
function usTimestamp(text: string): (string | undefined)[] | null {
  const match = US_TIMESTAMP.exec(text);
  if (match === null) return null;
  const [, month, day, year, hour, minute, second, half, zone] = match;
  let hour24 = hour;
  if (half !== undefined) {
    const h = Number(hour);
    if (h < 1 || h > 12) return null;
    hour24 = String((h % 12) + (half.toLowerCase() === 'p' ? 12 : 0));
  }
  return [text, year, month, day, hour24, minute, second, undefined, zone];
}

/**
 * Normalised values seen so far, per type. Phone numbers (E.164: '+' and at most 15 digits, exact as a double) are
 * kept as numbers, other values as their bytes (value-sets.ts): a few tens of bytes a value, whatever the file's size.
 */
class DistinctValues {
  readonly #numbers = new Map<SuppressionType, NumberSet>();
  readonly #strings = new Map<SuppressionType, StringSet>();

  /** False when the value was already there. */
  add(type: SuppressionType, value: string): boolean {
    if (E164.test(value)) return this.addNumber(type, Number(value));
    let strings = this.#strings.get(type);
    if (strings === undefined) {
      strings = new StringSet();
      this.#strings.set(type, strings);
    }
    return strings.add(value);
  }

  /** A phone number in E.164 form, as the number of its digits; false when it was already there. */
  addNumber(type: SuppressionType, digits: number): boolean {
    let numbers = this.#numbers.get(type);
    if (numbers === undefined) {
      numbers = new NumberSet();
      this.#numbers.set(type, numbers);
    }
    return numbers.add(digits);
  }
}
export const E164 = /^\+[1-9]\d{1,14}$/;

/**
 * What an operator uploads by mistake instead of CSV text, known by the file's first bytes: said as such, since
 * 'not UTF-8 text' does not tell them what to do with an Excel workbook.
 */
const WORKBOOK =
  'The file is an Excel workbook (or another Office or zip file), not CSV text; in Excel choose Save As, CSV UTF-8 (Comma delimited) (*.csv), and upload that file';
const UTF16 =
  'The file is UTF-16 text (Excel\'s "Unicode Text"); save it as CSV UTF-8 (Comma delimited) and upload it again';
const NOT_TEXT_FILES: { magic: number[]; reason: string }[] = [
  // .xlsx (and every other zip file: .docx, .zip)
  { magic: [0x50, 0x4b, 0x03, 0x04], reason: WORKBOOK },
  // .xls (and other Office 97-2003 documents)
  { magic: [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1], reason: WORKBOOK },
  // Excel's 'Unicode Text' and other UTF-16 files, by their byte order mark
  { magic: [0xff, 0xfe], reason: UTF16 },
  { magic: [0xfe, 0xff], reason: UTF16 },
];
const SNIFF_BYTES = 8;

/** Refuses a file whose first bytes show it is a workbook or UTF-16 text rather than UTF-8 text. */
function refuseNotText(first: Uint8Array): void {
  for (const { magic, reason } of NOT_TEXT_FILES) {
    if (first.length >= magic.length && magic.every((byte, i) => first[i] === byte)) {
      throw new UploadFileError(reason);
    }
  }
}

/** The input's chunks as bytes, the first one holding at least SNIFF_BYTES (or the whole file when shorter). */
async function* bytesOf(input: AsyncIterable<Uint8Array | string>): AsyncGenerator<Uint8Array> {
  let head: Uint8Array | undefined;
  let sniffed = false;
  for await (const chunk of input) {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    if (sniffed) {
      yield bytes;
      continue;
    }
    head = head === undefined ? bytes : Buffer.concat([head, bytes]);
    if (head.length >= SNIFF_BYTES) {
      sniffed = true;
      yield head;
      head = undefined;
    }
  }
  if (head !== undefined && head.length > 0) yield head;
}

/** Decodes strictly: a file that is not UTF-8 (say, saved as Windows-1252) is refused, not read as mojibake. */
async function* decodeUtf8(
  input: AsyncIterable<Uint8Array | string>,
): AsyncGenerator<string, void, undefined> {
  const decoder = new TextDecoder('utf-8', { fatal: true }); // drops a leading BOM
  let line = 1;
  let first = true;
  // The text so far ended with a CR: a LF starting the next text ends the same line.
  let afterCr = false;
  for await (const bytes of bytesOf(input)) {
    if (first) {
      refuseNotText(bytes);
      first = false;
    }
    let text: string;
    try {
      text = decoder.decode(bytes, { stream: true });
    } catch {
      throw notUtf8(line + lineEndsBeforeInvalidByte(bytes, afterCr));
    }
    line += countLineEnds(text, afterCr);
    if (text !== '') {
      afterCr = text.charCodeAt(text.length - 1) === CR;
      yield text;
    }
  }
  let rest: string;
  try {
    rest = decoder.decode();
  } catch {
    throw notUtf8(line);
  }
  if (rest !== '') yield rest;
}

function notUtf8(line: number): UploadFileError {
  return new UploadFileError('The file is not UTF-8 text; save it as CSV UTF-8 and upload it again', line);
}

const CR = 13;
const LF = 10;

/**
 * The line ends in a text, as the CSV parser finds them (LINE_ENDS: CRLF, LF, a lone CR); `afterCr`: the text before
 * it ended with a CR, so a LF it starts with is the second half of a CRLF already counted.
 */
function countLineEnds(text: string, afterCr: boolean): number {
  let count = afterCr && text.charCodeAt(0) === LF ? -1 : 0;
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) count++;
  for (let at = text.indexOf('\r'); at !== -1; at = text.indexOf('\r', at + 1)) {
    if (text.charCodeAt(at + 1) !== LF) count++;
  }
  return count;
}

/** Where in a chunk the decoding failed, in lines (a genuine U+FFFD earlier in the chunk would move it up). */
function lineEndsBeforeInvalidByte(bytes: Uint8Array, afterCr: boolean): number {
  const lenient = new TextDecoder('utf-8').decode(bytes);
  const invalid = lenient.indexOf('\uFFFD');
  return countLineEnds(invalid === -1 ? lenient : lenient.slice(0, invalid), afterCr);
}

function asUploadFileError(error: unknown, lastLine: number, linesBefore: number): unknown {
  if (!(error instanceof CsvError)) return error;
  const errorLine = typeof error.lines === 'number' ? linesBefore + error.lines : lastLine + 1;
  switch (error.code) {
    case 'CSV_QUOTE_NOT_CLOSED':
      return new UploadFileError(
        'A quoted value is never closed: a closing quote (") is missing',
        lastLine + 1,
      );
    case 'CSV_INVALID_CLOSING_QUOTE':
      // '"4155550123";PHONE': a file whose cells are separated by semicolons (Excel in a language with a decimal
      // comma), its values quoted. The parser names the character it met after the quote.
      if (error.message.includes('got ";"')) {
        return new UploadFileError(
          'A semicolon follows a closing quote ("): cells must be separated by commas (in Excel, save as CSV UTF-8 (Comma delimited))',
          errorLine,
        );
      }
      return new UploadFileError(
        'A quote (") inside a value must be doubled (""), and the whole value put in quotes',
        errorLine,
      );
    case 'INVALID_OPENING_QUOTE':
      // 'ACC-1 "north"': the parser's own words name its line count, not the file's.
      return new UploadFileError(
        'A quote (") is in the middle of a value: put the whole value in quotes, with any quote inside it doubled ("")',
        errorLine,
      );
    case 'CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE':
      return new UploadFileError(
        'Only a comma or the end of the line may follow a closing quote ("): put the whole value in quotes, with any quote inside it doubled ("")',
        errorLine,
      );
    case 'CSV_MAX_RECORD_SIZE':
      return new UploadFileError(
        `A value runs over ${MAX_RECORD_CHARACTERS} characters, longer than any phone number, e-mail address or account: is a closing quote (") missing, or is the file not a list of values?`,
        lastLine + 1,
      );
    default:
      // The parser counts its lines from where it took over the file (parseCsv): the line said is ours, not its own.
      return new UploadFileError(
        `The file is not valid CSV: ${error.message.replace(/ at line \d+$/, '')}`,
        errorLine,
      );
  }
}
