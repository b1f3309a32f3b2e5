import { defineJob } from '../jobs/job.ts';
import { activeDatasets, writeSummarySnapshots } from './summary.ts';

/**
 * Every 10 minutes (doc 1 §9: "updates arrive every 10 minutes"), a summary snapshot for each campaign
 * with activity since its last one. pg-boss runs one slot once however many workers run.
 */
export const summarySnapshotJob = defineJob<Record<string, never>>({
  name: 'summary-snapshots',
  schedule: '*/10 * * * *',
  async handle(_data, ctx) {
    await writeSummarySnapshots(ctx.db, await activeDatasets(ctx.db));
  },
});
