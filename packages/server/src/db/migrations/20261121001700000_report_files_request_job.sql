-- Up Migration

-- The job made for a report file's current request (its generation, or its transfer for a resend). A launch of the
-- same report of the same campaign while that request's job is still queued or running answers this job's id
-- instead of making a second file.
ALTER TABLE report_files
  ADD COLUMN request_job_id uuid;
