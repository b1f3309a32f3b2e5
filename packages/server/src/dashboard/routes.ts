import { dashboardAnswer, dashboardQuery } from '@psps/contracts';
import type { AppContext } from '../context.ts';
import type { App } from '../http/types.ts';
import { dashboardService } from './service.ts';

export async function dashboardRoutes(app: App, ctx: AppContext) {
  const dashboard = dashboardService(ctx.db);
  app.get(
    '/api/v1/dashboard',
    {
      // Doc 1 §2: the dashboard needs no permission; the Messages card is hidden without OBJECT_ONE.
      config: { access: 'signed-in' },
      schema: {
        tags: ['dashboard'],
        summary:
          "Today's message counts: all, voice, SMS, e-mail; today in `tz` if given (e.g. America/Los_Angeles)",
        querystring: dashboardQuery,
        response: { 200: dashboardAnswer },
      },
    },
    async (req) => {
      const counts = await dashboard.today(new Date(), req.query.tz);
      // The Messages count is for OBJECT_ONE holders only: the server withholds it, not just the screen.
      const mayAll = req.auth?.kind === 'session' && req.auth.permissions.includes('OBJECT_ONE');
      return mayAll ? counts : { ...counts, all: null };
    },
  );
}
