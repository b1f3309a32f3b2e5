import { describe, expect, it } from 'vitest';
import { NumberSet, StringSet } from './value-sets.ts';

describe('NumberSet (distinct phone numbers)', () => {
  it('tells new numbers from repeated ones while it grows', () => {
    const set = new NumberSet();
    for (let i = 0; i < 200_000; i++) expect(set.add(14_150_000_000 + i * 7)).toBe(true);
    for (let i = 0; i < 200_000; i += 997) expect(set.add(14_150_000_000 + i * 7)).toBe(false);
    expect(set.add(999_999_999_999_999)).toBe(true);
    expect(set.add(999_999_999_999_999)).toBe(false);
    expect(set.size).toBe(200_001);
    expect(() => set.add(0)).toThrow(RangeError);
  });
});

describe('StringSet (distinct e-mail addresses and accounts)', () => {
  it('tells new values from repeated ones while it grows, byte for byte', () => {
    const set = new StringSet();
    for (let i = 0; i < 150_000; i++) expect(set.add(`person.${i}@example.com`)).toBe(true);
    for (let i = 0; i < 150_000; i += 499) expect(set.add(`person.${i}@example.com`)).toBe(false);
    // Same length, one byte apart; a prefix of a value; the empty string.
    expect(set.add('person.1@example.con')).toBe(true);
    expect(set.add('person.1@example.co')).toBe(true);
    expect(set.add('')).toBe(true);
    expect(set.add('')).toBe(false);
    expect(set.size).toBe(150_003);
    expect(set.slotOf('person.149999@example.com')).not.toBe(-1);
    expect(set.slotOf('person.150000@example.com')).toBe(-1);
  });

  it('keeps values outside ASCII exactly, and each value its extra number', () => {
    const set = new StringSet();
    const values = ['josé@exämple.com', 'jose@example.com', '客户@例子.中国', 'ACCT-😀-7', 'ACCT-😀-8'];
    for (const [i, value] of values.entries()) expect(set.add(value, 1000 + i)).toBe(true);
    expect(set.add('josé@exämple.com', 1)).toBe(false);
    const held = new Map<string, number>();
    for (let slot = 0; slot < set.capacity; slot++) {
      if (set.isUsed(slot)) held.set(set.valueAt(slot), set.extraAt(slot));
    }
    expect(held).toEqual(
      new Map([
        ['josé@exämple.com', 1000],
        ['jose@example.com', 1001],
        ['客户@例子.中国', 1002],
        ['ACCT-😀-7', 1003],
        ['ACCT-😀-8', 1004],
      ]),
    );
    expect(set.slotOf('客户@例子.中国')).not.toBe(-1);
    expect(set.slotOf('客户@例子.中')).toBe(-1);
  });

  it('finds every value again after growing past a long value', () => {
    const set = new StringSet();
    const long = `${'x'.repeat(200_000)}@example.com`; // larger than the first buffer
    expect(set.add('a@example.com', 1)).toBe(true);
    expect(set.add(long, 2)).toBe(true);
    for (let i = 0; i < 10_000; i++) set.add(`v${i}`, 10 + i);
    expect(set.extraAt(set.slotOf(long))).toBe(2);
    expect(set.extraAt(set.slotOf('a@example.com'))).toBe(1);
    expect(set.extraAt(set.slotOf('v9999'))).toBe(10_009);
    expect(set.valueAt(set.slotOf(long))).toBe(long);
  });
});
