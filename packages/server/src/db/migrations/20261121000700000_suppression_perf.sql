-- Up Migration

-- Full uploads compute their difference once, at the preview, and keep it beside the file's values in the upload's
-- staging partition: rows with kind 'add' (a copy of a file row that is not current in the group) and 'remove' (a
-- current value of the group absent from the file). The file's own rows have no kind. Applying then changes exactly
-- those rows, without joining the file against the group a second time; the group's version (checked under its lock)
-- guarantees the difference still holds.
ALTER TABLE suppression_staging ADD COLUMN kind text CHECK (kind IN ('add', 'remove'));
