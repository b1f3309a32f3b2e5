import type { Permission } from '@psps/contracts';
import type pino from 'pino';
import { seedAdhocDemo } from '../adhoc/demo.ts';
import { clientHashOf } from '../auth/passwords.ts';
import { userService } from '../auth/users.ts';
import { completionScheduleJob } from '../completion/schedule-job.ts';
import type { AppContext } from '../context.ts';
import { reportsDemo } from '../reports/demo.ts';
import { seedSuppressionDemo } from '../suppression/demo.ts';

/** The demo users of DESIGN.md §6. */
export const DEMO_USERS: { email: string; password: string; fullname: string; permissions: Permission[] }[] =
  [
    {
      email: 'operator@example.com',
      password: 'operator-demo',
      fullname: 'Olivia Operator',
      permissions: ['REPORTING', 'SUPPRESSION', 'SETTINGS', 'MB_INTERNAL_PERMISSION', 'OBJECT_ONE'],
    },
    {
      email: 'viewer@example.com',
      password: 'viewer-demo',
      fullname: 'Victor Viewer',
      permissions: ['REPORTING'],
    },
    {
      email: 'suppress@example.com',
      password: 'suppress-demo',
      fullname: 'Sam Suppression',
      permissions: ['SUPPRESSION'],
    },
  ];

/**
 * A feature's demo data: seeds once (it must check whether its data exists) and may return a
 * stop function for something it keeps running, like the live simulator.
 */
export type DemoSeeder = (ctx: AppContext, log: pino.Logger) => Promise<(() => Promise<void>) | undefined>;

const SEEDERS: DemoSeeder[] = [reportsDemo, seedAdhocDemo, seedSuppressionDemo];

/** Seeds what is missing; safe to run at every start. Returns a function stopping what it started. */
export async function seedDemo(ctx: AppContext, log: pino.Logger): Promise<() => Promise<void>> {
  const users = userService(ctx.db);
  for (const u of DEMO_USERS) {
    await users.add({
      email: u.email,
      fullname: u.fullname,
      clientHash: clientHashOf(u.password),
      permissions: u.permissions,
    });
  }
  const stops: (() => Promise<void>)[] = [];
  for (const seed of SEEDERS) {
    const stop = await seed(ctx, log);
    if (stop) stops.push(stop);
  }
  // The seeded campaigns' completion reports are due already: made now rather than at the schedule's next minute,
  // so that a fresh demo's Completion screen is not empty for its first minute.
  await ctx.boss.send(completionScheduleJob.name, {});
  return async () => {
    for (const stop of stops) await stop();
  };
}
