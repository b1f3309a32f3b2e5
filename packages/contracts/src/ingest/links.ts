import { z } from 'zod';
import { ingestIdSchema } from './schemas.ts';

/**
 * POST /api/v1/ingest/links (API key with INGEST): registers tracked links, JSON array of at most
 * INGEST_MAX_LINKS records. `GET /l/{code}` then records a click on the message (first click kept, every
 * click counted) and redirects (302) to target_url. Registering a code again with the same message and
 * URL changes nothing; a code already bound to another message or URL is rejected (400, nothing written).
 */
export const INGEST_MAX_LINKS = 10_000;
/**
 * The largest body of links taken: room for INGEST_MAX_LINKS links at the longest code and URL (about 21 MB as
 * JSON), which the 20 MB every other call takes refused, and for URLs written with escapes.
 */
export const INGEST_LINKS_BODY_LIMIT = 32 * 1024 * 1024;
/** Link codes: 6 to 64 URL-safe characters, so they fit an SMS and cannot be guessed from message ids. */
export const LINK_CODE_PATTERN = /^[A-Za-z0-9_-]{6,64}$/;

export const ingestLinkSchema = z.object({
  code: z.string().regex(LINK_CODE_PATTERN, 'must be 6 to 64 letters, digits, - or _'),
  // As the feed's records take it: a number, or a string of digits (refused with 'must be a number' before).
  message_id_bint: ingestIdSchema(),
  // Kept as the URL's standard form (normalize): accents and other scripts %-encoded, a domain in punycode. Sent
  // as written, a Location header holding 'apagón' was refused by Node, and the customer's click was a 500.
  target_url: z
    .url({ protocol: /^https?$/, normalize: true, error: 'must be an http:// or https:// URL' })
    .max(2000, 'must be at most 2000 characters'),
});
export type IngestLink = z.input<typeof ingestLinkSchema>;

export const ingestLinksBody = z.array(ingestLinkSchema).max(INGEST_MAX_LINKS);

/** 200 answer: links received; inserted (new codes); ignored (already registered identically). */
export const ingestLinksAnswer = z.object({
  received: z.number().int().nonnegative(),
  inserted: z.number().int().nonnegative(),
  ignored: z.number().int().nonnegative(),
});
export type IngestLinksAnswer = z.infer<typeof ingestLinksAnswer>;

export const linkCodeParams = z.object({ code: z.string().min(1).max(200) });
