import { LAUNCHER_PATHS, launcherCampaignsAnswer } from '@psps/contracts';
import type { AppContext } from '../context.ts';
import { GROWING_ANSWER } from '../http/compression.ts';
import type { App } from '../http/types.ts';
import { launcherService } from './service.ts';

/** The Custom Reports list's rows (the launch calls themselves are completion routes, doc 1 §7). */
export async function launcherRoutes(app: App, ctx: AppContext) {
  const service = launcherService(ctx.db);
  app.get(
    LAUNCHER_PATHS.campaigns,
    {
      ...GROWING_ANSWER,
      config: { access: 'REPORTING' },
      schema: {
        tags: ['launcher'],
        summary: 'Custom Reports list: root campaigns with the last custom report of each kind',
        response: { 200: launcherCampaignsAnswer },
      },
    },
    () => service.campaigns(),
  );
}
