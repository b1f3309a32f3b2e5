/**
 * CSV cells for files operators open in spreadsheet programs (RFC 4180, CRLF line ends).
 *
 * Formula injection: a text cell that begins with = + - @, a tab or a carriage return is read as a formula by
 * spreadsheet programs, so such a cell is written with a leading single quote, which they display as text.
 *
 * Exception: a pure E.164 phone number ('+' then up to 15 digits, first digit not 0), or a list of them separated by
 * '; ' (a customer's numbers in one cell), is written as is. Digits alone cannot call a function or reach outside the
 * sheet, so it is harmless, and the file stays importable by tools that read the '+' form (our own suppression upload
 * among them), one number or several alike. A number with anything else after the '+' is quoted.
 */

const FORMULA_TRIGGERS = new Set(['=', '+', '-', '@', '\t', '\r']);
const E164 = /^\+[1-9]\d{0,14}(?:; \+[1-9]\d{0,14})*$/;
const NEEDS_QUOTES = /[",\r\n]/;

/** Prefixes a single quote to a text cell a spreadsheet would read as a formula (see the file comment). */
export function neutralizeCsvCell(text: string): string {
  const first = text.charAt(0);
  if (!FORMULA_TRIGGERS.has(first) || E164.test(text)) return text;
  return `'${text}`;
}

/** Undoes neutralizeCsvCell when reading a file this code wrote: drops a quote put before a formula character. */
export function unneutralizeCsvCell(text: string): string {
  return text.charAt(0) === "'" && FORMULA_TRIGGERS.has(text.charAt(1)) ? text.slice(1) : text;
}

export type CsvCell = string | number | bigint | boolean | null | undefined;

/**
 * One CSV record with its CRLF. Text cells are neutralised, then quoted when they hold a quote, comma or line break.
 * Numbers and booleans cannot be formulas and are written as they are; null and undefined are empty cells.
 */
export function toCsvRow(cells: readonly CsvCell[]): string {
  return `${cells.map(toCsvField).join(',')}\r\n`;
}

function toCsvField(cell: CsvCell): string {
  if (cell === null || cell === undefined) return '';
  if (typeof cell !== 'string') return String(cell);
  const text = neutralizeCsvCell(cell);
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}
