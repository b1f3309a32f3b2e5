import { healthAnswer } from '@psps/contracts';
import type { AppContext } from '../context.ts';
import type { App } from '../http/types.ts';

export async function healthRoutes(app: App, ctx: AppContext) {
  app.get(
    '/healthz',
    { config: { access: 'public' }, schema: { tags: ['health'], response: { 200: healthAnswer } } },
    async () => ({ status: 'ok' as const }),
  );
  app.get(
    '/readyz',
    {
      config: { access: 'public' },
      schema: { tags: ['health'], response: { 200: healthAnswer, 503: healthAnswer } },
    },
    async (_req, reply) => {
      try {
        await ctx.db.query('SELECT 1');
        return { status: 'ok' as const };
      } catch {
        return reply.code(503).send({ status: 'unavailable' as const });
      }
    },
  );
}
