import type { SuppressionType } from '@psps/contracts';
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
    this.count++;
    if (ending) this.#ending.add(`${type}\t${value}`);
    if (E164.test(value)) {
      let numbers = this.#numbers.get(type);
      if (numbers === undefined) {
        numbers = { set: new NumberSet() };
        this.#numbers.set(type, numbers);
      }
      if (!numbers.set.add(Number(value))) this.count--; // cannot happen: the current key is unique
      return;
    }
    let strings = this.#strings.get(type);
    if (strings === undefined) {
      strings = new Map();
      this.#strings.set(type, strings);
    }
    if (strings.has(value)) this.count--;
    strings.set(value, false);
  }

  /**
   * After loading, for each distinct value of the file: 'new' when the group lacks it, else 'current' or 'ending'
   * (current with an end), and the value is marked as present in the file.
   */
  match(type: SuppressionType, value: string): 'new' | 'current' | 'ending' {
    let found = false;
    if (E164.test(value)) {
      const numbers = this.#numbers.get(type);
      if (numbers !== undefined) {
        const slot = numbers.set.slotOf(Number(value));
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
