import { formatDateTimeIn } from '../format.ts';
import type { NotifyBy } from './channels.ts';
import { type AdhocLanguageName, findLanguage } from './languages.ts';
import { type DatePart, type DatePrefix, TEMPLATE_DATE_PREFIXES } from './variables.ts';

/** Sample contacts shown where the editor needs one (doc 2 §3: "tester e-mail and from address are sample values"). */
export const SAMPLE_TESTER_EMAIL = 'tester@example.com';
export const SAMPLE_TESTER_PHONE = '+14155550123';
export const SAMPLE_FROM_ADDRESS = 'psps-notifications@example.com';
export const SAMPLE_FROM_DISPLAY_NAME = 'PSPS Notifications';

export type AdhocSampleValue = string | number;
export type AdhocSampleData = Readonly<Record<string, AdhocSampleValue>>;

const DAY_MS = 86_400_000;

/**
 * When each sample event date falls, in days and hours after the start of "today": the shut-off starts two
 * days ahead at 08:00, the weather all-clear comes the next day at 14:00, the shut-off window ends at 20:00
 * and restoration is estimated for the morning after.
 */
const EVENT_OFFSETS: Readonly<Record<DatePrefix, { days: number; hour: number }>> = {
  shutOffStart: { days: 2, hour: 8 },
  shutoffStart: { days: 2, hour: 8 },
  allClear: { days: 3, hour: 14 },
  shutOffEnd: { days: 3, hour: 20 },
  shutoffEnd: { days: 3, hour: 20 },
  etor: { days: 4, hour: 10 },
};

const MONTHS_ENGLISH = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;
const WEEKDAYS_ENGLISH = [
  'Sunday',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
] as const;

const pad2 = (value: number): string => String(value).padStart(2, '0');

function ordinalSuffix(day: number): string {
  if (day % 100 >= 11 && day % 100 <= 13) return 'th';
  return day % 10 === 1 ? 'st' : day % 10 === 2 ? 'nd' : day % 10 === 3 ? 'rd' : 'th';
}

function hour12(hour: number): string {
  return `${hour % 12 === 0 ? 12 : hour % 12} ${hour < 12 ? 'AM' : 'PM'}`;
}

/** MM/DD/YYYY */
function usDate(date: Date): string {
  return `${pad2(date.getUTCMonth() + 1)}/${pad2(date.getUTCDate())}/${date.getUTCFullYear()}`;
}

/** MM/DD/YYYY h:mm AM */
function usDateTime(date: Date): string {
  const hour = date.getUTCHours();
  const time = `${hour % 12 === 0 ? 12 : hour % 12}:${pad2(date.getUTCMinutes())} ${hour < 12 ? 'AM' : 'PM'}`;
  return `${usDate(date)} ${time}`;
}

/** Language codes the runtime resolves under another name: Tagalog (tl) is given its Filipino (fil) data. */
const SAME_LANGUAGE: Readonly<Record<string, string>> = { tl: 'fil' };

/**
 * A month or weekday name in the template's language, falling back to English where the runtime has no
 * data for that language (Intl quietly resolves an unknown locale to its default, so the resolved language
 * is checked).
 */
function localName(code: string, date: Date, options: Intl.DateTimeFormatOptions, english: string): string {
  try {
    const format = new Intl.DateTimeFormat(code, { ...options, timeZone: 'UTC' });
    const language = code.split('-')[0] ?? '';
    const wanted = SAME_LANGUAGE[language] ?? language;
    const resolved = format.resolvedOptions().locale.split('-')[0];
    return resolved === wanted ? format.format(date) : english;
  } catch {
    return english;
  }
}

/**
 * Sample values are wall-clock times of the event: they are built and read with UTC fields so the same
 * `now` gives the same text on every machine, whatever its time zone.
 */
function dateParts(prefix: DatePrefix, date: Date, code: string): Record<`${DatePrefix}${DatePart}`, string> {
  const day = date.getUTCDate();
  const month = date.getUTCMonth();
  const monthEnglish = MONTHS_ENGLISH[month] ?? '';
  const weekdayEnglish = WEEKDAYS_ENGLISH[date.getUTCDay()] ?? '';
  const parts: Record<DatePart, string> = {
    TimeHour: hour12(date.getUTCHours()),
    Date: usDate(date),
    DateTime: usDateTime(date),
    MonthDayNumber: String(day),
    MonthDayNumberSuffix: ordinalSuffix(day),
    MonthName: localName(code, date, { month: 'long' }, monthEnglish),
    MonthNumber: String(month + 1),
    MonthNameEnglish: monthEnglish,
    WeekDayName: localName(code, date, { weekday: 'long' }, weekdayEnglish),
    WeekDayNameEnglish: weekdayEnglish,
  };
  return Object.fromEntries(
    Object.entries(parts).map(([part, value]) => [`${prefix}${part}`, value]),
  ) as Record<`${DatePrefix}${DatePart}`, string>;
}

/** The wall clock of an instant in `timeZone`, as a Date whose UTC fields read it (what dateParts expects). */
function wallClockIn(at: Date, timeZone: string): Date {
  const [date, time] = formatDateTimeIn(at, timeZone).split(' ');
  return new Date(`${date}T${time}Z`);
}

/**
 * The sample data record that pre-fills a new language (doc 2 §3): one plausible customer of a PSPS event,
 * with every SMS and e-mail variable filled, the event dates a few days after `now`, the language, its
 * locale and the channel filled in, and the contact (notifyByValue) matching the channel. Keys in the order of
 * doc 2 §3 (the operator reads them in the data field): all-clear, shut-off start, shut-off end and etor parts
 * after adhoc2; c1c2_vch, an e-mail variable §3 does not list, just before meterNumber. `now_date`,
 * `now_dateTime` and the event days are on the clocks of `timeZone` (the console passes the operator's: at 17:00
 * in California, 'now' is not 01:00 the next morning); `now` itself is ISO 8601 UTC.
 */
export function sampleData(
  language: AdhocLanguageName,
  notifyBy: NotifyBy,
  now: Date = new Date(),
  timeZone = 'UTC',
): AdhocSampleData {
  const code = findLanguage(language)?.code ?? 'en';
  const wallNow = wallClockIn(now, timeZone);
  const today = Date.UTC(wallNow.getUTCFullYear(), wallNow.getUTCMonth(), wallNow.getUTCDate());
  const eventDates = Object.fromEntries(
    TEMPLATE_DATE_PREFIXES.map((prefix) => {
      const { days, hour } = EVENT_OFFSETS[prefix];
      return [prefix, dateParts(prefix, new Date(today + days * DAY_MS + hour * 3_600_000), code)];
    }),
  ) as Record<DatePrefix, Record<string, string>>;
  return {
    locale: code,
    notifyBy,
    language,
    datasets_id_bint: 1024,
    customerName: 'Jane Doe',
    messages_id_bint: 5_001_234,
    now: now.toISOString(),
    now_date: usDate(wallNow),
    now_dateTime: usDateTime(wallNow),
    address: '1234 Main St, Santa Rosa, CA 95401',
    adhoc1: 'Community Resource Center: Veterans Memorial Building, 1351 Maple Ave, Santa Rosa',
    adhoc2: 'Updates: https://example.com/psps',
    ...eventDates.allClear,
    ...eventDates.shutOffStart,
    ...eventDates.shutoffStart,
    ...eventDates.shutOffEnd,
    ...eventDates.shutoffEnd,
    ...eventDates.etor,
    c1c2_vch: 'C1',
    meterNumber: '1009876543',
    multiPremiseCount: 2,
    multiPremise: '1234 Main St, Santa Rosa; 1236 Main St, Santa Rosa',
    notifyByValue: notifyBy === 'EML' ? SAMPLE_TESTER_EMAIL : SAMPLE_TESTER_PHONE,
    personId: '0123456789',
    pinCode: '4821',
    premCity: 'Santa Rosa',
    premCounty: 'Sonoma',
    rowNumber: 1,
    saId: '7001234567',
    zipCode: '95401',
    industryClassification: 'Residential',
    serviceDescriptor: 'Electric',
    circuit: 'FULTON 1102',
  };
}
