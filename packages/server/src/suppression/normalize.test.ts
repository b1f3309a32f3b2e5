import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { describe, expect, it } from 'vitest';
import {
  INVALID_NANP,
  invalidPhoneReason,
  mayBeAccountNumber,
  normalizeValue,
  plainNanpNumber,
} from './normalize.ts';

describe('normalizeValue without a declared type', () => {
  it.each([
    ['415-555-0123', '+14155550123'],
    ['(415) 555-0123', '+14155550123'],
    ['415.555.0123', '+14155550123'],
    ['415 555 0123', '+14155550123'],
    ['4155550123', '+14155550123'],
    ['1-415-555-0123', '+14155550123'],
    ['14155550123', '+14155550123'],
    ['+1 415 555 0123', '+14155550123'],
    ['+1 (415) 555-0123', '+14155550123'],
    ['  415-555-0123  ', '+14155550123'],
    ['415/555-0123', '+14155550123'],
    ['+1 800 555 0199', '+18005550199'],
    ['(604) 683-1234', '+16046831234'],
    ['767-312-3359', '+17673123359'],
    ['1 (809) 221-1234', '+18092211234'],
    ['+44 20 7946 0958', '+442079460958'],
    ['+33 1 23 45 67 89', '+33123456789'],
    ['+61 2 1234 5678', '+61212345678'],
  ])('reads %j as the PHONE %s (US numbers without a country code)', (raw, value) => {
    expect(normalizeValue(raw)).toEqual({ ok: true, type: 'PHONE', value });
  });

  it.each([
    ['Alice@Example.COM', 'alice@example.com'],
    ['  bob.smith@example.org ', 'bob.smith@example.org'],
    ['first.last+tag@sub.example.co.uk', 'first.last+tag@sub.example.co.uk'],
    ["o'brien@example.com", "o'brien@example.com"],
    ['x_y-z@mail-server.example.net', 'x_y-z@mail-server.example.net'],
    ['user@bücher.de', 'user@xn--bcher-kva.de'],
    ['user@example.xn--p1ai', 'user@example.xn--p1ai'],
  ])('reads %j as the EMAIL %s, lowercased', (raw, value) => {
    expect(normalizeValue(raw)).toEqual({ ok: true, type: 'EMAIL', value });
  });

  it.each([
    ['', 'The value is empty'],
    ['   ', 'The value is empty'],
    [
      'ACCT-1001',
      '"ACCT-1001" is neither an e-mail address nor a phone number; account numbers need ACCOUNT in the type column',
    ],
    [
      '1-800-FLOWERS',
      '"1-800-FLOWERS" is neither an e-mail address nor a phone number; account numbers need ACCOUNT in the type column',
    ],
    ['415-555-0123 ext 5', '"415-555-0123 ext 5" has an extension: write the phone number without it'],
    [
      '---',
      '"---" is neither an e-mail address nor a phone number; account numbers need ACCOUNT in the type column',
    ],
    ['555-1234', '"555-1234" is not a phone number: wrong number of digits'],
    ['911', '"911" is not a phone number: wrong number of digits'],
    ['+1 415 555 01234', '"+1 415 555 01234" is not a phone number: wrong number of digits'],
    ['1111111111', '"1111111111" is not a valid phone number for its country or area code'],
    ['(555) 555-5555', '"(555) 555-5555" is not a valid phone number for its country or area code'],
    ['+1 201 000 0000', '"+1 201 000 0000" is not a valid phone number for its country or area code'],
    [
      '415+555+0123',
      '"415+555+0123" is neither an e-mail address nor a phone number; account numbers need ACCOUNT in the type column',
    ],
    ['a@b@example.com', `"a@b@example.com" is not an e-mail address: it needs exactly one '@'`],
    ['@example.com', `"@example.com" is not an e-mail address: nothing before the '@'`],
    ['alice@', `"alice@" is not an e-mail address: the domain after the '@' is not valid`],
    ['alice@localhost', `"alice@localhost" is not an e-mail address: the domain after the '@' is not valid`],
    ['alice@example.c', `"alice@example.c" is not an e-mail address: the domain after the '@' is not valid`],
    [
      'alice@example.123',
      `"alice@example.123" is not an e-mail address: the domain after the '@' is not valid`,
    ],
    [
      'alice@-example.com',
      `"alice@-example.com" is not an e-mail address: the domain after the '@' is not valid`,
    ],
    [
      'alice@example..com',
      `"alice@example..com" is not an e-mail address: the domain after the '@' is not valid`,
    ],
    [
      '.alice@example.com',
      `".alice@example.com" is not an e-mail address: the part before the '@' has characters or dots not allowed there`,
    ],
    [
      'al..ice@example.com',
      `"al..ice@example.com" is not an e-mail address: the part before the '@' has characters or dots not allowed there`,
    ],
    ['"al ice"@example.com', `""al ice"@example.com" is not an e-mail address: it contains spaces`],
    ['Alice <alice@example.com>', `"Alice <alice@example.com>" is not an e-mail address: it contains spaces`],
    [
      'alice(at)@example.com',
      `"alice(at)@example.com" is not an e-mail address: the part before the '@' has characters or dots not allowed there`,
    ],
    ['tab\there@example.com', 'The value contains a line break, tab or other control character'],
  ])('rejects %j: %s', (raw, reason) => {
    expect(normalizeValue(raw)).toEqual({ ok: false, reason });
  });

  it('rejects an invisible character of any type (zero-width space, byte-order mark, direction marks)', () => {
    // A pasted number with a zero-width space was no phone number, so an untyped check took it for an account
    // number and answered 'not suppressed' without a reason.
    const reason =
      'The value contains an invisible character (such as a zero-width space, U+200B): remove it and write the value again';
    for (const type of [undefined, 'PHONE', 'SMS', 'EMAIL', 'ACCOUNT'] as const) {
      expect(normalizeValue('+14155550123\u200b', type), String(type)).toEqual({ ok: false, reason });
      expect(normalizeValue('ana\ufeff@example.com', type), String(type)).toEqual({ ok: false, reason });
      expect(normalizeValue('AC\u200e12345', type), String(type)).toEqual({ ok: false, reason });
    }
  });

  it('reads a number typed with fullwidth digits, plus sign and ideographic spaces as the same number', () => {
    // An East Asian keyboard types '＋１ ４１５…': it was no phone number, and an untyped check took it for an account.
    const phone = { ok: true, type: 'PHONE', value: '+14155550123' };
    expect(
      normalizeValue(
        '\uff0b\uff11\u3000\uff14\uff11\uff15\u3000\uff15\uff15\uff15\u3000\uff10\uff11\uff12\uff13',
      ),
    ).toEqual(phone);
    expect(
      normalizeValue('\uff08\uff14\uff11\uff15\uff09\uff15\uff15\uff15\uff0d\uff10\uff11\uff12\uff13'),
    ).toEqual(phone);
    expect(normalizeValue('\uff14\uff11\uff15\uff15\uff15\uff15\uff10\uff11\uff12\uff13', 'SMS')).toEqual({
      ...phone,
      type: 'SMS',
    });
    // Other text is never changed by it: a fullwidth account number stays as written.
    expect(normalizeValue('\uff21\uff23\uff11\uff12', 'ACCOUNT')).toEqual({
      ok: true,
      type: 'ACCOUNT',
      value: '\uff21\uff23\uff11\uff12',
    });
  });

  it("reads a number written with a word processor's dashes (en dash, non-breaking hyphen, minus) as the number", () => {
    // Pasted from a document: '415–555–0123' was no phone number, and an untyped check took it for an account.
    const phone = { ok: true, type: 'PHONE', value: '+14155550123' };
    expect(normalizeValue('415\u2013555\u20130123')).toEqual(phone);
    expect(normalizeValue('415\u2011555\u20110123')).toEqual(phone);
    expect(normalizeValue('(415)\u00a0555\u22120123')).toEqual(phone);
    expect(normalizeValue('+1\u2014415\u2014555\u20140123', 'SMS')).toEqual({ ...phone, type: 'SMS' });
    // A value with a letter is not a number: an account number keeps its dash.
    expect(normalizeValue('AC\u201312345', 'ACCOUNT')).toEqual({
      ok: true,
      type: 'ACCOUNT',
      value: 'AC\u201312345',
    });
  });

  it('says which untyped values the check may look up as account numbers: digits alone or text with a letter', () => {
    for (const value of ['ACCT-0001', '911', '1234567890', ' 0012345 ', 'Kontonummer-Ü7']) {
      expect(mayBeAccountNumber(value), value).toBe(true);
    }
    for (const value of [
      '+14155550123,',
      "'+14155550123",
      '+1',
      '1234-5678-90',
      '4155550123x3',
      '4155550123 ext. 12',
      '4155550123#4',
      '4.15555E+09',
      'review1@example.com.',
      '<review1@example.com>',
      'mailto:review1@example.com',
    ]) {
      expect(mayBeAccountNumber(value), value).toBe(false);
    }
  });

  it('rejects values longer than 254 characters', () => {
    expect(normalizeValue(`${'a'.repeat(250)}@example.com`)).toEqual({
      ok: false,
      reason: 'The value is longer than 254 characters',
    });
  });

  it('gives the same answers at the edges of the plain-address test as the rules one by one', () => {
    const local64 = 'a'.repeat(64);
    const label63 = 'b'.repeat(63);
    expect(normalizeValue(`${local64}@example.com`)).toEqual({
      ok: true,
      type: 'EMAIL',
      value: `${local64}@example.com`,
    });
    expect(normalizeValue(`x@${label63}.com`)).toEqual({
      ok: true,
      type: 'EMAIL',
      value: `x@${label63}.com`,
    });
    expect(normalizeValue(`x@${label63}b.com`)).toEqual({
      ok: false,
      reason: `"x@bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb..." is not an e-mail address: the domain after the '@' is not valid`,
    });
    // The Kelvin sign lowercases to an ASCII 'k', either way.
    expect(normalizeValue('\u212Aim@Example.com')).toEqual({
      ok: true,
      type: 'EMAIL',
      value: 'kim@example.com',
    });
    expect(normalizeValue('a@b.co')).toEqual({ ok: true, type: 'EMAIL', value: 'a@b.co' });
    expect(normalizeValue('a.@b.co')).toEqual({
      ok: false,
      reason: `"a.@b.co" is not an e-mail address: the part before the '@' has characters or dots not allowed there`,
    });
    expect(normalizeValue('a@b-.co')).toEqual({
      ok: false,
      reason: `"a@b-.co" is not an e-mail address: the domain after the '@' is not valid`,
    });
  });

  it('rejects a local part longer than 64 characters', () => {
    expect(normalizeValue(`${'a'.repeat(65)}@example.com`)).toEqual({
      ok: false,
      reason: `"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa..." is not an e-mail address: more than 64 characters before the '@'`,
    });
  });
});

describe('normalizeValue of what spreadsheets write', () => {
  it("says a number in Excel's scientific notation has lost its digits, with or without a phone type", () => {
    const reason =
      '"4.15555E+09" is a number in Excel\'s scientific notation, which has lost its last digits: format the column as Text in Excel and save the file again';
    expect(normalizeValue('4.15555E+09')).toEqual({ ok: false, reason });
    expect(normalizeValue('4.15555E+09', 'PHONE')).toEqual({ ok: false, reason });
    expect(normalizeValue('1,41555E+10', 'SMS')).toMatchObject({
      ok: false,
      reason: expect.stringContaining("Excel's scientific notation"),
    });
    expect(normalizeValue('4.15555e9')).toMatchObject({
      ok: false,
      reason: expect.stringContaining("Excel's scientific notation"),
    });
    // An account number is kept as written, whatever it looks like.
    expect(normalizeValue('1E5', 'ACCOUNT')).toEqual({ ok: true, type: 'ACCOUNT', value: '1E5' });
  });

  it('says a phone number with an extension needs writing without it', () => {
    for (const text of [
      '415 555 0114 ext 12',
      '4155550115x3',
      '(415) 555-0116 #4',
      '+1 415 555 0117 Ext. 200',
    ]) {
      expect(normalizeValue(text)).toEqual({
        ok: false,
        reason: `"${text}" has an extension: write the phone number without it`,
      });
    }
    // Not an extension: a name with an x, an account-like code.
    expect(normalizeValue('max')).toMatchObject({
      reason: expect.stringContaining('is neither an e-mail address'),
    });
    expect(normalizeValue('x12')).toMatchObject({
      reason: expect.stringContaining('is neither an e-mail address'),
    });
  });

  it('says an international number written with 00 needs a + instead, and reads the United States 011 form', () => {
    expect(normalizeValue('0044 20 7946 0958')).toEqual({
      ok: false,
      reason:
        '"0044 20 7946 0958" starts with 00: write an international number with + and its country code (+44…)',
    });
    expect(normalizeValue('011 44 20 7946 0958')).toEqual({
      ok: true,
      type: 'PHONE',
      value: '+442079460958',
    });
    expect(normalizeValue('+44 20 7946 0958')).toEqual({ ok: true, type: 'PHONE', value: '+442079460958' });
  });

  it('says a line whose cells are separated by semicolons needs commas', () => {
    expect(normalizeValue('4155550123;PHONE')).toEqual({
      ok: false,
      reason:
        '"4155550123;PHONE" holds a semicolon: cells must be separated by commas (in Excel, save as CSV UTF-8 (Comma delimited))',
    });
  });
});

describe('normalizeValue with a declared type', () => {
  it('normalises SMS values like phone numbers', () => {
    expect(normalizeValue('(415) 555-0123', 'SMS')).toEqual({ ok: true, type: 'SMS', value: '+14155550123' });
  });

  it('normalises a declared PHONE', () => {
    expect(normalizeValue('+44 20 7946 0958', 'PHONE')).toEqual({
      ok: true,
      type: 'PHONE',
      value: '+442079460958',
    });
  });

  it('rejects a declared PHONE with letters or an extension', () => {
    expect(normalizeValue('1-800-FLOWERS', 'PHONE')).toEqual({
      ok: false,
      reason: '"1-800-FLOWERS" is not a phone number: use digits, spaces and + ( ) - . / only',
    });
    expect(normalizeValue('415-555-0123 x5', 'SMS')).toEqual({
      ok: false,
      reason: '"415-555-0123 x5" has an extension: write the phone number without it',
    });
  });

  it('rejects an e-mail address declared as PHONE', () => {
    expect(normalizeValue('alice@example.com', 'PHONE')).toEqual({
      ok: false,
      reason: '"alice@example.com" is not a phone number: use digits, spaces and + ( ) - . / only',
    });
  });

  it('lowercases a declared EMAIL and rejects a phone number declared as EMAIL', () => {
    expect(normalizeValue('CAROL@EXAMPLE.COM', 'EMAIL')).toEqual({
      ok: true,
      type: 'EMAIL',
      value: 'carol@example.com',
    });
    expect(normalizeValue('4155550123', 'EMAIL')).toEqual({
      ok: false,
      reason: `"4155550123" is not an e-mail address: it needs exactly one '@'`,
    });
  });

  it('keeps an ACCOUNT value as written, trimmed, case kept, even when it looks like a phone number', () => {
    expect(normalizeValue(' AcCt-1001 ', 'ACCOUNT')).toEqual({
      ok: true,
      type: 'ACCOUNT',
      value: 'AcCt-1001',
    });
    expect(normalizeValue('4155550123', 'ACCOUNT')).toEqual({
      ok: true,
      type: 'ACCOUNT',
      value: '4155550123',
    });
  });

  it('rejects an ACCOUNT value with spaces or longer than 64 characters', () => {
    expect(normalizeValue('12 34', 'ACCOUNT')).toEqual({
      ok: false,
      reason: '"12 34" is not an account number: it contains spaces',
    });
    expect(normalizeValue('9'.repeat(65), 'ACCOUNT')).toEqual({
      ok: false,
      reason: 'The account number is longer than 64 characters',
    });
  });
});

describe('the North American fast path', () => {
  it('answers like libphonenumber for numbers of the same exchange (remembered answers)', () => {
    // Deterministic spread over area codes and exchanges; each block is asked twice, the second answer remembered.
    let seed = 12345;
    const next = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed;
    };
    for (let i = 0; i < 2_000; i++) {
      const digits = String(2_000_000_000 + (next() % 8_000_000_000)).padStart(10, '0');
      const twin = `${digits.slice(0, 6)}${String(next() % 10_000).padStart(4, '0')}`;
      for (const number of [digits, twin]) {
        const direct = parsePhoneNumberFromString(`+1${number}`);
        const expected = direct?.isValid() ? `+1${number}` : undefined;
        const result = normalizeValue(number, 'PHONE');
        expect(result.ok ? result.value : undefined, number).toBe(expected);
      }
    }
  });
});

describe('plainNanpNumber (bare North American numbers, read without normalizeValue)', () => {
  it('reads the three bare forms of a valid number as its E.164 digits', () => {
    expect(plainNanpNumber('4155550123')).toBe(14155550123);
    expect(plainNanpNumber('14155550123')).toBe(14155550123);
    expect(plainNanpNumber('+14155550123')).toBe(14155550123);
  });

  it('leaves every other text to normalizeValue (-1)', () => {
    for (const text of [
      '',
      '415555012', // nine digits
      '41555501234', // eleven digits not starting with 1
      '+24155550123', // another country code
      '1155550123', // area code starting with 1
      '0155550123',
      '(415) 555-0123',
      '415-555-0123',
      '415555012a',
      '+1415555012',
      ' 4155550123',
      '4155550123 ',
      '+141555501234',
    ]) {
      expect(plainNanpNumber(text), text).toBe(-1);
    }
  });

  it('gives the answer normalizeValue gives, a value or a refusal (INVALID_NANP)', () => {
    let seed = 777;
    const next = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed;
    };
    let fast = 0;
    let left = 0;
    for (let i = 0; i < 3_000; i++) {
      const ten = String(2_000_000_000 + (next() % 8_000_000_000));
      for (const text of [ten, `1${ten}`, `+1${ten}`]) {
        const number = plainNanpNumber(text);
        if (number === INVALID_NANP) {
          left++;
          expect(normalizeValue(text), text).toEqual({ ok: false, reason: invalidPhoneReason(text) });
          expect(invalidPhoneReason(text)).toBe(
            `"${text}" is not a valid phone number for its country or area code`,
          );
        } else {
          fast++;
          expect(number, text).toBe(Number(`1${ten}`));
          expect(normalizeValue(text), text).toEqual({ ok: true, type: 'PHONE', value: `+1${ten}` });
        }
      }
    }
    // Both kinds of number were met (the spread covers unassigned area codes too).
    expect(fast).toBeGreaterThan(1_000);
    expect(left).toBeGreaterThan(1_000);
  });
});
