-- Up Migration

-- How many current values (ended_by IS NULL) each group holds per type, kept by statement triggers in the same
-- transaction as the change itself, so that the summary of groups and types costs a lookup instead of counting
-- millions of index entries (0.8 s at 5,000,000 values) on every load of the suppression page. A current value is
-- active unless its start is still ahead or its own end has passed: those few are counted at read time from two
-- small partial indexes (see ACTIVE_COUNTS in packages/server/src/suppression/sql.ts).
LOCK TABLE suppressions IN SHARE ROW EXCLUSIVE MODE;

CREATE TABLE suppression_counts (
  group_vch text NOT NULL,
  supress_type text NOT NULL,
  current_count bigint NOT NULL,
  PRIMARY KEY (group_vch, supress_type)
);

INSERT INTO suppression_counts (group_vch, supress_type, current_count)
SELECT group_vch, supress_type, count(*) FROM suppressions WHERE ended_by IS NULL GROUP BY group_vch, supress_type;

-- One statement's change to the counts: +1 per current row it wrote, -1 per current row it replaced or deleted.
-- Keys are taken in order so that two statements never lock the same count rows in opposite orders.
CREATE FUNCTION suppression_counts_apply(delta jsonb) RETURNS void LANGUAGE sql AS $$
  INSERT INTO suppression_counts AS c (group_vch, supress_type, current_count)
  SELECT d.g, d.t, d.n FROM jsonb_to_recordset(delta) AS d(g text, t text, n bigint) ORDER BY d.g, d.t
  ON CONFLICT (group_vch, supress_type) DO UPDATE SET current_count = c.current_count + EXCLUDED.current_count
$$;

-- Inserted rows (TG_ARGV[0] = '1') or deleted ones ('-1'): both triggers name their transition table changed_rows.
CREATE FUNCTION suppression_counts_on_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM suppression_counts_apply(coalesce(jsonb_agg(jsonb_build_object('g', g, 't', t, 'n', n)), '[]'))
     FROM (SELECT group_vch AS g, supress_type AS t, count(*) * TG_ARGV[0]::int AS n FROM changed_rows
            WHERE ended_by IS NULL GROUP BY group_vch, supress_type) d;
  RETURN NULL;
END
$$;

CREATE FUNCTION suppression_counts_on_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM suppression_counts_apply(coalesce(jsonb_agg(jsonb_build_object('g', g, 't', t, 'n', n)), '[]'))
     FROM (SELECT g, t, sum(n) AS n
             FROM (SELECT group_vch AS g, supress_type AS t, 1 AS n FROM new_rows WHERE ended_by IS NULL
                   UNION ALL
                   SELECT group_vch, supress_type, -1 FROM old_rows WHERE ended_by IS NULL) x
            GROUP BY g, t HAVING sum(n) <> 0) d;
  RETURN NULL;
END
$$;

CREATE FUNCTION suppression_counts_on_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM suppression_counts;
  RETURN NULL;
END
$$;

CREATE TRIGGER suppression_counts_insert AFTER INSERT ON suppressions
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION suppression_counts_on_rows('1');
CREATE TRIGGER suppression_counts_update AFTER UPDATE ON suppressions
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION suppression_counts_on_update();
CREATE TRIGGER suppression_counts_delete AFTER DELETE ON suppressions
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION suppression_counts_on_rows('-1');
CREATE TRIGGER suppression_counts_truncate AFTER TRUNCATE ON suppressions
  FOR EACH STATEMENT EXECUTE FUNCTION suppression_counts_on_truncate();

-- Current values not active at read time: those whose own end has passed (until the group's next change retires
-- them), and those whose start is still ahead (a start after the row's creation: a start from the file).
-- The first index also finds a group's values to retire (end passed): it replaces suppressions_ending_idx.
CREATE INDEX suppressions_end_passed_idx ON suppressions (end_ts) INCLUDE (group_vch, supress_type)
  WHERE ended_by IS NULL AND end_ts IS NOT NULL;
DROP INDEX suppressions_ending_idx;
CREATE INDEX suppressions_start_ahead_idx ON suppressions (start_ts) INCLUDE (group_vch, supress_type, end_ts)
  WHERE ended_by IS NULL AND start_ts > created_ts;
