import { defineJob } from '../jobs/job.ts';
import { completionService } from './service.ts';

/**
 * Every minute: report jobs abandoned by a worker that died are retried (`recoverAbandoned`), then completion
 * reports for campaigns whose medical-baseline retry time is 30 minutes past (doc 1 §9). pg-boss runs each minute's slot once across workers, and a unique index makes each campaign's
 * report once even if two slots overlap; the schedule lives in the database, so it survives restarts.
 */
export const completionScheduleJob = defineJob<Record<string, never>>({
  name: 'completion-schedule',
  schedule: '* * * * *',
  async handle(_data, ctx) {
    const service = completionService(ctx);
    // First, report jobs whose worker died are given back to the queue (within a minute or two, not at their expiry).
    await service.recoverAbandoned();
    await service.scheduleDue();
  },
});

/** Every hour: report files no report holds (a server stopped while making or recording one) are removed. */
export const reportFilesSweepJob = defineJob<Record<string, never>>({
  name: 'report-files-sweep',
  schedule: '41 * * * *',
  async handle(_data, ctx) {
    await completionService(ctx).sweepStrayFiles();
  },
});
