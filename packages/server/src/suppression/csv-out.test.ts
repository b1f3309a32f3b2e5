import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import {
  csvFromCopyText,
  SUPPRESSION_CSV_HEADER,
  type SuppressionDownloadRow,
  suppressionCsvRow,
  suppressionCsvStream,
} from './csv-out.ts';
import { parseUpload } from './parse-upload.ts';

const phoneRow: SuppressionDownloadRow = {
  group_vch: 'North Valley',
  supress_type: 'PHONE',
  value_vch: '+14155550123',
  start_ts: new Date('2025-05-01T10:00:00Z'),
  end_ts: null,
  created_ts: new Date('2025-05-01T10:00:00Z'),
};

async function text(stream: Readable): Promise<string> {
  let all = '';
  for await (const chunk of stream) all += String(chunk);
  return all;
}

describe('suppression download CSV', () => {
  it('starts with the columns group, type, value, start_ts, end_ts, created_ts', () => {
    expect(SUPPRESSION_CSV_HEADER).toBe('group,type,value,start_ts,end_ts,created_ts\r\n');
  });

  it('writes times as ISO 8601 UTC and an open end as an empty cell', () => {
    expect(suppressionCsvRow(phoneRow)).toBe(
      'North Valley,PHONE,+14155550123,2025-05-01T10:00:00.000Z,,2025-05-01T10:00:00.000Z\r\n',
    );
  });

  it('keeps an E.164 phone number importable: its leading + gets no quote', () => {
    expect(suppressionCsvRow({ ...phoneRow, supress_type: 'SMS', value_vch: '+442079460958' })).toBe(
      'North Valley,SMS,+442079460958,2025-05-01T10:00:00.000Z,,2025-05-01T10:00:00.000Z\r\n',
    );
  });

  it('neutralises values and group names a spreadsheet would run as formulas', () => {
    const row = {
      ...phoneRow,
      group_vch: '=HYPERLINK("http://evil.example","x")',
      supress_type: 'ACCOUNT' as const,
      value_vch: '+1+cmd|calc',
      end_ts: '2027-01-01T00:00:00.000Z',
    };
    expect(suppressionCsvRow(row)).toBe(
      `"'=HYPERLINK(""http://evil.example"",""x"")",ACCOUNT,'+1+cmd|calc,2025-05-01T10:00:00.000Z,2027-01-01T00:00:00.000Z,2025-05-01T10:00:00.000Z\r\n`,
    );
    expect(suppressionCsvRow({ ...phoneRow, supress_type: 'EMAIL', value_vch: '-dash@example.com' })).toBe(
      "North Valley,EMAIL,'-dash@example.com,2025-05-01T10:00:00.000Z,,2025-05-01T10:00:00.000Z\r\n",
    );
  });

  it('streams the header then every row', async () => {
    const rows = [phoneRow, { ...phoneRow, supress_type: 'EMAIL' as const, value_vch: 'a@example.com' }];
    expect(await text(suppressionCsvStream(rows))).toBe(
      'group,type,value,start_ts,end_ts,created_ts\r\n' +
        'North Valley,PHONE,+14155550123,2025-05-01T10:00:00.000Z,,2025-05-01T10:00:00.000Z\r\n' +
        'North Valley,EMAIL,a@example.com,2025-05-01T10:00:00.000Z,,2025-05-01T10:00:00.000Z\r\n',
    );
  });

  it('streams only the header when there are no rows', async () => {
    expect(await text(suppressionCsvStream([]))).toBe('group,type,value,start_ts,end_ts,created_ts\r\n');
  });

  it('streams 20,000 rows from an async source in chunks', async () => {
    async function* many() {
      for (let i = 0; i < 20_000; i++)
        yield { ...phoneRow, supress_type: 'ACCOUNT' as const, value_vch: `A${i}` };
    }
    const chunks: Buffer[] = [];
    for await (const chunk of suppressionCsvStream(many())) chunks.push(chunk as Buffer);
    const lines = Buffer.concat(chunks).toString().split('\r\n');
    expect(chunks.length).toBeGreaterThan(1);
    expect(lines.length).toBe(20_002);
    expect(lines[20_000]).toBe(
      'North Valley,ACCOUNT,A19999,2025-05-01T10:00:00.000Z,,2025-05-01T10:00:00.000Z',
    );
  });

  it('can be uploaded again: the upload reads back the same values', async () => {
    const rows: SuppressionDownloadRow[] = [
      phoneRow,
      { ...phoneRow, supress_type: 'EMAIL', value_vch: '-dash@example.com' },
      { ...phoneRow, supress_type: 'ACCOUNT', value_vch: '=1+2', end_ts: '2030-01-01T00:00:00.000Z' },
    ];
    const upload = parseUpload(Readable.from([Buffer.from(await text(suppressionCsvStream(rows)))]), {
      now: new Date('2026-01-01T00:00:00Z'),
    });
    const records = [];
    for await (const batch of upload) records.push(...batch.records);
    expect(records).toEqual([
      { line: 2, type: 'PHONE', value: '+14155550123', start: '2025-05-01T10:00:00.000Z' },
      { line: 3, type: 'EMAIL', value: '-dash@example.com', start: '2025-05-01T10:00:00.000Z' },
      {
        line: 4,
        type: 'ACCOUNT',
        value: '=1+2',
        start: '2025-05-01T10:00:00.000Z',
        end: '2030-01-01T00:00:00.000Z',
      },
    ]);
  });
});

describe('csvFromCopyText', () => {
  async function through(chunks: string[]): Promise<string> {
    const csv = csvFromCopyText();
    const done = text(csv);
    for (const chunk of chunks) csv.write(Buffer.from(chunk));
    csv.end();
    return done;
  }

  it('writes a byte order mark (Excel reads the file as UTF-8) and the header, then each COPY line with CRLF, whatever the chunks', async () => {
    const copy =
      'a,PHONE,+14155550123,2025-01-01T00:00:00.000Z,,2025-01-01T00:00:00.000Z\nb,EMAIL,x@y.z,1,,2\n';
    const expected = `\uFEFF${SUPPRESSION_CSV_HEADER}a,PHONE,+14155550123,2025-01-01T00:00:00.000Z,,2025-01-01T00:00:00.000Z\r\nb,EMAIL,x@y.z,1,,2\r\n`;
    expect(await through([copy])).toBe(expected);
    for (let at = 1; at < copy.length; at += 7) {
      expect(await through([copy.slice(0, at), copy.slice(at)])).toBe(expected);
    }
    expect(await through([])).toBe(`\uFEFF${SUPPRESSION_CSV_HEADER}`);
  });

  it('undoes COPY escapes (tab, line break, backslash) inside cells', async () => {
    expect(await through(['"two\\nlines",tab\\there,back\\\\slash\n', 'next\n'])).toBe(
      `\uFEFF${SUPPRESSION_CSV_HEADER}"two\nlines",tab\there,back\\slash\r\nnext\r\n`,
    );
  });
});
