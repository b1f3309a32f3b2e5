import { defineJob } from '../jobs/job.ts';
import { completionService, GENERATE_JOB, type ReportJobData } from './service.ts';

/** Writes one report file (any kind) from a server-side cursor, then enqueues its transfer. */
export const reportGenerateJob = defineJob<ReportJobData>({
  name: GENERATE_JOB,
  async handle(data, ctx, run) {
    await completionService(ctx).generate(data, run);
  },
});
