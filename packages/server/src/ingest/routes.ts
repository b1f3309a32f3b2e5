import { errorBody, INGEST_KINDS, INGEST_MAX_BATCH, INGEST_SCHEMAS, ingestAnswer } from '@psps/contracts';
import { z } from 'zod';
import type { AppContext } from '../context.ts';
import { badRequest } from '../http/errors.ts';
import { measureJson, refusingPrototypeKeys, tooManyJsonValues } from '../http/json-size.ts';
import type { App } from '../http/types.ts';
import { countNdjsonRecords, looksLikeNdjson, parseNdjson } from './parse.ts';
import { batchTooLarge, ingestService, MAX_ISSUES_LISTED, rejectBatch } from './service.ts';

/** Room for 10,000 full message records with long addresses. */
const BODY_LIMIT = 64 * 1024 * 1024;
/** Values a batch may hold: 10,000 records of up to 100 fields (a message record has 15). */
const BATCH_VALUES_MAX = INGEST_MAX_BATCH * 100;

const SUMMARIES: Record<(typeof INGEST_KINDS)[number], string> = {
  events: 'Upsert PSPS events',
  datasets:
    'Upsert campaigns (datasets): roots and children, launch / processed / medical-baseline retry times',
  messages: 'Insert or update messages (one per customer contact per channel)',
  statuses: 'Status updates of existing messages',
  clicks: 'Link clicks of existing messages',
};

/** The messaging engine's feed: API key with INGEST; JSON array or NDJSON; atomic batches. */
export async function ingestRoutes(app: App, ctx: AppContext) {
  const service = ingestService(ctx.db);
  await app.register(async (scope) => {
    // Batches are counted before they are read: JSON.parse of 64 MB of tiny records held the server for half a
    // minute, and NDJSON of millions of bad lines ran it out of memory, before the batch limit refused them.
    const jsonParser = refusingPrototypeKeys(scope.getDefaultJsonParser('error', 'error'));
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser(
      'application/json',
      { parseAs: 'string', bodyLimit: BODY_LIMIT },
      (req, body, done) => {
        if (body === '') return done(null, undefined);
        const { items, values } = measureJson(body as string);
        if (items !== undefined && items > INGEST_MAX_BATCH) return done(batchTooLarge(items));
        if (values > BATCH_VALUES_MAX) return done(tooManyJsonValues(BATCH_VALUES_MAX));
        jsonParser(req, body as string, (err, parsed) => {
          // NDJSON sent under the JSON content type (an HTTP library's default) is not broken JSON: said so.
          if (err && looksLikeNdjson(body as string)) done(ndjsonSentAsJson(), undefined);
          else done(err, parsed);
        });
      },
    );
    scope.addContentTypeParser(
      ['application/x-ndjson', 'application/ndjson'],
      { parseAs: 'string', bodyLimit: BODY_LIMIT },
      (_req, body, done) => {
        const lines = countNdjsonRecords(body as string);
        if (lines > INGEST_MAX_BATCH) return done(batchTooLarge(lines));
        if (measureJson(body as string).values > BATCH_VALUES_MAX) {
          return done(tooManyJsonValues(BATCH_VALUES_MAX));
        }
        const { records, issues } = parseNdjson(body as string);
        if (issues.length) {
          try {
            rejectBatch(issues);
          } catch (err) {
            done(err as Error, undefined);
            return;
          }
        }
        done(null, records);
      },
    );
    for (const kind of INGEST_KINDS) {
      scope.post(
        `/api/v1/ingest/${kind}`,
        {
          bodyLimit: BODY_LIMIT,
          validatorCompiler: () => (body) => ({ value: body }),
          config: { access: 'INGEST' },
          schema: {
            tags: ['ingest'],
            consumes: ['application/json', 'application/x-ndjson'],
            summary: `${SUMMARIES[kind]}. Batches of up to ${INGEST_MAX_BATCH} records, JSON array or NDJSON.`,
            description:
              'A JSON array of records (application/json) or one record a line (application/x-ndjson), at most ' +
              `${BODY_LIMIT / (1024 * 1024)} MB. A batch is stored whole or not at all: a 400 lists the bad records ` +
              `as {index, field, reason} (the first ${MAX_ISSUES_LISTED.toLocaleString('en-US')}; its message ` +
              'counts them all). A field not listed here is ignored, not refused: check the names of optional ' +
              'fields (a misspelt medbaseRetry_dt is never stored). Sending a batch again is safe (a message or ' +
              'status already stored is counted as ignored): after a 503 (nothing was written), send the same ' +
              'batch again once the Retry-After seconds have passed; after a 4xx, sending it again changes nothing.',
            // The records as the API documentation shows them; the service checks them (below), naming every bad
            // record's index and field, where the schema's check would stop at the first.
            body: z.array(INGEST_SCHEMAS[kind]).max(INGEST_MAX_BATCH),
            // 400: a rejected batch's details are [{index, field, reason}] (ingestRejectedAnswer).
            response: { 200: ingestAnswer, 400: errorBody },
          },
        },
        async (req) => {
          if (!Array.isArray(req.body)) {
            throw badRequest('The body must be a JSON array of records, or NDJSON (application/x-ndjson).', [
              { index: 0, field: 'record', reason: 'the body is not an array of records' },
            ]);
          }
          return service.ingest(kind, req.body);
        },
      );
    }
  });
}

const ndjsonSentAsJson = () =>
  badRequest(
    'The request body is NDJSON (one record a line) sent as application/json: send it with Content-Type: application/x-ndjson, or as a JSON array.',
  );
