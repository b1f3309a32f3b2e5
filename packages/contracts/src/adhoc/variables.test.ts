import { describe, expect, it } from 'vitest';
import { EMAIL_VARIABLES, SMS_VARIABLES, VOICE_VARIABLES, variablesFor, variableToken } from './variables.ts';

describe('template variables (doc 2 §2.5, §2.6)', () => {
  it('lists the 15 SMS caret variables in the order of the specification', () => {
    expect(SMS_VARIABLES).toEqual([
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
    ]);
  });

  it('gives voice the SMS list', () => {
    expect(VOICE_VARIABLES).toBe(SMS_VARIABLES);
    expect(variablesFor('PHON')).toBe(SMS_VARIABLES);
    expect(variablesFor('EML')).toBe(EMAIL_VARIABLES);
  });

  it('expands the e-mail list to 87 distinct names, keeping the order of the specification', () => {
    expect(EMAIL_VARIABLES).toHaveLength(87);
    expect(new Set(EMAIL_VARIABLES).size).toBe(87);
    expect(EMAIL_VARIABLES.slice(0, 14)).toEqual([
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
      'allClearTimeHour',
      'allClearDate',
    ]);
    expect(EMAIL_VARIABLES.slice(20, 34)).toEqual([
      'allClearWeekDayName',
      'allClearWeekDayNameEnglish',
      'c1c2_vch',
      'etorDate',
      'etorDateTime',
      'etorMonthDayNumber',
      'etorMonthDayNumberSuffix',
      'etorMonthNumber',
      'etorMonthName',
      'etorMonthNameEnglish',
      'etorTimeHour',
      'etorWeekDayName',
      'etorWeekDayNameEnglish',
      'meterNumber',
    ]);
    expect(EMAIL_VARIABLES.slice(-5)).toEqual([
      'shutoffStartWeekDayNameEnglish',
      'zipCode',
      'industryClassification',
      'serviceDescriptor',
      'circuit',
    ]);
  });

  it('offers both spellings of the shut-off dates, so templates written with either render', () => {
    for (const name of [
      'shutOffEndDateTime',
      'shutoffEndDateTime',
      'shutOffStartDate',
      'shutoffStartTimeHour',
    ]) {
      expect(EMAIL_VARIABLES).toContain(name);
    }
  });

  it('contains every SMS variable in the e-mail list too', () => {
    for (const name of SMS_VARIABLES) expect(EMAIL_VARIABLES).toContain(name);
  });

  it('writes variables between carets for voice and SMS and between triple braces for e-mail', () => {
    expect(variableToken('customerName', 'SMS')).toBe('^customerName^');
    expect(variableToken('customerName', 'PHON')).toBe('^customerName^');
    expect(variableToken('customerName', 'EML')).toBe('{{{customerName}}}');
  });
});
