import { describe, expect, it } from 'vitest';
import {
  Base64DecodeError,
  decodeBase64,
  decodeBase64Utf8,
  encodeBase64,
  encodeBase64Fields,
  encodeBase64Utf8,
} from './base64.ts';

function decodeError(b64: string): Base64DecodeError {
  try {
    decodeBase64Utf8(b64);
  } catch (error) {
    if (error instanceof Base64DecodeError) return error;
    throw error;
  }
  throw new Error('expected a Base64DecodeError');
}

describe('base64 of UTF-8 text (doc 2 §7 _base64_ fields)', () => {
  it('encodes the RFC 4648 test vectors', () => {
    const encode = (text: string) => encodeBase64(new TextEncoder().encode(text));
    expect(['', 'f', 'fo', 'foo', 'foob', 'fooba', 'foobar'].map(encode)).toEqual([
      '',
      'Zg==',
      'Zm8=',
      'Zm9v',
      'Zm9vYg==',
      'Zm9vYmE=',
      'Zm9vYmFy',
    ]);
  });

  it('encodes text as UTF-8 before base64', () => {
    expect(encodeBase64Utf8('é')).toBe('w6k=');
    expect(encodeBase64Utf8('停电')).toBe('5YGc55S1');
    expect(encodeBase64Utf8('😀')).toBe('8J+YgA==');
    expect(encodeBase64Utf8('<p>{{{customerName}}}</p>')).toBe('PHA+e3t7Y3VzdG9tZXJOYW1lfX19PC9wPg==');
  });

  it('decodes what it encodes, for every language of the templates', () => {
    const text =
      'Hello ^customerName^ — مرحبا 你好 سلام Nyob zoo こんにちは សួស្តី 안녕하세요 ਸਤ ਸ੍ਰੀ ਅਕਾਲ Привет ¡Hola! Kumusta Xin chào नमस्ते Olá สวัสดี 😀';
    expect(decodeBase64Utf8(encodeBase64Utf8(text))).toBe(text);
  });

  it('accepts base64 without its padding', () => {
    expect(decodeBase64Utf8('Zg')).toBe('f');
    expect(decodeBase64Utf8('Zm8')).toBe('fo');
    expect(Array.from(decodeBase64(''))).toEqual([]);
  });

  it('rejects characters outside the base64 alphabet, whitespace included', () => {
    expect(decodeError('Zm9v!').code).toBe('invalid_base64');
    expect(decodeError('Zm9v\nYmFy').code).toBe('invalid_base64');
    expect(decodeError('Zm9v-_').code).toBe('invalid_base64');
  });

  it('rejects impossible lengths, misplaced padding and non-zero padding bits', () => {
    expect(decodeError('Z').code).toBe('invalid_base64');
    expect(decodeError('Zg=').code).toBe('invalid_base64');
    expect(decodeError('Z===').code).toBe('invalid_base64');
    expect(decodeError('Zg==Zg==').code).toBe('invalid_base64');
    expect(decodeError('Zh==').code).toBe('invalid_base64');
  });

  it('rejects bytes that are not valid UTF-8', () => {
    const error = decodeError('/w==');
    expect(error).toBeInstanceOf(Base64DecodeError);
    expect(error.code).toBe('invalid_utf8');
    expect(decodeError('wKA=').code).toBe('invalid_utf8'); // overlong encoding of a space
    expect(decodeError('7aCA').code).toBe('invalid_utf8'); // a lone surrogate
  });

  it('sends the long texts under _base64_ names and leaves the other fields as they are', () => {
    expect(
      encodeBase64Fields({
        language_vch: 'english',
        templatePGE_txt: 'Hi ^customerName^',
        dataMB_txt: '{}',
        preview_txt: null,
        subject_vch: 'Outage',
      }),
    ).toEqual({
      language_vch: 'english',
      _base64_templatePGE_txt: 'SGkgXmN1c3RvbWVyTmFtZV4=',
      _base64_dataMB_txt: 'e30=',
      subject_vch: 'Outage',
    });
  });
});
