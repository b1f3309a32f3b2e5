import type { NotifyBy } from './channels.ts';

/** SMS variables, written ^name^ in a template (doc 2 §2.5), in the specification's order. Voice uses them too. */
export const SMS_VARIABLES = [
  'customerName',
  'messages_id_bint',
  'address',
  'allClearDateTime',
  'etorDateTime',
  'multiPremiseCount',
  'multiPremise',
  'pinCode',
  'shutOffEndDateTime',
  'shutOffStartDateTime',
  'now_dateTime',
  'industryClassification',
  'serviceDescriptor',
  'circuit',
  'locale',
] as const;

export const VOICE_VARIABLES = SMS_VARIABLES;

/**
 * The parts of a date variable. The all-clear list of doc 2 §2.6 names them all and in this order; the etor
 * list names the same ten ('Suffix' there is MonthDayNumberSuffix, as for all-clear) in its own order.
 * The shut-off date "date, time, weekday and month parts" are left unnamed by the specification: they get
 * the same ten parts in the all-clear order, so every event date offers the same choices.
 */
const ALL_CLEAR_PARTS = [
  'TimeHour',
  'Date',
  'DateTime',
  'MonthDayNumber',
  'MonthDayNumberSuffix',
  'MonthName',
  'MonthNumber',
  'MonthNameEnglish',
  'WeekDayName',
  'WeekDayNameEnglish',
] as const;
const ETOR_PARTS = [
  'Date',
  'DateTime',
  'MonthDayNumber',
  'MonthDayNumberSuffix',
  'MonthNumber',
  'MonthName',
  'MonthNameEnglish',
  'TimeHour',
  'WeekDayName',
  'WeekDayNameEnglish',
] as const;

export const TEMPLATE_DATE_PARTS = ALL_CLEAR_PARTS;
export type DatePart = (typeof TEMPLATE_DATE_PARTS)[number];

/**
 * The shut-off prefixes. The specification lists both spellings (shutOffEnd/shutoffEnd, shutOffStart/
 * shutoffStart); templates written with either keep working, so both are offered and filled.
 */
export const SHUTOFF_PREFIXES = ['shutOffEnd', 'shutoffEnd', 'shutOffStart', 'shutoffStart'] as const;
export const TEMPLATE_DATE_PREFIXES = ['allClear', 'etor', ...SHUTOFF_PREFIXES] as const;
export type DatePrefix = (typeof TEMPLATE_DATE_PREFIXES)[number];

function withParts<P extends string, S extends string>(prefix: P, parts: readonly S[]): `${P}${S}`[] {
  return parts.map((part) => `${prefix}${part}` as `${P}${S}`);
}

/**
 * E-mail variables, written {{{name}}} in a template (doc 2 §2.6), in the specification's order with the
 * date groups expanded: allClear (10 parts), etor (10 parts), then shutOffEnd, shutoffEnd, shutOffStart,
 * shutoffStart (10 parts each). 87 names in all.
 */
export const EMAIL_VARIABLES = [
  'locale',
  'notifyBy',
  'language',
  'datasets_id_bint',
  'customerName',
  'messages_id_bint',
  'now',
  'now_dateTime',
  'now_date',
  'address',
  'adhoc1',
  'adhoc2',
  ...withParts('allClear', ALL_CLEAR_PARTS),
  'c1c2_vch',
  ...withParts('etor', ETOR_PARTS),
  'meterNumber',
  'multiPremiseCount',
  'multiPremise',
  'notifyByValue',
  'personId',
  'pinCode',
  'premCity',
  'premCounty',
  'rowNumber',
  'saId',
  ...SHUTOFF_PREFIXES.flatMap((prefix) => withParts(prefix, ALL_CLEAR_PARTS)),
  'zipCode',
  'industryClassification',
  'serviceDescriptor',
  'circuit',
] as const;

export function variablesFor(notifyBy: NotifyBy): readonly string[] {
  return notifyBy === 'EML' ? EMAIL_VARIABLES : SMS_VARIABLES;
}

/** How a variable is written in a template of the channel: ^name^ for voice and SMS, {{{name}}} for e-mail. */
export function variableToken(name: string, notifyBy: NotifyBy): string {
  return notifyBy === 'EML' ? `{{{${name}}}}` : `^${name}^`;
}
