import { z } from 'zod';
import type { NotifyBy } from './channels.ts';
import type { TESTER_FIELDS } from './schemas.ts';

/** The template field holding each channel's tester contact. */
export const TESTER_FIELD: Readonly<Record<NotifyBy, (typeof TESTER_FIELDS)[number]>> = {
  PHON: 'testerPhon_vch',
  SMS: 'testerSms_vch',
  EML: 'testerEmail_vch',
};

/** The name of each channel's tester contact, as the console labels its field. */
export const TESTER_LABEL: Readonly<Record<NotifyBy, string>> = {
  PHON: 'Tester voice number',
  SMS: 'Tester SMS number',
  EML: 'Tester e-mail address',
};

/**
 * A tester number as E.164, or undefined when it cannot be one. North American numbers may be written
 * without the country code (10 digits, or 11 starting with 1); other countries need the leading +.
 */
export function toE164(input: string | null | undefined): string | undefined {
  const text = (input ?? '').trim();
  if (!/^\+?[0-9 ().\-/]+$/.test(text)) return undefined;
  const digits = text.replace(/[^0-9]/g, '');
  if (text.startsWith('+')) return /^[1-9][0-9]{7,14}$/.test(digits) ? `+${digits}` : undefined;
  if (/^[2-9][0-9]{2}[2-9][0-9]{6}$/.test(digits)) return `+1${digits}`;
  if (/^1[2-9][0-9]{2}[2-9][0-9]{6}$/.test(digits)) return `+${digits}`;
  return undefined;
}

const emailAddress = z.email();

/**
 * A channel's tester contact, checked: where a test is sent (an e-mail address, or a number as E.164), or what is
 * wrong with it. The server refuses a test send with `problem`; the console shows it under the field.
 */
export function testerContact(
  notifyBy: NotifyBy,
  input: string | null | undefined,
): { to: string } | { problem: string } {
  const value = (input ?? '').trim();
  const what = `t${TESTER_LABEL[notifyBy].slice(1)}`;
  if (value === '') return { problem: `Enter a ${what} first.` };
  if (notifyBy === 'EML') {
    return emailAddress.safeParse(value).success
      ? { to: value }
      : { problem: `The ${what} "${value}" is not a valid address.` };
  }
  const e164 = toE164(value);
  return e164 !== undefined
    ? { to: e164 }
    : {
        problem: `The ${what} "${value}" is not a phone number (use +country code, or 10 digits in North America).`,
      };
}
