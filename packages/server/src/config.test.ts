import { describe, expect, it } from 'vitest';
import { loadConfig, parseReachedStatuses } from './config.ts';

describe('REACHED_STATUSES', () => {
  it('defaults to voice answered by a person, SMS delivered, e-mail delivered or opened', () => {
    expect(loadConfig({}).reachedStatuses).toEqual({
      PHON: ['ANSWERED'],
      SMS: ['DELIVERED'],
      EMAIL: ['DELIVERED', 'OPENED'],
    });
  });
  it('overrides the channels it names', () => {
    expect(parseReachedStatuses('PHON=ANSWERED,MACHINE; EMAIL=OPENED')).toEqual({
      PHON: ['ANSWERED', 'MACHINE'],
      SMS: ['DELIVERED'],
      EMAIL: ['OPENED'],
    });
  });
  it('refuses a status of another channel', () => {
    expect(() => parseReachedStatuses('SMS=ANSWERED')).toThrow(/SMS needs statuses among/);
  });
});
