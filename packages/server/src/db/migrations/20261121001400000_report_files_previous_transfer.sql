-- Up Migration

-- Proof of the last delivery while a new one is made. A refresh, a resend or a new transfer attempt clears
-- transferred_at (FILE_TRANSFER_TIME is this file's transfer time, blank until it arrives), so the time and name
-- of the delivery it replaces move here first; a custom report launched again starts with those of the previous
-- launch of its kind. They keep the latest delivery made before the current file's, and never go back to blank.
ALTER TABLE report_files
  ADD COLUMN previous_transferred_at timestamptz,
  ADD COLUMN previous_file_name text;
