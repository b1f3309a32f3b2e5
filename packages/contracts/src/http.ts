import { z } from 'zod';
import { isTimeZone } from './format.ts';

/** The body of every error answer: a stable code and a sentence a person understands. Never a stack trace. */
export const errorBody = z.object({
  error: z.string().describe('stable machine-readable code, e.g. unauthorized, forbidden, bad_request'),
  message: z.string().describe('human-readable explanation'),
  details: z.unknown().optional(),
});
export type ErrorBody = z.infer<typeof errorBody>;

/** A positive integer id in a path or query, given as text: digits only (no 1e5, 0x10 or 1.0); -3 is a whole number but not positive. */
export const idParam = z.preprocess(
  (v) => (typeof v === 'string' && /^\s*-?\d+\s*$/.test(v) ? Number(v) : v),
  z
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .positive('must be a positive number')
    .max(Number.MAX_SAFE_INTEGER, 'is too large'),
);

/** An IANA time zone the server knows, in a query (`tz`: the console sends the browser's). */
export const timeZoneParam = z
  .string()
  .max(64)
  .refine(isTimeZone, { message: 'tz is not a time zone this server knows (e.g. America/Los_Angeles)' });
