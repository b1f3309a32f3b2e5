import { domainToASCII } from 'node:url';
import {
  SUPPRESSION_ACCOUNT_MAX_LENGTH,
  SUPPRESSION_VALUE_MAX_LENGTH,
  type SuppressionType,
} from '@psps/contracts';
import { PhoneNumber, parsePhoneNumberFromString } from 'libphonenumber-js';

/**
 * One suppression value as stored, or why it cannot be (DESIGN §5). Normalising makes equal values equal text, so
 * that '(415) 555-0123' and '+1 415 555 0123' suppress the same number and count as duplicates of each other.
 */
export type NormalizeResult =
  | { ok: true; type: SuppressionType; value: string }
  | { ok: false; reason: string };

/** Numbers written without a '+' country code are read as US numbers. */
const DEFAULT_PHONE_REGION = 'US';
/** Digits and the punctuation people write phone numbers with; a '+' only in front. */
const PHONE_TEXT = /^\+?[\d\s().\-/]+$/;
const HAS_DIGIT = /\d/;
const PHONE_PUNCTUATION = /[\s().\-/]/g;
/** A North American number: ten digits, the first 2-9, after an optional '1' or '+1'. */
const NANP_NUMBER = /^(?:\+?1)?([2-9]\d{9})$/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this pattern finds
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/;
/** Unicode format characters: zero-width spaces and joiners, byte-order marks, direction marks. */
const INVISIBLE_CHARACTERS = /\p{Cf}/u;
const WHITESPACE = /\s/;
/** A phone number followed by an extension: '415 555 0114 ext 12', '4155550115x3', '(415) 555-0116 #4'. */
const WITH_EXTENSION = /^\+?[\d\s().\-/]*\d[\s().\-/]*(?:ext\.?|extension|x|#)\s*\d{1,6}$/i;
/** A number as a spreadsheet writes it in scientific notation: '4.15555E+09', '1.4155E10'. */
const SCIENTIFIC_NUMBER = /^[+-]?\d+(?:[.,]\d+)?e[+-]?\d+$/i;
/** RFC 5322 dot-atom: the unquoted local parts real mail systems hand out. Quoted local parts are not accepted. */
const EMAIL_LOCAL = /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;
/**
 * An address every rule below accepts as it is once lowercased (ASCII, a plain top-level domain; lengths apart),
 * read in one test: most lines of most lists.
 */
const PLAIN_EMAIL =
  /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;
const DOMAIN_LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
const TOP_LEVEL_DOMAIN = /^(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;
const NON_ASCII = /[^\u0020-\u007e]/;
/** Dashes a word processor or a web page writes for '-': hyphen, non-breaking hyphen, figure, en and em dashes, minus. */
const UNICODE_DASHES = /[\u2010-\u2015\u2212\ufe58\ufe63]/g;
const DIGITS_ONLY = /^\d+$/;
const LETTER = /\p{L}/u;

/**
 * Normalises one uploaded value. With a declared type the value must be of that type; without one, a value with
 * '@' is an EMAIL, a value of digits and phone punctuation is a PHONE, and anything else is rejected (ACCOUNT values
 * always need the type column: an account number of ten digits would otherwise look like a phone number).
 */
export function normalizeValue(raw: string, declaredType?: SuppressionType): NormalizeResult {
  const text = asciiPhoneText(raw.trim());
  if (text === '') return reject('The value is empty');
  if (CONTROL_CHARACTERS.test(text))
    return reject('The value contains a line break, tab or other control character');
  // Invisible characters (pasted from web pages and spreadsheets) make a value that looks like a number no number:
  // an untyped check took '+14155550123' with a zero-width space for an account number, not suppressed.
  if (NON_ASCII.test(text) && INVISIBLE_CHARACTERS.test(text)) {
    return reject(
      'The value contains an invisible character (such as a zero-width space, U+200B): remove it and write the value again',
    );
  }
  if (text.length > SUPPRESSION_VALUE_MAX_LENGTH) {
    return reject(`The value is longer than ${SUPPRESSION_VALUE_MAX_LENGTH} characters`);
  }
  // Excel shows a long number as '4.15555E+09' and saves it so in a CSV file: its last digits are gone.
  if (declaredType !== 'ACCOUNT' && declaredType !== 'EMAIL' && SCIENTIFIC_NUMBER.test(text)) {
    return reject(
      `"${shorten(text)}" is a number in Excel's scientific notation, which has lost its last digits: format the column as Text in Excel and save the file again`,
    );
  }
  switch (declaredType) {
    case 'PHONE':
    case 'SMS':
      return normalizePhone(text, declaredType);
    case 'EMAIL':
      return normalizeEmail(text);
    case 'ACCOUNT':
      return normalizeAccount(text);
    case undefined:
      if (text.includes('@')) return normalizeEmail(text);
      if (PHONE_TEXT.test(text) && HAS_DIGIT.test(text)) return normalizePhone(text, 'PHONE');
      if (WITH_EXTENSION.test(text)) return rejectExtension(text);
      if (text.includes(';')) {
        return reject(
          `"${shorten(text)}" holds a semicolon: cells must be separated by commas (in Excel, save as CSV UTF-8 (Comma delimited))`,
        );
      }
      return reject(
        `"${shorten(text)}" is neither an e-mail address nor a phone number; account numbers need ACCOUNT in the type column`,
      );
  }
}

/**
 * A number typed with an East Asian keyboard ('＋１ ４１５ ５５５ ０１２３': fullwidth digits, plus sign, ideographic
 * spaces) or with a word processor's dashes ('415–555–0123', en dashes or non-breaking hyphens) is the same number:
 * its compatibility form (NFKC, dashes as '-') in digits and phone punctuation replaces it. Any other text stays as
 * written (an e-mail address or an account number with a letter is never changed by this).
 */
function asciiPhoneText(text: string): string {
  if (!NON_ASCII.test(text)) return text;
  const folded = text.normalize('NFKC').replace(UNICODE_DASHES, '-').trim();
  return !NON_ASCII.test(folded) && PHONE_TEXT.test(folded) && HAS_DIGIT.test(folded) ? folded : text;
}

/**
 * Whether a value without a type that normalizeValue refused may be an account number, which the engine's check then
 * looks up (uploads need the type column for those): digits alone or text with a letter, but nothing that says it
 * was meant as an e-mail address or a phone number (an '@', an extension, Excel's scientific notation, or digits
 * with other signs and no letter: '+14155550123,', '+1'). Those are refused with their reason: answered 'not
 * suppressed' from the account lists, a listed person's number written oddly would be messaged.
 */
export function mayBeAccountNumber(raw: string): boolean {
  const text = raw.trim();
  if (text.includes('@') || SCIENTIFIC_NUMBER.test(text) || WITH_EXTENSION.test(text)) return false;
  return DIGITS_ONLY.test(text) || LETTER.test(text);
}

/** PHONE and SMS values are phone numbers in E.164 form ('+14155550123'). */
function normalizePhone(text: string, type: 'PHONE' | 'SMS'): NormalizeResult {
  if (!PHONE_TEXT.test(text) || !HAS_DIGIT.test(text)) {
    if (WITH_EXTENSION.test(text)) return rejectExtension(text);
    return reject(`"${shorten(text)}" is not a phone number: use digits, spaces and + ( ) - . / only`);
  }
  const nanp = NANP_NUMBER.exec(text.replace(PHONE_PUNCTUATION, ''))?.[1];
  if (nanp !== undefined) {
    // Fast path for the bulk of a US utility's lists, about three times faster than parsing the text: the E.164
    // form of such a number is '+1' and its ten digits, which is what parsing with the US default gives for a valid
    // number. Numbers it finds invalid go the full way below, which gives the reason.
    if (nanpValid(nanp)) return { ok: true, type, value: `+1${nanp}` };
  }
  const phone = parsePhoneNumberFromString(text, DEFAULT_PHONE_REGION);
  if (phone === undefined || !phone.isPossible()) {
    // '0044 …' dials abroad from Europe, not from the United States (011): the number itself is probably right.
    const digits = text.replace(PHONE_PUNCTUATION, '');
    if (digits.startsWith('00') && digits.length > 4) {
      return reject(
        `"${shorten(text)}" starts with 00: write an international number with + and its country code (+${digits.slice(2, 4)}…)`,
      );
    }
    return reject(`"${shorten(text)}" is not a phone number: wrong number of digits`);
  }
  if (!phone.isValid()) return reject(invalidPhoneReason(text));
  return { ok: true, type, value: phone.number };
}

/**
 * Whether libphonenumber finds a ten-digit North American number valid, remembered per exchange (its first six
 * digits: area code and exchange). libphonenumber's NANP metadata, for the US and for the other NANP countries,
 * decides validity on at most the first six digits: checked on 2026-11-22 over all 800,000 area code and exchange
 * pairs with nine line numbers each (0000, 0001, 0999, 1234, 4321, 5000, 5555, 7000, 9999: no pair answered two
 * ways; 379,616 valid), and by normalize.test.ts. Asking libphonenumber costs 5-30 µs a number, a lookup well under
 * 0.1 µs. The answers are kept in a byte per exchange of the whole numbering plan (1 MB, made on first use), so a
 * list asks once per exchange it holds, and a nationwide list of millions at most 800,000 times in the life of the
 * server (it asked per thousands-block before: up to 8 million).
 */
function nanpValid(tenDigits: string): boolean {
  return nanpExchangeValid(Number(tenDigits.slice(0, 6)), tenDigits);
}
function nanpExchangeValid(exchange: number, tenDigits: string): boolean {
  nanpExchanges ??= new Uint8Array(1_000_000);
  let known = nanpExchanges[exchange]!;
  if (known === UNKNOWN) {
    // Valid in the US metadata (quick to ask), else the whole question: the other NANP countries (Canada, the
    // Caribbean) have their own.
    const valid =
      new PhoneNumber(`+1${tenDigits}`).isValid() ||
      parsePhoneNumberFromString(`+1${tenDigits}`)?.isValid() === true;
    known = valid ? VALID : NOT_VALID;
    nanpExchanges[exchange] = known;
  }
  return known === VALID;
}
/** Per exchange (the first six of ten digits): UNKNOWN (not asked yet), VALID or NOT_VALID. */
let nanpExchanges: Uint8Array | undefined;
const UNKNOWN = 0;
const VALID = 1;
const NOT_VALID = 2;

/** plainNanpNumber's answer for a bare North American number that is not valid: normalizeValue rejects it. */
export const INVALID_NANP = -2;

/** Why a phone number that has the right number of digits is refused. */
export function invalidPhoneReason(text: string): string {
  return `"${shorten(text)}" is not a valid phone number for its country or area code`;
}

/**
 * The commonest line of a list, a bare North American number ('4155550123', '14155550123' or '+14155550123'),
 * read without regular expressions or strings: its E.164 form as a number (14155550123), INVALID_NANP when it is
 * not a valid number (normalizeValue would refuse it with invalidPhoneReason), or -1 for any other text, which
 * normalizeValue then decides. The answer is the one normalizeValue(text) gives (a PHONE value '+1' and the ten
 * digits, or that refusal; compared in normalize.test.ts): about five times faster, which is most of reading a
 * million-line file, and a hundred times faster for a number that is not valid.
 */
export function plainNanpNumber(text: string): number {
  const ten = nanpTenIn(text, 0, text.length);
  return ten === -1 ? -1 : nanpNumberOf(ten);
}

/**
 * The ten digits (as a number) of a bare North American number written in text[from, to) as '4155550123',
 * '14155550123' or '+14155550123', or -1 for any other text. Read from the text in place (no string is made), so
 * that a file's lines can be read without slicing them.
 */
export function nanpTenIn(text: string, from: number, to: number): number {
  let at = from;
  const length = to - from;
  if (length === 12) {
    if (text.charCodeAt(from) !== PLUS || text.charCodeAt(from + 1) !== ONE) return -1;
    at = from + 2;
  } else if (length === 11) {
    if (text.charCodeAt(from) !== ONE) return -1;
    at = from + 1;
  } else if (length !== 10) {
    return -1;
  }
  const first = text.charCodeAt(at) - ZERO;
  if (first < 2 || first > 9) return -1;
  let ten = first;
  for (let i = at + 1; i < at + 10; i++) {
    const digit = text.charCodeAt(i) - ZERO;
    if (digit < 0 || digit > 9) return -1;
    ten = ten * 10 + digit;
  }
  return ten;
}

/** nanpTenIn's ten digits as plainNanpNumber answers them: the E.164 number (14155550123), or INVALID_NANP. */
export function nanpNumberOf(ten: number): number {
  const exchange = Math.floor(ten / 10_000);
  const known = nanpExchanges?.[exchange];
  const valid = known === VALID || (known !== NOT_VALID && nanpExchangeValid(exchange, String(ten)));
  return valid ? 1e10 + ten : INVALID_NANP;
}
const PLUS = 43;
const ONE = 49;
const ZERO = 48;

/** EMAIL values are lowercased (DESIGN §5); an internationalised domain is stored in its ASCII (xn--) form. */
function normalizeEmail(text: string): NormalizeResult {
  const lower = text.toLowerCase();
  if (PLAIN_EMAIL.test(lower)) {
    const plainAt = lower.indexOf('@');
    if (plainAt <= 64 && lower.length - plainAt - 1 <= 253 && lower.length <= SUPPRESSION_VALUE_MAX_LENGTH) {
      return { ok: true, type: 'EMAIL', value: lower };
    }
  }
  const at = text.lastIndexOf('@');
  if (at === -1 || text.indexOf('@') !== at) {
    return reject(`"${shorten(text)}" is not an e-mail address: it needs exactly one '@'`);
  }
  if (WHITESPACE.test(text)) return reject(`"${shorten(text)}" is not an e-mail address: it contains spaces`);
  const local = text.slice(0, at).toLowerCase();
  let domain = text.slice(at + 1).toLowerCase();
  if (local === '') return reject(`"${shorten(text)}" is not an e-mail address: nothing before the '@'`);
  if (local.length > 64)
    return reject(`"${shorten(text)}" is not an e-mail address: more than 64 characters before the '@'`);
  if (!EMAIL_LOCAL.test(local)) {
    return reject(
      `"${shorten(text)}" is not an e-mail address: the part before the '@' has characters or dots not allowed there`,
    );
  }
  if (NON_ASCII.test(domain)) domain = domainToASCII(domain);
  const labels = domain.split('.');
  const topLevel = labels.at(-1) ?? '';
  if (
    domain === '' ||
    domain.length > 253 ||
    labels.length < 2 ||
    !labels.every((label) => DOMAIN_LABEL.test(label)) ||
    !TOP_LEVEL_DOMAIN.test(topLevel)
  ) {
    return reject(`"${shorten(text)}" is not an e-mail address: the domain after the '@' is not valid`);
  }
  const value = `${local}@${domain}`;
  if (value.length > SUPPRESSION_VALUE_MAX_LENGTH) {
    return reject(
      `"${shorten(text)}" is not an e-mail address: longer than ${SUPPRESSION_VALUE_MAX_LENGTH} characters`,
    );
  }
  return { ok: true, type: 'EMAIL', value };
}

/** ACCOUNT values are opaque identifiers: kept as written (trimmed, case kept), without spaces inside. */
function normalizeAccount(text: string): NormalizeResult {
  if (WHITESPACE.test(text)) return reject(`"${shorten(text)}" is not an account number: it contains spaces`);
  if (text.length > SUPPRESSION_ACCOUNT_MAX_LENGTH) {
    return reject(`The account number is longer than ${SUPPRESSION_ACCOUNT_MAX_LENGTH} characters`);
  }
  return { ok: true, type: 'ACCOUNT', value: text };
}

/** An extension reaches a desk behind the number, which is what is called or texted: the list holds numbers alone. */
function rejectExtension(text: string): NormalizeResult {
  return reject(`"${shorten(text)}" has an extension: write the phone number without it`);
}

function reject(reason: string): NormalizeResult {
  return { ok: false, reason };
}

/** Reasons quote the value, cut short so that 100 reasons stay readable. */
export function shorten(text: string): string {
  return text.length > 40 ? `${text.slice(0, 37)}...` : text;
}
