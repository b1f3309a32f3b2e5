/**
 * Base64 (RFC 4648 §4, standard alphabet) of UTF-8 text, written on Uint8Array so the same code runs in
 * the browser and on the server (no Buffer, and no btoa/atob, which only handle Latin-1).
 */

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const VALUES: ReadonlyMap<string, number> = new Map(
  Array.from(ALPHABET, (character, index) => [character, index]),
);

export type Base64ErrorCode = 'invalid_base64' | 'invalid_utf8';

export class Base64DecodeError extends Error {
  override readonly name = 'Base64DecodeError';
  constructor(
    readonly code: Base64ErrorCode,
    message: string,
  ) {
    super(message);
  }
}

export function encodeBase64(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const a = bytes[i] ?? 0;
    const b = bytes[i + 1] ?? 0;
    const c = bytes[i + 2] ?? 0;
    const triple = (a << 16) | (b << 8) | c;
    out += ALPHABET[(triple >> 18) & 63];
    out += ALPHABET[(triple >> 12) & 63];
    out += i + 1 < bytes.length ? ALPHABET[(triple >> 6) & 63] : '=';
    out += i + 2 < bytes.length ? ALPHABET[triple & 63] : '=';
  }
  return out;
}

/**
 * Strict decoding: only the standard alphabet, '=' padding only at the end (padding may be left off), no
 * whitespace, and the unused bits of the last character must be zero, so each byte string has exactly one
 * accepted text and nothing malformed is silently repaired.
 */
export function decodeBase64(text: string): Uint8Array {
  const body = text.replace(/={1,2}$/, '');
  if (body.length % 4 === 1 || (body.length !== text.length && text.length % 4 !== 0)) {
    throw new Base64DecodeError('invalid_base64', 'base64 text has an impossible length or padding');
  }
  const bytes = new Uint8Array(Math.floor((body.length * 3) / 4));
  let buffer = 0;
  let bits = 0;
  let at = 0;
  for (const character of body) {
    const value = VALUES.get(character);
    if (value === undefined) {
      throw new Base64DecodeError(
        'invalid_base64',
        `base64 text contains the character ${JSON.stringify(character)}`,
      );
    }
    buffer = ((buffer << 6) | value) & 0xffffff;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      bytes[at++] = (buffer >> bits) & 0xff;
    }
  }
  if ((buffer & ((1 << bits) - 1)) !== 0) {
    throw new Base64DecodeError('invalid_base64', 'base64 text has non-zero padding bits');
  }
  return bytes;
}

export function encodeBase64Utf8(text: string): string {
  return encodeBase64(new TextEncoder().encode(text));
}

/** Decodes base64 of UTF-8 text; bytes that are not valid UTF-8 are an error, never replaced by U+FFFD. */
export function decodeBase64Utf8(b64: string): string {
  const bytes = decodeBase64(b64);
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    throw new Base64DecodeError('invalid_utf8', 'base64 text does not decode to valid UTF-8');
  }
}

/**
 * The long text fields of a language record that travel base64-encoded under '_base64_'-prefixed names
 * in /api/v1/adhoc/campaign/template/insertUpdate (doc 2 §7).
 */
export const BASE64_PREFIX = '_base64_';
export const BASE64_FIELDS = [
  'templatePGE_txt',
  'templateMB_txt',
  'dataMB_txt',
  'renderMB_txt',
  'preview_txt',
] as const;
export type Base64Field = (typeof BASE64_FIELDS)[number];
export type Base64FieldName = `${typeof BASE64_PREFIX}${Base64Field}`;

/**
 * Replaces each long text field present in the record by its base64 under the prefixed name; other
 * fields are copied as they are. null and undefined long texts are left out.
 */
export function encodeBase64Fields<T extends Partial<Record<Base64Field, string | null>>>(
  record: T,
): Omit<T, Base64Field> & Partial<Record<Base64FieldName, string>> {
  const out: Record<string, unknown> = { ...record };
  for (const field of BASE64_FIELDS) {
    const value = record[field];
    delete out[field];
    if (typeof value === 'string') out[`${BASE64_PREFIX}${field}`] = encodeBase64Utf8(value);
  }
  return out as Omit<T, Base64Field> & Partial<Record<Base64FieldName, string>>;
}
