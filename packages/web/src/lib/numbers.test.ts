import { describe, expect, it } from 'vitest';
import { grouped } from './numbers.ts';

describe('grouped', () => {
  it('writes counts with commas every three digits, whatever the default language', () => {
    expect(grouped(0)).toBe('0');
    expect(grouped(999)).toBe('999');
    expect(grouped(12345)).toBe('12,345');
    expect(grouped(5000000)).toBe('5,000,000');
  });
});
