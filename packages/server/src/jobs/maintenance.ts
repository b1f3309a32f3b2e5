import { defineJob } from './job.ts';

/** Forgets ended sessions and stale login-throttle counters so those tables stay small. */
export const authCleanupJob = defineJob<Record<string, never>>({
  name: 'auth-cleanup',
  schedule: '17 * * * *',
  async handle(_data, ctx) {
    await ctx.db.query(
      `DELETE FROM sessions WHERE expires_at < now() - interval '1 day'
          OR revoked_at < now() - interval '1 day'
          OR last_seen_at < now() - interval '2 days'`,
    );
    await ctx.db.query(`DELETE FROM login_attempts WHERE window_start < now() - interval '1 day'`);
  },
});
