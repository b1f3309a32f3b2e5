-- Up Migration

-- A full upload can change the dates of values it keeps: a value in both the group and the file, whose file line
-- gives another start or end (or no end where the group's value has one), is 'redated': its row ends and a row
-- with the file's dates (and the original start unless the file gives one) takes its place.
ALTER TABLE suppression_uploads ADD COLUMN redated bigint;
