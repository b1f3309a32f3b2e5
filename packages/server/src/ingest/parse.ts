import type { IngestIssue } from '@psps/contracts';

/**
 * NDJSON: one JSON record a line; blank lines are skipped but still counted, so an issue's index is
 * the record's position among the non-blank lines (as in a JSON array).
 */
export function parseNdjson(text: string): { records: unknown[]; issues: IngestIssue[] } {
  const records: unknown[] = [];
  const issues: IngestIssue[] = [];
  // A file saved by a Windows editor starts with a byte-order mark, as a JSON body may (and is read alike).
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  for (const line of body.split(/\r?\n/)) {
    if (!line.trim()) continue;
    try {
      records.push(JSON.parse(line));
    } catch {
      issues.push({ index: records.length, field: 'record', reason: 'is not valid JSON' });
      records.push(null);
    }
  }
  return { records, issues };
}

/** Whether a text that is not JSON is NDJSON: two or more non-blank lines, every one a JSON object. */
export function looksLikeNdjson(text: string): boolean {
  if (countNdjsonRecords(text) < 2) return false;
  const { records, issues } = parseNdjson(text);
  return (
    issues.length === 0 && records.every((r) => typeof r === 'object' && r !== null && !Array.isArray(r))
  );
}

/** The records of an NDJSON text (its non-blank lines), counted without splitting or parsing it. */
export function countNdjsonRecords(text: string): number {
  let records = 0;
  let blank = true;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x0a) {
      if (!blank) records++;
      blank = true;
    } else if (blank && c !== 0x20 && c !== 0x09 && c !== 0x0d) {
      blank = false;
    }
  }
  return blank ? records : records + 1;
}

/**
 * CSV (RFC 4180: quoted fields, doubled quotes, CRLF or LF) with a header row naming the record fields.
 * Empty cells are left out of the record, so optional fields keep their defaults.
 */
export function parseCsv(text: string): Record<string, string>[] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          cell += '"';
          i++;
        } else quoted = false;
      } else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(cell);
      cell = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += ch;
  }
  if (cell !== '' || row.length) {
    row.push(cell);
    rows.push(row);
  }
  const [header, ...body] = rows.filter((r) => r.length > 1 || r[0] !== '');
  if (!header) return [];
  return body.map((cells) => {
    const rec: Record<string, string> = {};
    header.forEach((name, i) => {
      const v = cells[i];
      if (v !== undefined && v !== '') rec[name.trim()] = v;
    });
    return rec;
  });
}
