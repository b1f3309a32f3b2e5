import { describe, expect, it } from 'vitest';
import {
  GSM_BASIC,
  GSM_EXTENSION,
  SMS_MAX_LENGTH,
  SMS_SEGMENT_EXPLAINED,
  SMS_SHORT_CODES,
  SMS_TRIM_ALERT,
  smsCounter,
  smsSegments,
  smsSegmentsLabel,
  smsUnicodeCharacters,
  smsUnicodeReason,
  trimSmsBody,
} from './sms.ts';

describe('SMS body limit (doc 2 §5)', () => {
  it('allows at most 1000 characters, from the short code 97633', () => {
    expect(SMS_MAX_LENGTH).toBe(1000);
    expect(SMS_SHORT_CODES).toEqual(['97633']);
  });

  it('keeps a body of 1000 characters as it is', () => {
    const body = 'a'.repeat(1000);
    expect(trimSmsBody(body)).toEqual({ value: body, trimmed: false });
  });

  it('cuts a longer body to its first 1000 characters', () => {
    const result = trimSmsBody(`${'a'.repeat(1000)}bcd`);
    expect(result.trimmed).toBe(true);
    expect(result.value).toBe('a'.repeat(1000));
  });

  it('never leaves half an emoji at the cut', () => {
    const result = trimSmsBody(`${'a'.repeat(999)}😀tail`);
    expect(result).toEqual({ value: 'a'.repeat(999), trimmed: true });
  });

  it('never cuts a character as the reader sees it in two: a flag, a joined emoji, Thai, Hindi, Khmer, Vietnamese', () => {
    const a998 = 'a'.repeat(998);
    // 998 + 4 units: the cut at 1000 left the regional indicator U alone (a lone letter box, not the US flag).
    expect(trimSmsBody(`${a998}🇺🇸 tail`)).toEqual({ value: a998, trimmed: true });
    // Man, ZWJ, woman, ZWJ, girl (8 units): the cut at 1000 left a man and a dangling zero-width joiner.
    expect(trimSmsBody(`${'a'.repeat(994)}👨‍👩‍👧 tail`)).toEqual({ value: 'a'.repeat(994), trimmed: true });
    // Thai ที่ ('that', 3 units): the cut left ที without its tone mark, another word.
    expect(trimSmsBody(`${a998}ที่ค่ะ`)).toEqual({ value: a998, trimmed: true });
    // Hindi क्ष (ka, virama, ssa): the cut left क् with a visible virama.
    expect(trimSmsBody(`${a998}क्षेत्र`)).toEqual({ value: a998, trimmed: true });
    // Khmer ស្ត (sa, coeng, ta): the cut left ស with a dangling coeng.
    expect(trimSmsBody(`${a998}ស្ត`)).toEqual({ value: a998, trimmed: true });
    // Vietnamese ệ typed with combining marks (NFD, as pasted from some tools): the cut left e with only the dot.
    expect(trimSmsBody(`${a998}e\u0323\u0302t`)).toEqual({ value: a998, trimmed: true });
    // A whole character that ends exactly at 1000 is kept.
    const a997 = 'a'.repeat(997);
    expect(trimSmsBody(`${a997}ที่x`)).toEqual({ value: `${a997}ที่`, trimmed: true });
  });

  it('cuts a single character longer than the limit (a letter with 1,500 accents) between code points', () => {
    const result = trimSmsBody(`e${'\u0301'.repeat(1500)}`);
    expect(result.trimmed).toBe(true);
    expect(result.value).toBe(`e${'\u0301'.repeat(999)}`);
  });

  it('alerts with the text of the specification', () => {
    expect(SMS_TRIM_ALERT).toBe(
      'WARNING: the maximum length of 1,000 characters has been exceeding; trimming new value down to first 1,000 characters.',
    );
  });

  it('shows the counter as n/1000', () => {
    expect(smsCounter('hello')).toBe('5/1000');
    expect(smsCounter('')).toBe('0/1000');
  });
});

describe('smsSegments (GSM 03.38)', () => {
  it('has 127 basic characters (128 positions less the escape) and 10 extension characters', () => {
    expect(Array.from(GSM_BASIC)).toHaveLength(127);
    expect(new Set(GSM_BASIC).size).toBe(127);
    expect(Array.from(GSM_EXTENSION)).toHaveLength(10);
  });

  it('sends 160 GSM characters in 1 segment and 161 in 2', () => {
    expect(smsSegments('a'.repeat(160))).toEqual({ encoding: 'GSM-7', characters: 160, segments: 1 });
    expect(smsSegments('a'.repeat(161))).toEqual({ encoding: 'GSM-7', characters: 161, segments: 2 });
  });

  it('fits 153 GSM characters in each part of a long message: 306 in 2, 307 in 3', () => {
    expect(smsSegments('a'.repeat(306))).toEqual({ encoding: 'GSM-7', characters: 306, segments: 2 });
    expect(smsSegments('a'.repeat(307))).toEqual({ encoding: 'GSM-7', characters: 307, segments: 3 });
  });

  it('counts an extension character such as € as 2 septets', () => {
    expect(smsSegments('€')).toEqual({ encoding: 'GSM-7', characters: 2, segments: 1 });
    expect(smsSegments('{[~]}|\\^\f')).toEqual({ encoding: 'GSM-7', characters: 18, segments: 1 });
    expect(smsSegments(`${'a'.repeat(159)}€`)).toEqual({ encoding: 'GSM-7', characters: 161, segments: 2 });
  });

  it('never splits an extension character across two parts', () => {
    // 152 + 2 + 152 = 306 septets, but the € cannot start in the 153rd septet of part 1: part 2 gets 154, so 3 parts.
    expect(smsSegments(`${'a'.repeat(152)}€${'a'.repeat(152)}`)).toEqual({
      encoding: 'GSM-7',
      characters: 306,
      segments: 3,
    });
  });

  it('keeps accented letters of the GSM table, Greek capitals and line breaks in GSM-7', () => {
    expect(smsSegments('Müller Ñ é à ù ΔΩ\r\n@£$¥').encoding).toBe('GSM-7');
  });

  it('needs UCS-2 for Spanish á, í, ó and ú, which the GSM table lacks', () => {
    expect(smsSegments('está').encoding).toBe('UCS-2');
    expect(smsSegments('Ñandú').encoding).toBe('UCS-2');
  });

  it('switches to UCS-2 for one character outside the GSM tables', () => {
    expect(smsSegments('停')).toEqual({ encoding: 'UCS-2', characters: 1, segments: 1 });
    expect(smsSegments('café ç').encoding).toBe('UCS-2');
  });

  it('sends 70 UCS-2 characters in 1 segment and 71 in 2', () => {
    expect(smsSegments('停'.repeat(70))).toEqual({ encoding: 'UCS-2', characters: 70, segments: 1 });
    expect(smsSegments('停'.repeat(71))).toEqual({ encoding: 'UCS-2', characters: 71, segments: 2 });
  });

  it('fits 67 UCS-2 characters in each part of a long message: 134 in 2, 135 in 3', () => {
    expect(smsSegments('停'.repeat(134)).segments).toBe(2);
    expect(smsSegments('停'.repeat(135)).segments).toBe(3);
  });

  it('counts an emoji as 2 UTF-16 code units and never splits it', () => {
    expect(smsSegments('😀')).toEqual({ encoding: 'UCS-2', characters: 2, segments: 1 });
    expect(smsSegments(`${'停'.repeat(66)}😀${'停'.repeat(5)}`)).toEqual({
      encoding: 'UCS-2',
      characters: 73,
      segments: 2,
    });
  });

  it('counts an empty body as 0 segments', () => {
    expect(smsSegments('')).toEqual({ encoding: 'GSM-7', characters: 0, segments: 0 });
  });
});

describe('SMS segments named as such', () => {
  it("counts segments in words, not as 'SMS' (a saved message)", () => {
    expect([1, 2, 7].map(smsSegmentsLabel)).toEqual(['1 segment', '2 segments', '7 segments']);
  });

  it('explains a segment with the capacities the count uses', () => {
    expect(SMS_SEGMENT_EXPLAINED).toBe(
      'A segment is one text message as the phone network carries it: 160 characters of the GSM-7 alphabet, or 70 when a character needs Unicode (UCS-2). A longer text is sent as several segments (153 or 67 characters each), billed one by one and joined again on the phone.',
    );
  });
});

describe('smsUnicodeCharacters: what makes a body UCS-2', () => {
  it('names the typographic quotes and dash of a text pasted from a word processor, each once, in order', () => {
    expect(
      smsUnicodeCharacters('\u201cPower\u201d will be off \u2014 don\u2019t wait. \u201cSoon\u201d'),
    ).toEqual(['\u201c (U+201C)', '\u201d (U+201D)', '\u2014 (U+2014)', '\u2019 (U+2019)']);
  });

  it('names nothing for a GSM-7 body, extension characters included', () => {
    expect(smsUnicodeCharacters('Café 5€ [ok] ~ ^ {x} | \\ Ñ ü')).toEqual([]);
  });

  it('names an invisible or spacing character by its code point', () => {
    expect(smsUnicodeCharacters('Power\u00a0off\u200b now')).toEqual(['U+00A0', 'U+200B']);
  });

  it('names an emoji whole, not as two halves', () => {
    expect(smsUnicodeCharacters('Stay safe 😀')).toEqual(['😀 (U+1F600)']);
  });

  it('names nothing when more than 5 characters are outside GSM-7: a script written in Unicode as a whole', () => {
    expect(smsUnicodeCharacters('está, sí, ó, ú, ç')).toEqual([
      'á (U+00E1)',
      'í (U+00ED)',
      'ó (U+00F3)',
      'ú (U+00FA)',
      'ç (U+00E7)',
    ]);
    expect(smsUnicodeCharacters('停电通知：明天')).toEqual([]);
  });

  it('says why, with the segment sizes of both encodings', () => {
    expect(smsUnicodeReason(['\u2019 (U+2019)', 'U+00A0'])).toBe(
      'UCS-2 because of \u2019 (U+2019), U+00A0: with GSM-7 characters instead, a segment holds 160 characters, not 70.',
    );
  });
});
