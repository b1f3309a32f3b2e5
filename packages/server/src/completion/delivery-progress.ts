import type { CompletionReportRow } from '@psps/contracts';
import { QUEUE_SCHEMA } from '../jobs/job.ts';

/** The report jobs, by name: generation, then transfer of the file. */
export const GENERATE_JOB = 'report-generate';
export const TRANSFER_JOB = 'report-transfer';

/**
 * SQL for a report_files row (alias `r`): when the queue runs the next attempt of the row's failed job, null while
 * no retry waits. pg-boss keeps a retried job's id and sets its start_after to the backoff it drew (a random part
 * included), so the time is read from the queue rather than worked out again. The names let the lookup use the
 * queue's (name, id) key.
 */
export const NEXT_ATTEMPT_SQL = `(SELECT j.start_after FROM ${QUEUE_SCHEMA}.job j
    WHERE j.name IN ('${GENERATE_JOB}', '${TRANSFER_JOB}') AND j.id = r.retry_job_id AND j.state = 'retry')`;

/** The columns behind the delivery progress fields, as the completion list and the Custom Reports list read them. */
export type DeliveryProgressDbRow = {
  previous_transferred_at: Date | string | null;
  previous_file_name: string | null;
  next_attempt_at: Date | string | null;
  attempt_limit: number | null;
};

type DeliveryProgress = Pick<
  CompletionReportRow,
  'PREVIOUS_TRANSFER_TIME' | 'PREVIOUS_FILE_NAME' | 'NEXT_ATTEMPT_TIME' | 'ATTEMPT_LIMIT'
>;

const iso = (v: Date | string | null) => (v ? new Date(v).toISOString() : null);

/** PREVIOUS_TRANSFER_TIME, PREVIOUS_FILE_NAME, NEXT_ATTEMPT_TIME and ATTEMPT_LIMIT of a report file. */
export function deliveryProgressOf(r: DeliveryProgressDbRow): DeliveryProgress {
  return {
    PREVIOUS_TRANSFER_TIME: iso(r.previous_transferred_at),
    PREVIOUS_FILE_NAME: r.previous_file_name,
    NEXT_ATTEMPT_TIME: iso(r.next_attempt_at),
    ATTEMPT_LIMIT: r.attempt_limit,
  };
}
