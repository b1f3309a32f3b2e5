import { SUPPRESSION_TYPES, type SuppressionType } from '@psps/contracts';
import { copyTextField } from './copy-text.ts';
import { E164 } from './parse-upload.ts';
import { NumberSet, StringSet } from './value-sets.ts';

/**
 * A group's current values, read once for a full upload's preview, against which the file's values are matched as
 * they are read: what the file lacks is what the upload removes, what the group lacks is what it adds. Each
 * value keeps its row id, by which the apply ends the values the file lacks. Phone numbers are kept as numbers in
 * typed arrays (about 40 bytes a value), others as their bytes (value-sets.ts).
 */
export class GroupValues {
  /** Phone numbers, each with its row id as the extra, negated once the file listed it (row ids are positive). */
  readonly #numbers = new Map<string, NumberSet>();
  readonly #strings = new Map<string, { set: StringSet; marks?: Uint8Array }>();
  /** `type\tvalue` of the current values that have an end (their end may pass before the apply). */
  readonly #ending = new Set<string>();
  /** How many values of each type the group holds, when known before loading (the kept counts). */
  readonly #expected: ReadonlyMap<string, number>;
  count = 0;
  matched = 0;

  constructor(expected: ReadonlyMap<string, number> = new Map()) {
    this.#expected = expected;
  }

  /** While loading. */
  add(type: string, value: string, ending: boolean, rowId: number): void {
    if (E164.test(value)) {
      this.addNumber(type, Number(value), ending, rowId);
      return;
    }
    this.count++;
    if (ending) this.#ending.add(`${type}\t${value}`);
    let strings = this.#strings.get(type);
    if (strings === undefined) {
      strings = { set: new StringSet(this.#expected.get(type)) };
      this.#strings.set(type, strings);
    }
    if (!strings.set.add(value, rowId)) this.count--; // cannot happen: the current key is unique
  }

  /** While loading: a value in E.164 form, as the number of its digits. */
  addNumber(type: string, digits: number, ending: boolean, rowId: number): void {
    this.count++;
    if (ending) this.#ending.add(`${type}\t+${digits}`);
    let numbers = this.#numbers.get(type);
    if (numbers === undefined) {
      numbers = new NumberSet(this.#expected.get(type));
      this.#numbers.set(type, numbers);
    }
    if (!numbers.add(digits, rowId)) this.count--; // cannot happen: the current key is unique
  }

  /**
   * After loading, for each value of the file as it is read (`number`: the value as a number, when the reader has
   * it): 'new' when the group lacks it, 'repeat' when the group holds it and an earlier line already listed it, else
   * 'current' or 'ending' (current with an end), and the value is marked as present in the file. The group's values
   * thus count their own repeats: the file's distinct values only need keeping for the values new to the group.
   */
  match(type: SuppressionType, value: string, number?: number): 'new' | 'current' | 'ending' | 'repeat' {
    if (number !== undefined || E164.test(value)) return this.matchNumber(type, number ?? Number(value));
    const strings = this.#strings.get(type);
    const slot = strings === undefined ? -1 : strings.set.slotOf(value);
    if (strings === undefined || slot === -1) return 'new';
    strings.marks ??= new Uint8Array(strings.set.capacity);
    if (strings.marks[slot] === 1) return 'repeat';
    strings.marks[slot] = 1;
    this.matched++;
    return this.#ending.size > 0 && this.#ending.has(`${type}\t${value}`) ? 'ending' : 'current';
  }

  /** `match` for a phone number in E.164 form, as the number of its digits (14155550123). */
  matchNumber(type: SuppressionType, number: number): 'new' | 'current' | 'ending' | 'repeat' {
    const numbers = this.#numbers.get(type);
    const slot = numbers === undefined ? -1 : numbers.slotOf(number);
    if (numbers === undefined || slot === -1) return 'new';
    const rowId = numbers.extraAt(slot);
    if (rowId < 0) return 'repeat';
    numbers.setExtra(slot, -rowId);
    this.matched++;
    return this.#ending.size > 0 && this.#ending.has(`${type}\t+${number}`) ? 'ending' : 'current';
  }

  /** The group's values the file did not hold, as [type, value, row id]. */
  *unmatched(): Generator<[string, string, number]> {
    for (const [type, set] of this.#numbers) {
      for (let slot = 0; slot < set.capacity; slot++) {
        const rowId = set.extraAt(slot);
        if (rowId > 0) yield [type, `+${set.valueAt(slot)}`, rowId];
      }
    }
    for (const [type, { set, marks }] of this.#strings) {
      for (let slot = 0; slot < set.capacity; slot++) {
        if (set.isUsed(slot) && (marks === undefined || marks[slot] === 0)) {
          yield [type, set.valueAt(slot), set.extraAt(slot)];
        }
      }
    }
  }
}

/**
 * Reads COPY_GROUP_CURRENT's text (type, value, 't' or 'f', row id; tab-separated lines) into GroupValues, a chunk of bytes
 * at a time, in one pass over the bytes. A phone number ('+' and up to 15 digits) is read as a number straight from
 * its bytes, without a string: a million values in a fraction of the time of splitting the text. Other values are
 * decoded as UTF-8 and their COPY escapes undone.
 */
export class GroupCopyReader {
  #carry: Buffer | undefined;

  constructor(private readonly values: GroupValues) {}

  write(chunk: Buffer): void {
    let start = 0;
    const carry = this.#carry;
    if (carry !== undefined) {
      // The line begun in the previous chunk, completed: only its bytes are copied, not the whole chunk.
      const lineEnd = chunk.indexOf(LF);
      if (lineEnd === -1) {
        this.#carry = Buffer.concat([carry, chunk]);
        return;
      }
      this.#carry = undefined;
      const line = Buffer.concat([carry, chunk.subarray(0, lineEnd)]);
      this.#lineIn(line, 0, line.length);
      start = lineEnd + 1;
    }
    // Lines found with indexOf (memchr), their three tabs by a short scan each.
    for (let end = chunk.indexOf(LF, start); end !== -1; end = chunk.indexOf(LF, start)) {
      this.#lineIn(chunk, start, end);
      start = end + 1;
    }
    if (start < chunk.length) this.#carry = chunk.subarray(start);
  }

  end(): void {
    const rest = this.#carry;
    this.#carry = undefined;
    if (rest !== undefined) this.#lineIn(rest, 0, rest.length);
  }

  /**
   * The line in bytes[start, end) (without its line feed): type, value, 't' or 'f', row id. COPY escapes a tab inside
   * a value, so a line has exactly three tabs (a fourth would make the row id no number).
   */
  #lineIn(bytes: Buffer, start: number, end: number): void {
    let tab1 = start;
    while (tab1 < end && bytes[tab1] !== TAB) tab1++;
    let tab2 = tab1 + 1;
    while (tab2 < end && bytes[tab2] !== TAB) tab2++;
    const tab3 = tab2 + 2;
    const rowId = tab3 < end && bytes[tab3] === TAB ? digitsAt(bytes, tab3 + 1, end) : -1;
    if (rowId <= 0) throw unexpectedLine(bytes, start, end);
    const type = typeName(bytes, start, tab1);
    const ending = bytes[tab2 + 1] === T;
    const digits = e164Digits(bytes, tab1 + 1, tab2);
    if (digits !== -1) this.values.addNumber(type, digits, ending, rowId);
    else this.values.add(type, copyTextField(bytes.toString('utf8', tab1 + 1, tab2)), ending, rowId);
  }
}

function unexpectedLine(bytes: Buffer, start: number, end: number): Error {
  return new Error(`Unexpected line from the database: ${bytes.toString('utf8', start, end)}`);
}

/** The type name in bytes[from, to): one of the four known names without making a string, or the text itself. */
function typeName(bytes: Buffer, from: number, to: number): string {
  for (const name of SUPPRESSION_TYPES) {
    if (name.length !== to - from) continue;
    let same = true;
    for (let i = 0; same && i < name.length; i++) same = bytes[from + i] === name.charCodeAt(i);
    if (same) return name;
  }
  return bytes.toString('latin1', from, to);
}

/** The number of an E.164 value ('+', a digit 1-9, then up to 14 digits) held in bytes[from, to), or -1. */
function e164Digits(bytes: Buffer, from: number, to: number): number {
  const length = to - from - 1;
  if (bytes[from] !== PLUS || length < 2 || length > 15 || bytes[from + 1] === ZERO) return -1;
  return digitsAt(bytes, from + 1, to);
}

/** The number written in bytes[from, to) (1 to 15 digits), or -1. */
function digitsAt(bytes: Buffer, from: number, to: number): number {
  if (to <= from || to - from > 15) return -1;
  let number = 0;
  for (let at = from; at < to; at++) {
    const digit = bytes[at]! - ZERO;
    if (digit < 0 || digit > 9) return -1;
    number = number * 10 + digit;
  }
  return number;
}
const LF = 10;
const TAB = 9;
const PLUS = 43;
const ZERO = 48;
const T = 116;
