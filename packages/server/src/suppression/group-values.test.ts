import { describe, expect, it } from 'vitest';
import { GroupCopyReader, GroupValues } from './group-values.ts';

/** COPY_GROUP_CURRENT's text for a group: type, value, whether it has an end, row id. */
const COPY_TEXT = [
  'PHONE\t+14155550123\tf\t11',
  'SMS\t+14155550123\tt\t12',
  'PHONE\t+442071838750\tf\t13',
  'EMAIL\tjane@example.com\tf\t14',
  'ACCOUNT\tAC\\\\42\\ttab\tf\t15', // COPY escapes: a backslash and a tab inside the value
  'PHONE\t+0123\tf\t16', // not E.164 (cannot be stored, but read as text all the same)
  'ACCOUNT\t1234567\tt\t9007199254740', // row ids up to 2^53
].join('\n');

function readIn(chunks: Buffer[]): GroupValues {
  const values = new GroupValues();
  const reader = new GroupCopyReader(values);
  for (const chunk of chunks) reader.write(chunk);
  reader.end();
  return values;
}

describe('GroupCopyReader (a group read from COPY text bytes)', () => {
  it('reads every value whatever the chunks, with its type, escapes undone, and whether it ends', () => {
    const bytes = Buffer.from(`${COPY_TEXT}\n`);
    // One chunk, a byte at a time, and every split in two.
    const splits: Buffer[][] = [[bytes], [...bytes].map((byte) => Buffer.of(byte))];
    for (let at = 1; at < bytes.length; at++) splits.push([bytes.subarray(0, at), bytes.subarray(at)]);
    for (const chunks of splits) {
      const values = readIn(chunks);
      expect(values.count).toBe(7);
      expect(values.match('PHONE', '+14155550123')).toBe('current');
      expect(values.match('SMS', '+14155550123', 14155550123)).toBe('ending');
      expect(values.match('PHONE', '+442071838750')).toBe('current');
      expect(values.match('EMAIL', 'jane@example.com')).toBe('current');
      expect(values.match('ACCOUNT', 'AC\\42\ttab')).toBe('current');
      expect(values.match('PHONE', '+0123')).toBe('current');
      expect(values.match('ACCOUNT', '1234567')).toBe('ending');
      expect(values.match('PHONE', '+14155550124')).toBe('new');
      expect(values.match('SMS', '+442071838750')).toBe('new');
      expect(values.matched).toBe(7);
      expect([...values.unmatched()]).toEqual([]);
      // Listed again by a later line: a repeat, counted once.
      expect(values.match('PHONE', '+14155550123', 14155550123)).toBe('repeat');
      expect(values.match('EMAIL', 'jane@example.com')).toBe('repeat');
      expect(values.match('ACCOUNT', '1234567')).toBe('repeat');
      expect(values.match('SMS', '+442071838750')).toBe('new');
      expect(values.matched).toBe(7);
    }
  });

  it('reads a last line without its line feed, and lists what the file did not match with the row ids', () => {
    const values = readIn([Buffer.from(COPY_TEXT)]);
    expect(values.count).toBe(7);
    values.match('PHONE', '+14155550123');
    expect([...values.unmatched()].sort()).toEqual(
      [
        ['ACCOUNT', '1234567', 9007199254740],
        ['ACCOUNT', 'AC\\42\ttab', 15],
        ['EMAIL', 'jane@example.com', 14],
        ['PHONE', '+0123', 16],
        ['PHONE', '+442071838750', 13],
        ['SMS', '+14155550123', 12],
      ].sort(),
    );
  });

  it('keeps the row id of each number when its set grows', () => {
    const lines: string[] = [];
    for (let i = 0; i < 200_000; i++) lines.push(`PHONE\t+1415${2_000_000 + i}\tf\t${1_000_000 + i}\n`);
    const values = readIn([Buffer.from(lines.join(''))]);
    expect(values.count).toBe(200_000);
    for (let i = 0; i < 200_000; i++) if (i % 1000 !== 7) values.match('PHONE', `+1415${2_000_000 + i}`);
    const left = [...values.unmatched()].sort((a, b) => a[2] - b[2]);
    expect(left).toHaveLength(200);
    expect(left[0]).toEqual(['PHONE', '+14152000007', 1_000_007]);
    expect(left[199]).toEqual(['PHONE', '+14152199007', 1_199_007]);
    for (const [, value, rowId] of left) expect(Number(value) - 14152000000).toBe(rowId - 1_000_000);
  });

  it('refuses a line it does not understand rather than guess', () => {
    const values = new GroupValues();
    for (const line of ['PHONE +14155550123 f 1\n', 'PHONE\t+14155550123\tf\n', 'PHONE\t+1415\tf\tx\n']) {
      expect(() => new GroupCopyReader(values).write(Buffer.from(line)), line).toThrow(
        /Unexpected line from the database/,
      );
    }
  });
});
