import { describe, expect, it } from 'vitest';
import { testerContact, toE164 } from './testers.ts';

describe('tester numbers as E.164', () => {
  it('adds +1 to a 10-digit North American number written any common way', () => {
    expect(toE164('(415) 555-0123')).toBe('+14155550123');
    expect(toE164('415.555.0123')).toBe('+14155550123');
    expect(toE164('1 415 555 0123')).toBe('+14155550123');
  });

  it('keeps an international number with its + and country code', () => {
    expect(toE164('+44 20 7946 0958')).toBe('+442079460958');
  });

  it('refuses what cannot be a number', () => {
    for (const bad of ['', '555', 'call me', '+0123456789', '0415550123', '+1234567890123456']) {
      expect(toE164(bad), bad).toBeUndefined();
    }
  });
});

describe('tester contacts', () => {
  it('gives the address or the E.164 number a test goes to', () => {
    expect(testerContact('EML', ' tester@example.com ')).toEqual({ to: 'tester@example.com' });
    expect(testerContact('SMS', '(415) 555-0123')).toEqual({ to: '+14155550123' });
    expect(testerContact('PHON', '+44 20 7946 0958')).toEqual({ to: '+442079460958' });
  });

  it('says what is wrong, naming the field', () => {
    expect(testerContact('EML', '')).toEqual({ problem: 'Enter a tester e-mail address first.' });
    expect(testerContact('PHON', null)).toEqual({ problem: 'Enter a tester voice number first.' });
    expect(testerContact('EML', 'tester@')).toEqual({
      problem: 'The tester e-mail address "tester@" is not a valid address.',
    });
    expect(testerContact('SMS', '555')).toEqual({
      problem:
        'The tester SMS number "555" is not a phone number (use +country code, or 10 digits in North America).',
    });
  });
});
