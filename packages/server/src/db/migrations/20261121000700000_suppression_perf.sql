-- Up Migration

-- Full uploads compute their difference once, at the preview (the server matches the file against the group's
-- current values as it reads it), and keep only the difference in the upload's staging partition: kind 'add' (a file
-- value the group lacks), 'remove' (a group value the file lacks) and 'keep' (a file value current in the group with
-- an end, re-added should that end pass before the apply). Incremental uploads stage the whole file (no kind).
-- Applying changes exactly those rows; the group's version (checked under its lock) guarantees the difference holds.
ALTER TABLE suppression_staging ADD COLUMN kind text CHECK (kind IN ('add', 'remove', 'keep'));
