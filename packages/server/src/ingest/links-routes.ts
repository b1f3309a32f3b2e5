import {
  errorBody,
  INGEST_LINKS_BODY_LIMIT,
  INGEST_MAX_LINKS,
  ingestLinksAnswer,
  ingestLinksBody,
  LINK_CODE_PATTERN,
  linkCodeParams,
} from '@psps/contracts';
import type { AppContext } from '../context.ts';
import { notFound } from '../http/errors.ts';
import { escapeHtml } from '../http/html.ts';
import type { App } from '../http/types.ts';
import { linksService } from './links.ts';

/** Registering tracked links (INGEST) and following them (public: the customer clicks it in an SMS or e-mail). */
export async function linksRoutes(app: App, ctx: AppContext) {
  const links = linksService(ctx.db);

  app.post(
    '/api/v1/ingest/links',
    {
      bodyLimit: INGEST_LINKS_BODY_LIMIT,
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
      // A HEAD request is a program checking the link (a mail scanner, a link preview), never a customer's click.
      const follow = req.method === 'HEAD' ? links.target : links.click;
      const target = LINK_CODE_PATTERN.test(code) ? await follow(code) : null;
      if (!target) {
        // A customer's phone shows a page, not JSON; a program asking for JSON gets the usual error body.
        if (!/\btext\/html\b/.test(req.headers.accept ?? '')) throw notFound(UNKNOWN_LINK);
        return reply
          .code(404)
          .header('cache-control', 'no-store')
          .type('text/html; charset=utf-8')
          .send(unknownLinkPage(ctx.config.utilityAbbreviation));
      }
      // The link is per customer: no caching, and the code does not leak to the target site.
      return reply
        .header('cache-control', 'no-store')
        .header('referrer-policy', 'no-referrer')
        .redirect(headerSafeUrl(target), 302);
    },
  );
}

const UNKNOWN_LINK = 'This link is unknown or no longer valid.';

/** What a customer who follows a mistyped or withdrawn link sees on their phone. */
function unknownLinkPage(utility: string): string {
  const who = escapeHtml(utility);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Link not valid</title>
</head>
<body>
<h1>Link not valid</h1>
<p>${UNKNOWN_LINK} Check that the whole link was copied from the message.</p>
<p>For the latest on power shutoffs in your area, see ${who}'s website or the latest message ${who} sent you.</p>
</body>
</html>
`;
}

/**
 * A stored target as a Location header can carry it: its standard form (registered targets are stored so since
 * the probe session; one stored before, with accents as written, made the click a 500).
 */
function headerSafeUrl(target: string): string {
  try {
    return new URL(target).href;
  } catch {
    return encodeURI(target);
  }
}
