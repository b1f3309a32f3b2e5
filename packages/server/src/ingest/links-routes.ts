import {
  errorBody,
  INGEST_MAX_LINKS,
  ingestLinksAnswer,
  ingestLinksBody,
  LINK_CODE_PATTERN,
  linkCodeParams,
} from '@psps/contracts';
import type { AppContext } from '../context.ts';
import { notFound } from '../http/errors.ts';
import type { App } from '../http/types.ts';
import { linksService } from './links.ts';

/** Registering tracked links (INGEST) and following them (public: the customer clicks it in an SMS or e-mail). */
export async function linksRoutes(app: App, ctx: AppContext) {
  const links = linksService(ctx.db);

  app.post(
    '/api/v1/ingest/links',
    {
      config: { access: 'INGEST' },
      schema: {
        tags: ['ingest'],
        summary: `Register tracked links for GET /l/{code} (JSON array, at most ${INGEST_MAX_LINKS})`,
        body: ingestLinksBody,
        response: { 200: ingestLinksAnswer, 400: errorBody },
      },
    },
    (req) => links.register(req.body),
  );

  app.get(
    '/l/:code',
    {
      config: { access: 'public' },
      schema: {
        tags: ['ingest'],
        summary: 'Follow a tracked link: records the click, then redirects (302) to its target',
        params: linkCodeParams,
      },
    },
    async (req, reply) => {
      const { code } = req.params;
      const target = LINK_CODE_PATTERN.test(code) ? await links.click(code) : null;
      if (!target) throw notFound('This link is unknown or no longer valid.');
      // The link is per customer: no caching, and the code does not leak to the target site.
      return reply
        .header('cache-control', 'no-store')
        .header('referrer-policy', 'no-referrer')
        .redirect(target, 302);
    },
  );
}
