-- Up Migration

-- A report job's sign of life, written every few seconds while it makes or sends the file, and the request whose
-- file was made. A job whose worker died (killed, crashed, its machine lost) stays 'active' in the queue until its
-- expiry (15 minutes for a transfer, 60 for generation) with its row saying 'transferring'; the scheduler gives it
-- back to the queue once it has shown no sign of life for a minute, and a step run again after it was done (its end
-- not recorded in time) is not done twice: no second file, no second send.
ALTER TABLE report_files
  ADD COLUMN heartbeat_at timestamptz,
  ADD COLUMN generated_seq integer;
