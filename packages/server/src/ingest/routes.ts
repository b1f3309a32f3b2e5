import { errorBody, INGEST_KINDS, INGEST_MAX_BATCH, ingestAnswer } from '@psps/contracts';
import { z } from 'zod';
import type { AppContext } from '../context.ts';
import { badRequest } from '../http/errors.ts';
import type { App } from '../http/types.ts';
import { parseNdjson } from './parse.ts';
import { ingestService, rejectBatch } from './service.ts';

/** Room for 10,000 full message records with long addresses. */
const BODY_LIMIT = 64 * 1024 * 1024;

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
    scope.addContentTypeParser(
      ['application/x-ndjson', 'application/ndjson'],
      { parseAs: 'string', bodyLimit: BODY_LIMIT },
      (_req, body, done) => {
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
          config: { access: 'INGEST' },
          schema: {
            tags: ['ingest'],
            summary: `${SUMMARIES[kind]}. Batches of up to ${INGEST_MAX_BATCH} records, JSON array or NDJSON.`,
            body: z.unknown(),
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
