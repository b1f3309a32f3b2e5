import { defineJob } from '../jobs/job.ts';
import { completionService, type ReportJobData, TRANSFER_JOB } from './service.ts';

/**
 * One transfer attempt of a report file. Retries (FILE_TRANSFER_RETRY_LIMIT, with exponential backoff from
 * FILE_TRANSFER_RETRY_DELAY_SECONDS) are set when the job is sent, so they follow the configuration.
 */
export const reportTransferJob = defineJob<ReportJobData>({
  name: TRANSFER_JOB,
  async handle(data, ctx, run) {
    await completionService(ctx).transfer(data, run);
  },
});
