import { z } from 'zod';

/** The body of every error answer: a stable code and a sentence a person understands. Never a stack trace. */
export const errorBody = z.object({
  error: z.string().describe('stable machine-readable code, e.g. unauthorized, forbidden, bad_request'),
  message: z.string().describe('human-readable explanation'),
  details: z.unknown().optional(),
});
export type ErrorBody = z.infer<typeof errorBody>;

/** A positive integer id in a path or query, given as text. */
export const idParam = z.coerce
  .number({ error: 'must be a number' })
  .int('must be a whole number')
  .positive('must be a positive number')
  .max(Number.MAX_SAFE_INTEGER, 'is too large');
