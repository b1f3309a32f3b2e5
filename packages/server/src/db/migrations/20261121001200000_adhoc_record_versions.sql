-- Optimistic concurrency for ad hoc language records: every saved text bumps `version`; a save that says which
-- version its text was based on is refused when another save came first. A record created by an audio upload
-- alone has no text yet: version 0, the same as "no record".
ALTER TABLE adhoc_templates
  ADD COLUMN version integer NOT NULL DEFAULT 1,
  ADD COLUMN updated_by_actor text;
