import { describe, expect, it } from 'vitest';
import { renderCaret, renderTripleBrace } from './render.ts';
import { SAMPLE_TESTER_EMAIL, sampleData } from './sample-data.ts';
import { EMAIL_VARIABLES, SMS_VARIABLES, variableToken } from './variables.ts';

const NOW = new Date('2026-11-21T12:30:00Z'); // a Saturday

describe('sample data pre-filling a new language (doc 2 §3)', () => {
  it('fills in the language, its locale and the channel', () => {
    const data = sampleData('spanish', 'SMS', NOW);
    expect(data.language).toBe('spanish');
    expect(data.locale).toBe('es');
    expect(data.notifyBy).toBe('SMS');
    expect(sampleData('punjabi', 'PHON', NOW).locale).toBe('pa-in');
  });

  it('has a value for every SMS and every e-mail variable', () => {
    const data = sampleData('english', 'EML', NOW);
    for (const name of [...SMS_VARIABLES, ...EMAIL_VARIABLES]) expect(data[name], name).toBeDefined();
  });

  it('lists its fields in the order of doc 2 §3, as the data field shows them', () => {
    const parts = (prefix: string) =>
      [
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
      ].map((part) => `${prefix}${part}`);
    expect(Object.keys(sampleData('english', 'EML', NOW))).toEqual([
      'locale',
      'notifyBy',
      'language',
      'datasets_id_bint',
      'customerName',
      'messages_id_bint',
      'now',
      'now_date',
      'now_dateTime',
      'address',
      'adhoc1',
      'adhoc2',
      ...parts('allClear'),
      ...parts('shutOffStart'),
      ...parts('shutoffStart'),
      ...parts('shutOffEnd'),
      ...parts('shutoffEnd'),
      ...parts('etor'),
      'c1c2_vch',
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
      'zipCode',
      'industryClassification',
      'serviceDescriptor',
      'circuit',
    ]);
    const opening = JSON.stringify(sampleData('english', 'SMS', NOW), null, 2)
      .split('\n')
      .slice(12, 14);
    expect(opening).toEqual([
      '  "adhoc2": "Updates: https://example.com/psps",',
      '  "allClearTimeHour": "2 PM",',
    ]);
  });

  it('describes a plausible customer', () => {
    const data = sampleData('english', 'SMS', NOW);
    expect(data.customerName).toBe('Jane Doe');
    expect(data.now).toBe('2026-11-21T12:30:00.000Z');
    expect(data.now_date).toBe('11/21/2026');
    expect(data.now_dateTime).toBe('11/21/2026 12:30 PM');
    expect(data.premCity).toBe('Santa Rosa');
    expect(data.multiPremiseCount).toBe(2);
  });

  it("reads 'now' and the event days on the operator's clocks when given their zone", () => {
    // 01:30 UTC on 22 November is 17:30 on Saturday 21 November in California.
    const evening = new Date('2026-11-22T01:30:00Z');
    const data = sampleData('english', 'SMS', evening, 'America/Los_Angeles');
    expect(data.now).toBe('2026-11-22T01:30:00.000Z');
    expect(data.now_date).toBe('11/21/2026');
    expect(data.now_dateTime).toBe('11/21/2026 5:30 PM');
    expect(data.shutOffStartDateTime).toBe('11/23/2026 8:00 AM');
    // The night summer time ends: 09:30 UTC is 01:30 PST.
    expect(
      sampleData('english', 'SMS', new Date('2026-11-01T09:30:00Z'), 'America/Los_Angeles').now_dateTime,
    ).toBe('11/01/2026 1:30 AM');
    // Without a zone, UTC as before.
    expect(sampleData('english', 'SMS', evening).now_dateTime).toBe('11/22/2026 1:30 AM');
  });

  it('puts the shut-off two days ahead, the all-clear and the end of the window the day after, and restoration last', () => {
    const data = sampleData('english', 'SMS', NOW);
    expect(data.shutOffStartDateTime).toBe('11/23/2026 8:00 AM');
    expect(data.allClearDateTime).toBe('11/24/2026 2:00 PM');
    expect(data.shutOffEndDateTime).toBe('11/24/2026 8:00 PM');
    expect(data.etorDateTime).toBe('11/25/2026 10:00 AM');
  });

  it('splits each date into its parts, in English and in the template language', () => {
    const english = sampleData('english', 'EML', NOW);
    expect(english.shutOffStartTimeHour).toBe('8 AM');
    expect(english.shutOffStartDate).toBe('11/23/2026');
    expect(english.shutOffStartMonthDayNumber).toBe('23');
    expect(english.shutOffStartMonthDayNumberSuffix).toBe('rd');
    expect(english.shutOffStartMonthNumber).toBe('11');
    expect(english.shutOffStartMonthName).toBe('November');
    expect(english.shutOffStartWeekDayName).toBe('Monday');
    expect(english.shutoffStartWeekDayName).toBe('Monday');
    const spanish = sampleData('spanish', 'EML', NOW);
    expect(spanish.shutOffStartMonthName).toBe('noviembre');
    expect(spanish.shutOffStartMonthNameEnglish).toBe('November');
    expect(spanish.etorWeekDayName).toBe('miércoles');
    expect(spanish.etorWeekDayNameEnglish).toBe('Wednesday');
  });

  it('names the month and weekday in Tagalog too (tl-ph, which the runtime knows as Filipino, fil)', () => {
    const tagalog = sampleData('tagalog', 'SMS', NOW);
    expect(tagalog.shutOffStartMonthName).toBe('Nobyembre');
    expect(tagalog.shutOffStartWeekDayName).toBe('Lunes');
    expect(tagalog.shutOffStartMonthNameEnglish).toBe('November');
  });

  it('writes the ordinal suffix of the day: 1st, 2nd, 3rd, 4th, 11th, 12th, 13th, 21st, 22nd, 23rd', () => {
    // The shut-off starts two days after "now"; each row is [now, shut-off day, suffix].
    const rows: [string, string, string][] = [
      ['2026-05-30', '1', 'st'],
      ['2026-05-31', '2', 'nd'],
      ['2026-06-01', '3', 'rd'],
      ['2026-06-02', '4', 'th'],
      ['2026-06-09', '11', 'th'],
      ['2026-06-10', '12', 'th'],
      ['2026-06-11', '13', 'th'],
      ['2026-06-19', '21', 'st'],
      ['2026-06-20', '22', 'nd'],
      ['2026-06-21', '23', 'rd'],
    ];
    for (const [now, day, suffix] of rows) {
      const data = sampleData('english', 'SMS', new Date(`${now}T09:00:00Z`));
      expect([data.shutOffStartMonthDayNumber, data.shutOffStartMonthDayNumberSuffix]).toEqual([day, suffix]);
    }
  });

  it('addresses the sample contact by the channel: a phone for voice and SMS, the tester e-mail for e-mail', () => {
    expect(sampleData('english', 'EML', NOW).notifyByValue).toBe(SAMPLE_TESTER_EMAIL);
    expect(sampleData('english', 'SMS', NOW).notifyByValue).toBe('+14155550123');
    expect(sampleData('english', 'PHON', NOW).notifyByValue).toBe('+14155550123');
  });

  it('gives a month name for every language, the English one where the runtime has no data for it', () => {
    for (const language of ['hmong', 'khmer', 'tagalog', 'punjabi'] as const) {
      expect(String(sampleData(language, 'SMS', NOW).shutOffStartMonthName).length).toBeGreaterThan(0);
    }
  });

  it('renders a template using every variable of its channel with no variable left over', () => {
    const sms = sampleData('english', 'SMS', NOW);
    expect(renderCaret(SMS_VARIABLES.map((name) => variableToken(name, 'SMS')).join(' '), sms)).not.toContain(
      '^',
    );
    const email = sampleData('english', 'EML', NOW);
    expect(
      renderTripleBrace(EMAIL_VARIABLES.map((name) => variableToken(name, 'EML')).join(' '), email),
    ).not.toContain('{');
  });
});
