import { SUPPRESSION_TYPES, type SuppressionType } from '@psps/contracts';
import { copyTextField } from './copy-text.ts';
import { E164, NumberSet } from './parse-upload.ts';

/**
 * A group's current values, read once for a full upload's preview, against which the file's values are matched as
 * they are read: what the file lacks is what the upload removes, what the group lacks is what it adds. Phone
 * numbers are kept as numbers in a typed array (16 bytes a value), others as strings.
 */
export class GroupValues {
  readonly #numbers = new Map<string, { set: NumberSet; marks?: Uint8Array }>();
  readonly #strings = new Map<string, Map<string, boolean>>();
  /** `type\tvalue` of the current values that have an end (their end may pass before the apply). */
  readonly #ending = new Set<string>();
  count = 0;
  matched = 0;

  /** While loading. */
  add(type: string, value: string, ending: boolean): void {
    if (E164.test(value)) {
      this.addNumber(type, Number(value), ending);
      return;
    }
    this.count++;
    if (ending) this.#ending.add(`${type}\t${value}`);
    let strings = this.#strings.get(type);
    if (strings === undefined) {
      strings = new Map();
      this.#strings.set(type, strings);
    }
    if (strings.has(value)) this.count--;
    strings.set(value, false);
  }

  /** While loading: a value in E.164 form, as the number of its digits. */
  addNumber(type: string, digits: number, ending: boolean): void {
    this.count++;
    if (ending) this.#ending.add(`${type}\t+${digits}`);
    let numbers = this.#numbers.get(type);
    if (numbers === undefined) {
      numbers = { set: new NumberSet() };
      this.#numbers.set(type, numbers);
    }
    if (!numbers.set.add(digits)) this.count--; // cannot happen: the current key is unique
  }

  /**
   * After loading, for each distinct value of the file (`number`: the value as a number, when the reader has it):
   * 'new' when the group lacks it, else 'current' or 'ending' (current with an end), and the value is marked as
   * present in the file.
   */
  match(type: SuppressionType, value: string, number?: number): 'new' | 'current' | 'ending' {
    let found = false;
    if (number !== undefined || E164.test(value)) {
      const numbers = this.#numbers.get(type);
      if (numbers !== undefined) {
        const slot = numbers.set.slotOf(number ?? Number(value));
        if (slot !== -1) {
          numbers.marks ??= new Uint8Array(numbers.set.slots.length);
          numbers.marks[slot] = 1;
          found = true;
        }
      }
    } else {
      const strings = this.#strings.get(type);
      if (strings?.has(value)) {
        strings.set(value, true);
        found = true;
      }
    }
    if (!found) return 'new';
    this.matched++;
    return this.#ending.size > 0 && this.#ending.has(`${type}\t${value}`) ? 'ending' : 'current';
  }

  /** The group's values the file did not hold, as [type, value]. */
  *unmatched(): Generator<[string, string]> {
    for (const [type, { set, marks }] of this.#numbers) {
      const slots = set.slots;
      for (let slot = 0; slot < slots.length; slot++) {
        if (slots[slot] !== 0 && (marks === undefined || marks[slot] === 0)) yield [type, `+${slots[slot]}`];
      }
    }
    for (const [type, strings] of this.#strings) {
      for (const [value, seen] of strings) if (!seen) yield [type, value];
    }
  }
}

/**
 * Reads COPY_GROUP_CURRENT's text (type, tab, value, tab, 't' or 'f', line feed) into GroupValues, a chunk of bytes
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
    let tab1 = -1;
    let tab2 = -1;
    for (let at = 0; at < length; at++) {
      const byte = bytes[at]!;
      if (byte === TAB) {
        if (tab1 === -1) tab1 = at;
        else tab2 = at;
      } else if (byte === LF) {
        this.#line(bytes, start, tab1, tab2, at);
        start = at + 1;
        tab1 = -1;
        tab2 = -1;
      }
    }
    this.#carry = start < length ? bytes.subarray(start) : undefined;
  }

  end(): void {
    const rest = this.#carry;
    this.#carry = undefined;
    if (rest !== undefined) this.write(Buffer.concat([rest, Buffer.of(LF)]));
  }

  #line(bytes: Buffer, start: number, tab1: number, tab2: number, end: number): void {
    if (tab1 === -1 || tab2 === -1 || tab2 + 2 !== end) {
      throw new Error(`Unexpected line from the database: ${bytes.toString('utf8', start, end)}`);
    }
    const type = typeName(bytes, start, tab1);
    const ending = bytes[tab2 + 1] === T;
    const digits = e164Digits(bytes, tab1 + 1, tab2);
    if (digits !== -1) this.values.addNumber(type, digits, ending);
    else this.values.add(type, copyTextField(bytes.toString('utf8', tab1 + 1, tab2)), ending);
  }
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
  let number = 0;
  for (let at = from + 1; at < to; at++) {
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
