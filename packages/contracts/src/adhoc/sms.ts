/** SMS body limit (doc 2 §5, §9). Counted in UTF-16 code units, as the browser's text area counts. */
export const SMS_MAX_LENGTH = 1000;

/** The single short code of the SMS short-code selector (doc 2 §2.5). */
export const SMS_SHORT_CODE = '97633';
export const SMS_SHORT_CODES = [SMS_SHORT_CODE] as const;

export const SMS_TRIM_ALERT =
  'WARNING: the maximum length of 1,000 characters has been exceeding; trimming new value down to first 1,000 characters.';

/** User-perceived characters (extended grapheme clusters, UAX #29), the same in Node and in the browser. */
const GRAPHEMES = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/**
 * Cuts a body to its first 1000 characters (UTF-16 code units, as counted), never inside a character as the reader
 * sees it: a cut inside a surrogate pair, a flag or a joined emoji, a Thai consonant and its tone mark, a Devanagari
 * conjunct or a Vietnamese letter written with combining accents would leave a broken or different character at the
 * end of a safety message. So the cut goes back to the last grapheme boundary (UAX #29) at or before 1000 units. A
 * single grapheme longer than the whole limit (only contrived text) is cut between code points instead.
 */
export function trimSmsBody(value: string): { value: string; trimmed: boolean } {
  if (value.length <= SMS_MAX_LENGTH) return { value, trimmed: false };
  let end = 0;
  for (const { index, segment } of GRAPHEMES.segment(value)) {
    if (index + segment.length > SMS_MAX_LENGTH) break;
    end = index + segment.length;
  }
  if (end === 0) {
    const last = value.charCodeAt(SMS_MAX_LENGTH - 1);
    end = last >= 0xd800 && last <= 0xdbff ? SMS_MAX_LENGTH - 1 : SMS_MAX_LENGTH;
  }
  return { value: value.slice(0, end), trimmed: true };
}

/** The counter under the SMS body, 'n/1000'. */
export function smsCounter(value: string): string {
  return `${value.length}/${SMS_MAX_LENGTH}`;
}

/**
 * GSM 03.38 (3GPP TS 23.038) default alphabet, positions 0x00–0x7F in order, without 0x1B (the escape to
 * the extension table). Each of these characters takes one septet.
 */
export const GSM_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅå' +
  'Δ_ΦΓΛΩΠΨΣΘΞÆæßÉ' +
  ' !"#¤%&\'()*+,-./' +
  '0123456789:;<=>?' +
  '¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§' +
  '¿abcdefghijklmnopqrstuvwxyzäöñüà';

/** GSM 03.38 extension table: each is sent as ESC + character, so takes two septets. */
export const GSM_EXTENSION = '\f^{}\\[~]|€';

const GSM_BASIC_SET = new Set(GSM_BASIC);
const GSM_EXTENSION_SET = new Set(GSM_EXTENSION);

/** Per-segment capacity: a single message, or each part of a concatenated one (the rest is the UDH). */
const CAPACITY = {
  'GSM-7': { single: 160, concatenated: 153 },
  'UCS-2': { single: 70, concatenated: 67 },
} as const;

export type SmsEncoding = keyof typeof CAPACITY;

export interface SmsSegments {
  encoding: SmsEncoding;
  /** Length in the encoding's units: septets for GSM-7, UTF-16 code units for UCS-2. */
  characters: number;
  segments: number;
}

/**
 * How an SMS body is sent: GSM-7 when every character is in the GSM 03.38 tables, otherwise UCS-2.
 * Segments are packed the way handsets and carriers do: an extension character (two septets) or a
 * surrogate pair (two UCS-2 units) is never split across two parts, so it moves whole to the next part.
 * An empty body is 0 segments.
 */
export function smsSegments(text: string): SmsSegments {
  const characters = Array.from(text);
  const gsm = characters.every(
    (character) => GSM_BASIC_SET.has(character) || GSM_EXTENSION_SET.has(character),
  );
  const encoding: SmsEncoding = gsm ? 'GSM-7' : 'UCS-2';
  const costs = characters.map((character) =>
    gsm ? (GSM_EXTENSION_SET.has(character) ? 2 : 1) : character.length,
  );
  const total = costs.reduce((sum, cost) => sum + cost, 0);
  const capacity = CAPACITY[encoding];
  if (total === 0) return { encoding, characters: 0, segments: 0 };
  if (total <= capacity.single) return { encoding, characters: total, segments: 1 };
  let segments = 1;
  let used = 0;
  for (const cost of costs) {
    if (used + cost > capacity.concatenated) {
      segments += 1;
      used = 0;
    }
    used += cost;
  }
  return { encoding, characters: total, segments };
}

/** At most this many characters are named as the reason for UCS-2: more means a script written outside GSM-7. */
export const SMS_UNICODE_NAMED_AT_MOST = 5;

/**
 * The characters that make a body UCS-2, each once, in the order they first appear: shown so the operator can
 * replace a typographic quote or dash pasted from a word processor, which alone would cut every segment from 160
 * characters to 70. Empty when the body is GSM-7, or when more than `SMS_UNICODE_NAMED_AT_MOST` characters are
 * outside the GSM tables (a text in Chinese or Arabic needs Unicode as a whole; naming its letters says nothing).
 * Each is named with its code point, '’ (U+2019)' (a typographic apostrophe looks like a plain one); an invisible
 * or spacing character (a no-break space, a zero-width joiner, a combining mark) by its code point alone, 'U+00A0'.
 */
export function smsUnicodeCharacters(text: string): string[] {
  const outside = new Set<string>();
  for (const character of text) {
    if (GSM_BASIC_SET.has(character) || GSM_EXTENSION_SET.has(character)) continue;
    outside.add(character);
    if (outside.size > SMS_UNICODE_NAMED_AT_MOST) return [];
  }
  return [...outside].map((character) => {
    const codePoint = `U+${(character.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;
    return /^[\p{White_Space}\p{Cf}\p{M}\p{Cc}]$/u.test(character)
      ? codePoint
      : `${character} (${codePoint})`;
  });
}

/** What the SMS tab says under its encoding when `smsUnicodeCharacters` names the characters that make it UCS-2. */
export function smsUnicodeReason(characters: readonly string[]): string {
  return `UCS-2 because of ${characters.join(', ')}: with GSM-7 characters instead, a segment holds ${CAPACITY['GSM-7'].single} characters, not ${CAPACITY['UCS-2'].single}.`;
}

/** '1 segment', '3 segments': how many SMS segments a text is sent as. */
export function smsSegmentsLabel(segments: number): string {
  return `${segments} ${segments === 1 ? 'segment' : 'segments'}`;
}

/** What an SMS segment is, for the segment counts of the SMS tab. */
export const SMS_SEGMENT_EXPLAINED = `A segment is one text message as the phone network carries it: ${CAPACITY['GSM-7'].single} characters of the GSM-7 alphabet, or ${CAPACITY['UCS-2'].single} when a character needs Unicode (UCS-2). A longer text is sent as several segments (${CAPACITY['GSM-7'].concatenated} or ${CAPACITY['UCS-2'].concatenated} characters each), billed one by one and joined again on the phone.`;
