/**
 * Exact sets of the values an upload reads (the file's distinct values, the group's current values), held compactly:
 * numbers in a typed array, strings as their UTF-8 bytes in one buffer. No object per value, so a file of millions of
 * lines costs a few tens of bytes a value and nothing for the garbage collector to trace.
 */

/**
 * A set of positive integers below 2^53 (open addressing, linear probing; 0 marks a free slot), kept half empty.
 * Each number can carry another one (`add`'s second argument, read with `extraAt`, changed with `setExtra`), kept
 * beside it in the same array, so that adding or finding a number costs one memory access where two arrays took
 * two: with a million numbers the table is far larger than the processor's caches, and that access is most of the
 * time an add or a look-up takes.
 */
export class NumberSet {
  /** Slot i: the number at 2i, its extra at 2i + 1. */
  #table: Float64Array;
  #mask: number;
  size = 0;

  /** `expected`: how many numbers will be added, when known, so that the table is made once at its size. */
  constructor(expected = 0) {
    const slots = tableSize(expected, 1 << 16);
    this.#table = new Float64Array(slots * 2);
    this.#mask = slots - 1;
  }

  /** False when the number was already there (its extra is then left as it was). */
  add(value: number, extra = 0): boolean {
    if (!(value > 0 && value <= Number.MAX_SAFE_INTEGER && Number.isInteger(value))) {
      throw new RangeError(`NumberSet holds positive integers below 2^53, not ${value}`);
    }
    const table = this.#table;
    const mask = this.#mask;
    for (let at = hashOf(value) & mask; ; at = (at + 1) & mask) {
      const there = table[at * 2]!;
      if (there === value) return false;
      if (there === 0) {
        table[at * 2] = value;
        table[at * 2 + 1] = extra;
        if (++this.size * 2 > mask + 1) this.#grow();
        return true;
      }
    }
  }

  /** Where the number is (a slot, stable while nothing is added), or -1. */
  slotOf(value: number): number {
    const table = this.#table;
    const mask = this.#mask;
    for (let at = hashOf(value) & mask; ; at = (at + 1) & mask) {
      const there = table[at * 2]!;
      if (there === value) return at;
      if (there === 0) return -1;
    }
  }

  /** How many slots there are: slots run from 0 to capacity - 1 (see `valueAt`). */
  get capacity(): number {
    return this.#mask + 1;
  }

  /** The number in `slot`, or 0 for a free slot. */
  valueAt(slot: number): number {
    return this.#table[slot * 2]!;
  }

  /** The extra number added with the number in `slot` (0 when none was). */
  extraAt(slot: number): number {
    return this.#table[slot * 2 + 1]!;
  }

  setExtra(slot: number, extra: number): void {
    this.#table[slot * 2 + 1] = extra;
  }

  #grow(): void {
    const old = this.#table;
    const slots = (this.#mask + 1) * 2;
    const table = new Float64Array(slots * 2);
    const mask = slots - 1;
    for (let from = 0; from < old.length; from += 2) {
      const value = old[from]!;
      if (value === 0) continue;
      let at = hashOf(value) & mask;
      while (table[at * 2] !== 0) at = (at + 1) & mask;
      table[at * 2] = value;
      table[at * 2 + 1] = old[from + 1]!;
    }
    this.#table = table;
    this.#mask = mask;
  }
}

function hashOf(value: number): number {
  return mix((value >>> 0) ^ Math.imul((value / 4294967296) >>> 0, 0x9e3779b1));
}

/**
 * A set of strings kept as their UTF-8 bytes one after another in a growing buffer, found through an open-addressing
 * table (linear probing, kept half empty) of where each value starts, how long it is and its hash: about 24 bytes a
 * value besides its bytes, where a JavaScript Set of strings costs over 100 (measured: 13 million short e-mail
 * addresses took 1.5 GB in a Set). Values are compared byte for byte, never by hash alone. Each value can carry a
 * number (`add`'s second argument, read with `extraAt`), kept in a parallel array only made when first used.
 * Values come from strictly decoded UTF-8 (files, the database), so none holds a lone surrogate, the one kind of
 * string two of which would encode to the same bytes.
 */
export class StringSet {
  #bytes = Buffer.allocUnsafe(1 << 16);
  #used = 0;
  /** Per slot: where the value starts in #bytes, plus one (0 marks a free slot). */
  #starts: Uint32Array;
  #lengths: Uint32Array;
  #hashes: Uint32Array;
  #extras: Float64Array | undefined;
  #mask: number;
  size = 0;

  /** `expected`: how many values will be added, when known, so that the table is made once at its size. */
  constructor(expected = 0) {
    const slots = tableSize(expected, 1 << 12);
    this.#starts = new Uint32Array(slots);
    this.#lengths = new Uint32Array(slots);
    this.#hashes = new Uint32Array(slots);
    this.#mask = slots - 1;
  }

  /** False when the value was already there (its extra is then left as it was). */
  add(value: string, extra?: number): boolean {
    const slot = this.#probe(value);
    if (slot >= 0) return false;
    const at = -slot - 1;
    this.#starts[at] = this.#used + 1;
    this.#lengths[at] = this.#probeLength;
    this.#hashes[at] = this.#probeHash;
    if (extra !== undefined) {
      this.#extras ??= new Float64Array(this.#starts.length);
      this.#extras[at] = extra;
    }
    this.#used += this.#probeLength;
    if (++this.size * 2 > this.#starts.length) this.#grow();
    return true;
  }

  /** Where the value is (a slot, stable while nothing is added), or -1. */
  slotOf(value: string): number {
    const slot = this.#probe(value);
    return slot >= 0 ? slot : -1;
  }

  /** How many slots there are: slots run from 0 to capacity - 1 (see `isUsed`). */
  get capacity(): number {
    return this.#starts.length;
  }

  isUsed(slot: number): boolean {
    return this.#starts[slot] !== 0;
  }

  /** The value in a used slot. */
  valueAt(slot: number): string {
    const start = this.#starts[slot]! - 1;
    return this.#bytes.toString('utf8', start, start + this.#lengths[slot]!);
  }

  /** The extra number added with the value in `slot` (0 when none was). */
  extraAt(slot: number): number {
    return this.#extras?.[slot] ?? 0;
  }

  #probeLength = 0;
  #probeHash = 0;

  /**
   * Writes the value's bytes after the last value (where `add` keeps them) and looks them up: the slot holding the
   * same bytes, or -(free slot) - 1. Leaves their length and hash in #probeLength and #probeHash.
   */
  #probe(value: string): number {
    const start = this.#used;
    const room = start + value.length * 3; // UTF-8 takes at most 3 bytes per UTF-16 unit
    if (room > this.#bytes.length) this.#growBytes(room);
    const bytes = this.#bytes;
    const length = bytes.write(value, start, 'utf8');
    const end = start + length;
    let hash = 0x811c9dc5;
    for (let at = start; at < end; at++) hash = Math.imul(hash ^ bytes[at]!, 0x01000193);
    hash = mix(hash ^ length);
    this.#probeLength = length;
    this.#probeHash = hash;
    const starts = this.#starts;
    for (let at = hash & this.#mask; ; at = (at + 1) & this.#mask) {
      const there = starts[at]!;
      if (there === 0) return -at - 1;
      if (
        this.#hashes[at] === hash &&
        this.#lengths[at] === length &&
        bytes.compare(bytes, there - 1, there - 1 + length, start, end) === 0
      ) {
        return at;
      }
    }
  }

  #growBytes(room: number): void {
    let size = this.#bytes.length * 2;
    while (size < room) size *= 2;
    // Starts are kept as 32-bit numbers: 4 GiB of values (over 100 million e-mail addresses) is the most a set holds.
    if (size > 0xffff_ffff) {
      if (room > 0xffff_ffff) throw new RangeError('A value set holds at most 4 GiB of values');
      size = 0xffff_ffff;
    }
    const bytes = Buffer.allocUnsafe(size);
    this.#bytes.copy(bytes, 0, 0, this.#used);
    this.#bytes = bytes;
  }

  #grow(): void {
    const capacity = this.#starts.length * 2;
    const starts = new Uint32Array(capacity);
    const lengths = new Uint32Array(capacity);
    const hashes = new Uint32Array(capacity);
    const extras = this.#extras === undefined ? undefined : new Float64Array(capacity);
    const mask = capacity - 1;
    for (let slot = 0; slot < this.#starts.length; slot++) {
      const start = this.#starts[slot]!;
      if (start === 0) continue;
      const hash = this.#hashes[slot]!;
      let at = hash & mask;
      while (starts[at] !== 0) at = (at + 1) & mask;
      starts[at] = start;
      lengths[at] = this.#lengths[slot]!;
      hashes[at] = hash;
      if (extras !== undefined) extras[at] = this.#extras![slot]!;
    }
    this.#starts = starts;
    this.#lengths = lengths;
    this.#hashes = hashes;
    this.#extras = extras;
    this.#mask = mask;
  }
}

/** Slots for a table kept half empty that will hold `expected` values: a power of two, at least `least`. */
function tableSize(expected: number, least: number): number {
  let size = least;
  while (size < expected * 2 + 2 && size < 1 << 30) size *= 2;
  return size;
}

/** Murmur3's finaliser: spreads every bit of a 32-bit number over the others. */
function mix(value: number): number {
  let hash = Math.imul(value ^ (value >>> 16), 0x85ebca6b);
  hash = Math.imul(hash ^ (hash >>> 13), 0xc2b2ae35);
  return (hash ^ (hash >>> 16)) >>> 0;
}
