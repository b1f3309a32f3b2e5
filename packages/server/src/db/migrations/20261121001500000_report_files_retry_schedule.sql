-- Up Migration

-- How far a file that keeps failing has got. retry_job_id: the job (generation or transfer) whose failed run
-- the queue will retry; the next attempt's time is that job's start_after in pg-boss, read with the row, since
-- pg-boss adds a random part to each backoff delay. attempt_limit: transfer attempts allowed for the current
-- request (1 + the transfer job's retry limit), written when an attempt starts.
ALTER TABLE report_files
  ADD COLUMN retry_job_id uuid,
  ADD COLUMN attempt_limit integer;
