import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import './validation.ts';

const reason = (schema: z.ZodType, input: unknown) => schema.safeParse(input).error?.issues[0]?.message;

describe('plain words for the built-in checks', () => {
  it('says what a value must be', () => {
    expect(reason(z.number().int().max(Number.MAX_SAFE_INTEGER), 1e20)).toBe('is too large');
    expect(reason(z.number().max(3), 4)).toBe('must be at most 3');
    expect(reason(z.number().int().positive(), -1e308)).toBe('is too small');
    expect(reason(z.object({ a: z.string() }), {})).toBe('is required');
    expect(reason(z.string(), 5)).toBe('must be text');
    expect(reason(z.string().min(1), '')).toBe('must not be empty');
    expect(reason(z.string().max(10), 'x'.repeat(11))).toBe('must be at most 10 characters long');
    expect(reason(z.enum(['PHON', 'SMS', 'EML']), 'FAX')).toBe('must be one of: PHON, SMS, EML');
    expect(reason(z.email(), 'nope')).toBe('must be an e-mail address');
  });

  it("keeps a schema's own message", () => {
    expect(reason(z.number().max(3, 'at most three retries'), 4)).toBe('at most three retries');
  });
});
