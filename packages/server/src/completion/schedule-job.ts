import { defineJob } from '../jobs/job.ts';
import { completionService } from './service.ts';

/**
 * Every minute: completion reports for campaigns whose medical-baseline retry time is 30 minutes past
 * (doc 1 §9). pg-boss runs each minute's slot once across workers, and a unique index makes each campaign's
 * report once even if two slots overlap; the schedule lives in the database, so it survives restarts.
 */
export const completionScheduleJob = defineJob<Record<string, never>>({
  name: 'completion-schedule',
  schedule: '* * * * *',
  async handle(_data, ctx) {
    await completionService(ctx).scheduleDue();
  },
});
