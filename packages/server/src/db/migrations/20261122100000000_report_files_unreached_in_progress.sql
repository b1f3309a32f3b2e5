-- Up Migration
-- MedBase and MB Unreached files made while a campaign still runs: how many of their unreached customers were
-- still being tried (IN_PROGRESS = Y), so the Custom Reports screen can say the list is not final yet.
ALTER TABLE report_files ADD COLUMN unreached_in_progress bigint;

-- Down Migration
ALTER TABLE report_files DROP COLUMN unreached_in_progress;
