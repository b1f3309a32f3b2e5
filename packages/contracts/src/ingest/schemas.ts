import { z } from 'zod';
import {
  CHANNELS,
  CUSTOMER_CLASSES,
  isChannelStatus,
  MESSAGE_STATUSES,
  notAChannelStatus,
} from '../reports/constants.ts';

/**
 * The ingest feed of the messaging engine (`POST /api/v1/ingest/{kind}`, API key with permission INGEST).
 * A body is a JSON array or NDJSON (`application/x-ndjson`, one record a line) of at most
 * INGEST_MAX_BATCH records of one kind. A batch is atomic: one invalid record rejects it with 400 and
 * `details: [{index, field, reason}]` (index counts from 0, lines of NDJSON too) and nothing is written.
 * Replaying a batch changes nothing; a message update whose status_dt is not newer than the stored one is
 * ignored, so batches may arrive out of order. At the same status_dt the further status wins (a final status over
 * QUEUED, DEFERRED or PENDING; QUEUED or DEFERRED over PENDING), whatever the order of arrival.
 */

export const INGEST_MAX_BATCH = 10_000;
export const INGEST_KINDS = ['events', 'datasets', 'messages', 'statuses', 'clicks'] as const;
export type IngestKind = (typeof INGEST_KINDS)[number];

/**
 * A time with its offset from UTC, as RFC 3339 writes it (ISO 8601 with seconds). A time without one is refused,
 * never guessed: the engine and this server may run in different zones, and in the hour repeated when summer time
 * ends a wall time alone is two instants.
 */
const isoDateTime = z.iso.datetime({
  offset: true,
  error:
    'must be a date and time with seconds and its offset from UTC, such as 2026-11-01T01:30:00-07:00 or 2026-11-01T08:30:00Z',
});
/**
 * A union's or an enum's own error for a value of the wrong type (text that is not digits, `true`, Infinity, a
 * status in lower case): what it must be, instead of zod's 'is not in any of the accepted forms'. A missing value
 * stays 'is required' (a field sent under another name, `status` for `status_vch`, is not an unknown status).
 */
const mustBe = (what: string) => (issue: { input?: unknown }) =>
  issue.input === undefined ? 'is required' : what;
/**
 * A bigint id: a positive safe integer, also accepted as a string of digits (CSV; an engine whose JSON library
 * writes large ids as text), in every record of the feed and in tracked links. One schema per field: an instance
 * used both as it is and `.nullish()` in one record lost its string form in the OpenAPI document (the generator's
 * nullable rewrite changed the JSON the two fields share), which then said campaign ids must be numbers.
 */
export const ingestIdSchema = () =>
  z
    .union(
      [
        z.number(),
        z
          .string()
          .regex(/^[0-9]+$/, 'must be a positive whole number')
          .transform(Number),
      ],
      { error: mustBe('must be a positive whole number') },
    )
    .pipe(
      z
        .number({ error: 'must be a positive whole number' })
        // First, and the last word: beyond 2^53 - 1 a number is also no safe integer, which is not the news.
        .max(Number.MAX_SAFE_INTEGER, { error: 'is too large', abort: true })
        .int('must be a positive whole number')
        .positive('must be a positive whole number'),
    );
const bigId = ingestIdSchema();
const text = (max: number) =>
  z.string().trim().min(1, 'must not be empty').max(max, `must be at most ${max} characters`);
const optionalText = (max: number) =>
  z.string().trim().max(max, `must be at most ${max} characters`).nullish();
const attempts = z
  .union(
    [
      z.number(),
      z
        .string()
        .regex(/^[0-9]+$/, 'must be a whole number')
        .transform(Number),
    ],
    { error: mustBe('must be a whole number from 0 to 1000') },
  )
  .pipe(z.number().int('must be a whole number').min(0, 'must not be negative').max(1000, 'is too large'));

/** An event upsert: the whole record (the engine owns the event). */
export const ingestEventSchema = z.object({
  id_bint: bigId,
  name_vch: text(200),
  begin_dt: isoDateTime,
});
export type IngestEvent = z.input<typeof ingestEventSchema>;

/**
 * A dataset (campaign) upsert. A root campaign has no rootDataset_bint and no customer_class; a child has
 * both, and its root must exist (earlier in the batch or before). Timestamps: a field left out keeps the
 * stored value, null clears it. Setting processed_dt marks the campaign complete (a summary snapshot is
 * written at once). Event, root and class of an existing campaign cannot change.
 */
export const ingestDatasetSchema = z
  .object({
    dataset_id_bint: bigId,
    event_id_bint: bigId,
    rootDataset_bint: ingestIdSchema().nullish(),
    customer_class: z.enum(CUSTOMER_CLASSES).nullish(),
    title_vch: text(255),
    CMD: optionalText(50),
    tag_title_vch: optionalText(255),
    tag_line_vch: optionalText(500),
    created_dt: isoDateTime.optional(),
    launched_dt: isoDateTime.nullish(),
    processed_dt: isoDateTime.nullish(),
    medbaseRetry_dt: isoDateTime.nullish().describe('when the medical-baseline retry logic completes'),
  })
  .superRefine((d, ctx) => {
    const child = d.rootDataset_bint != null;
    if (child && d.customer_class == null) {
      ctx.addIssue({ code: 'custom', path: ['customer_class'], message: 'is required for a child campaign' });
    }
    if (!child && d.customer_class != null) {
      ctx.addIssue({
        code: 'custom',
        path: ['rootDataset_bint'],
        message: 'is required with a customer_class',
      });
    }
    if (child && d.rootDataset_bint === d.dataset_id_bint) {
      ctx.addIssue({
        code: 'custom',
        path: ['rootDataset_bint'],
        message: 'must not be the campaign itself',
      });
    }
  });
export type IngestDataset = z.input<typeof ingestDatasetSchema>;

/**
 * A message: one customer contact over one channel, in a child campaign. Insert or full update; the
 * record is applied only if its status_dt is newer than the stored one. Channel and campaign of an
 * existing message cannot change.
 */
export const ingestMessageSchema = z
  .object({
    id_bint: bigId,
    dataset_id_bint: bigId,
    channel: z.enum(CHANNELS, { error: mustBe(`must be one of ${CHANNELS.join(', ')}`) }),
    person_id_vch: text(64),
    service_agreement_id_vch: text(64),
    premise_id_vch: text(64),
    premise_address_vch: optionalText(500),
    contact_vch: text(320).describe('phone number (voice, SMS) or e-mail address'),
    language_vch: optionalText(40),
    status_vch: z.enum(MESSAGE_STATUSES as [string, ...string[]], { error: mustBe('is not a known status') }),
    status_dt: isoDateTime,
    attempts_int: attempts.default(0),
    created_dt: isoDateTime.optional().describe('when the message was imported; default: now'),
    link_click_dt: isoDateTime.nullish(),
  })
  .superRefine((m, ctx) => {
    if (!isChannelStatus(m.channel, m.status_vch)) {
      ctx.addIssue({ code: 'custom', path: ['status_vch'], message: notAChannelStatus(m.channel) });
    }
  });
export type IngestMessage = z.input<typeof ingestMessageSchema>;

/**
 * A status change of an existing message. Applied only if status_dt is newer than the stored one; the
 * status must belong to the message's channel. attempts_int left out keeps the stored count.
 */
export const ingestStatusSchema = z.object({
  id_bint: bigId,
  status_vch: z.enum(MESSAGE_STATUSES as [string, ...string[]], { error: mustBe('is not a known status') }),
  status_dt: isoDateTime,
  attempts_int: attempts.optional(),
});
export type IngestStatus = z.input<typeof ingestStatusSchema>;

/** A link click in a message (SMS or e-mail). The first click is kept. */
export const ingestClickSchema = z.object({
  id_bint: bigId,
  clicked_dt: isoDateTime,
});
export type IngestClick = z.input<typeof ingestClickSchema>;

export const INGEST_SCHEMAS = {
  events: ingestEventSchema,
  datasets: ingestDatasetSchema,
  messages: ingestMessageSchema,
  statuses: ingestStatusSchema,
  clicks: ingestClickSchema,
} as const satisfies Record<IngestKind, z.ZodType>;

/** One reason a batch was rejected. */
export const ingestIssueSchema = z.object({
  index: z.number().int().nonnegative().describe('position of the record in the batch, from 0'),
  field: z.string().describe('the record field, or "record" for the record as a whole'),
  reason: z.string(),
});
export type IngestIssue = z.infer<typeof ingestIssueSchema>;

/** 400 answer of a rejected batch: nothing was written. */
export const ingestRejectedAnswer = z.object({
  error: z.literal('bad_request'),
  message: z.string(),
  details: z.array(ingestIssueSchema),
});

/**
 * 200 answer: records received; inserted (new); updated (changed); ignored (replays, and updates not newer
 * than the stored record).
 */
export const ingestAnswer = z.object({
  received: z.number().int().nonnegative(),
  inserted: z.number().int().nonnegative(),
  updated: z.number().int().nonnegative(),
  ignored: z.number().int().nonnegative(),
});
export type IngestAnswer = z.infer<typeof ingestAnswer>;
