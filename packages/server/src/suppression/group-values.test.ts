import { describe, expect, it } from 'vitest';
import { GroupCopyReader, GroupValues } from './group-values.ts';

/** COPY_GROUP_CURRENT's text for a group: type, value, whether it has an end. */
const COPY_TEXT = [
  'PHONE\t+14155550123\tf',
  'SMS\t+14155550123\tt',
  'PHONE\t+442071838750\tf',
  'EMAIL\tjane@example.com\tf',
  'ACCOUNT\tAC\\\\42\\ttab\tf', // COPY escapes: a backslash and a tab inside the value
  'PHONE\t+0123\tf', // not E.164 (cannot be stored, but read as text all the same)
  'ACCOUNT\t1234567\tt',
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
    }
  });

  it('reads a last line without its line feed, and lists what the file did not match', () => {
    const values = readIn([Buffer.from(COPY_TEXT)]);
    expect(values.count).toBe(7);
    values.match('PHONE', '+14155550123');
    expect([...values.unmatched()].sort()).toEqual(
      [
        ['ACCOUNT', '1234567'],
        ['ACCOUNT', 'AC\\42\ttab'],
        ['EMAIL', 'jane@example.com'],
        ['PHONE', '+0123'],
        ['PHONE', '+442071838750'],
        ['SMS', '+14155550123'],
      ].sort(),
    );
  });

  it('refuses a line it does not understand rather than guess', () => {
    const values = new GroupValues();
    expect(() => new GroupCopyReader(values).write(Buffer.from('PHONE +14155550123 f\n'))).toThrow(
      /Unexpected line from the database/,
    );
  });
});
