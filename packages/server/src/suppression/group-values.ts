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
  readonly #numbers = new Map<string, { set: NumberSet; marks?: Uint8Array }>();
  readonly #strings = new Map<string, { set: StringSet; marks?: Uint8Array }>();
  /** `type\tvalue` of the current values that have an end (their end may pass before the apply). */
  readonly #ending = new Set<string>();
  count = 0;
  matched = 0;

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
      strings = { set: new StringSet() };
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
      numbers = { set: new NumberSet() };
      this.#numbers.set(type, numbers);
    }
    if (!numbers.set.add(digits, rowId)) this.count--; // cannot happen: the current key is unique
  }

  /**
   * After loading, for each value of the file as it is read (`number`: the value as a number, when the reader has
   * it): 'new' when the group lacks it, 'repeat' when the group holds it and an earlier line already listed it, else
   * 'current' or 'ending' (current with an end), and the value is marked as present in the file. The group's values
   * thus count their own repeats: the file's distinct values only need keeping for the values new to the group.
   */
  match(type: SuppressionType, value: string, number?: number): 'new' | 'current' | 'ending' | 'repeat' {
    let marks: Uint8Array | undefined;
    let slot = -1;
    if (number !== undefined || E164.test(value)) {
      const numbers = this.#numbers.get(type);
      if (numbers !== undefined) {
        slot = numbers.set.slotOf(number ?? Number(value));
        if (slot !== -1) marks = numbers.marks ??= new Uint8Array(numbers.set.slots.length);
      }
    } else {
      const strings = this.#strings.get(type);
      if (strings !== undefined) {
        slot = strings.set.slotOf(value);
        if (slot !== -1) marks = strings.marks ??= new Uint8Array(strings.set.capacity);
      }
    }
    if (marks === undefined) return 'new';
    if (marks[slot] === 1) return 'repeat';
    marks[slot] = 1;
    this.matched++;
    return this.#ending.size > 0 && this.#ending.has(`${type}\t${value}`) ? 'ending' : 'current';
  }

  /** The group's values the file did not hold, as [type, value, row id]. */
  *unmatched(): Generator<[string, string, number]> {
    for (const [type, { set, marks }] of this.#numbers) {
      const slots = set.slots;
      for (let slot = 0; slot < slots.length; slot++) {
        if (slots[slot] !== 0 && (marks === undefined || marks[slot] === 0)) {
          yield [type, `+${slots[slot]}`, set.extraAt(slot)];
        }
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
    const bytes = this.#carry === undefined ? chunk : Buffer.concat([this.#carry, chunk]);
    const length = bytes.length;
    let start = 0;
    // The tabs of the line being read: COPY escapes a tab inside a value, so a line has exactly three.
    const tabs = [-1, -1, -1];
    let count = 0;
    for (let at = 0; at < length; at++) {
      const byte = bytes[at]!;
      if (byte === TAB) {
        if (count < 3) tabs[count] = at;
        count++;
      } else if (byte === LF) {
        if (count !== 3) throw unexpectedLine(bytes, start, at);
        this.#line(bytes, start, tabs[0]!, tabs[1]!, tabs[2]!, at);
        start = at + 1;
        count = 0;
      }
    }
    this.#carry = start < length ? bytes.subarray(start) : undefined;
  }

  end(): void {
    const rest = this.#carry;
    this.#carry = undefined;
    if (rest !== undefined) this.write(Buffer.concat([rest, Buffer.of(LF)]));
  }

  #line(bytes: Buffer, start: number, tab1: number, tab2: number, tab3: number, end: number): void {
    const rowId = digitsAt(bytes, tab3 + 1, end);
    if (tab3 !== tab2 + 2 || rowId <= 0) throw unexpectedLine(bytes, start, end);
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
