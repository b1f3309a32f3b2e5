import { describe, expect, it } from 'vitest';
import { hashPasswordForLogin, publicConfig } from './auth.ts';

describe('password hash sent at login (DESIGN.md §5)', () => {
  it('is the lowercase hex SHA-256 of the password', () => {
    expect(hashPasswordForLogin('abc')).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
  });
  it('hashes the UTF-8 bytes of non-ASCII passwords', () => {
    expect(hashPasswordForLogin('pässword')).toBe(
      '3478267b5612791b40988906b3a7897eb6ab501e04b95ed32f99d0afdf669d9c',
    );
  });
});

describe('the configuration the console keeps (GET /api/v1/config)', () => {
  it('reads one stored before libraryYearPrefix existed with the default prefix 2019', () => {
    const stored = {
      utilityAbbreviation: 'PG&E',
      providerName: 'Provider',
      providerUrl: 'https://provider.test',
      emailFromAddress: 'psps@utility.test',
      permissions: ['REPORTING'],
    };
    expect(publicConfig.parse(stored).libraryYearPrefix).toBe('2019');
    expect(publicConfig.parse({ ...stored, libraryYearPrefix: '2024' }).libraryYearPrefix).toBe('2024');
  });
});
