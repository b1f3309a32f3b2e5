import { z } from 'zod';
import { isTimeZone } from './format.ts';

/** The body of every error answer: a stable code and a sentence a person understands. Never a stack trace. */
export const errorBody = z.object({
  error: z.string().describe('stable machine-readable code, e.g. unauthorized, forbidden, bad_request'),
  message: z.string().describe('human-readable explanation'),
  details: z.unknown().optional(),
});
export type ErrorBody = z.infer<typeof errorBody>;

/**
 * The check of a whole number's upper end (2^53 - 1, what JSON numbers hold exactly), saying the range: a number
 * beyond it is a whole number, only too large. It runs before `.int()` (which refuses unsafe integers as not whole)
 * and stops the checks after it.
 */
export const withinSafeRange = (min: 0 | 1) => ({
  message: `is too large: it must be from ${min} to ${Number.MAX_SAFE_INTEGER}`,
  abort: true,
});

/**
 * A whole number given as text in a path or query, read as a number only when it is written in digits: 1e5, 0x10,
 * 1.0 and +8 stay text and are refused (z.coerce read 0x8 as 8). For `z.preprocess`.
 */
export const digitsAsNumber = (v: unknown) =>
  typeof v === 'string' && /^\s*-?\d+\s*$/.test(v) ? Number(v) : v;

/** A positive integer id in a path or query, given as text: digits only; -3 is a whole number but not positive. */
export const idParam = z.preprocess(
  digitsAsNumber,
  z
    .number({ error: 'must be a whole number' })
    .max(Number.MAX_SAFE_INTEGER, withinSafeRange(1))
    .int('must be a whole number')
    .positive('must be a positive number'),
);

/** An IANA time zone the server knows, in a query (`tz`: the console sends the browser's). */
export const timeZoneParam = z
  .string()
  .max(64)
  .refine(isTimeZone, { message: 'is not a time zone this server knows (e.g. America/Los_Angeles)' });
