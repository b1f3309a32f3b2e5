-- Up Migration

-- Suppression lists (document 2 §3, DESIGN §4). Rows are never deleted: removing a value sets end_ts and ended_by,
-- so history stays. A row is *current* while ended_by IS NULL (nobody removed or replaced it); it is *active*, and
-- stops messages, while current and start_ts <= now() < coalesce(end_ts, infinity). Every partial index below is on
-- current rows, so removed history never slows a lookup; the time test is made on the few rows an index finds.
--
-- Values are stored normalised (E.164 phones, lowercased e-mails) with the "C" collation: byte order, so a btree
-- serves prefix searches (value >= p AND value < p') under any database locale.

-- One row per group ever used; its version changes with every change to the group's values. Changing a group
-- locks this row first, which serialises writers of one group, and the version lets a full upload's apply refuse
-- when the group changed after the preview (optimistic check).
CREATE TABLE suppression_groups (
  group_vch   text PRIMARY KEY,
  version     bigint NOT NULL DEFAULT 0,
  created_ts  timestamptz NOT NULL DEFAULT now(),
  updated_ts  timestamptz NOT NULL DEFAULT now()
);

-- Uploads: received (file streaming in) -> staged (fully read, values in suppression_staging) -> applied, or failed,
-- or expired (a full upload's preview not applied in time). An incremental upload goes staged -> applied at once.
CREATE TABLE suppression_uploads (
  id             bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  group_vch      text NOT NULL,
  mode           text NOT NULL CHECK (mode IN ('full', 'incremental')),
  status         text NOT NULL DEFAULT 'receiving'
                 CHECK (status IN ('receiving', 'staged', 'applied', 'failed', 'expired')),
  -- Version of the group when the preview was computed (null: the group did not exist).
  group_version  bigint,
  lines          bigint NOT NULL DEFAULT 0,
  accepted       bigint NOT NULL DEFAULT 0,
  duplicates     bigint NOT NULL DEFAULT 0,
  rejected       bigint NOT NULL DEFAULT 0,
  added          bigint,
  removed        bigint,
  unchanged      bigint,
  errors         jsonb NOT NULL DEFAULT '[]'::jsonb,
  failure        text,
  created_by     text NOT NULL,
  created_by_user_id bigint REFERENCES users(id),
  applied_by     text,
  created_ts     timestamptz NOT NULL DEFAULT now(),
  staged_ts      timestamptz,
  applied_ts     timestamptz,
  expires_ts     timestamptz
);
CREATE INDEX suppression_uploads_open_idx ON suppression_uploads (created_ts) WHERE status IN ('receiving', 'staged');

CREATE TABLE suppressions (
  row_id_bint   bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  group_vch     text NOT NULL,
  supress_type  text NOT NULL CHECK (supress_type IN ('PHONE', 'SMS', 'EMAIL', 'ACCOUNT')),
  value_vch     text COLLATE "C" NOT NULL,
  start_ts      timestamptz NOT NULL DEFAULT now(),
  end_ts        timestamptz,
  created_ts    timestamptz NOT NULL DEFAULT now(),
  created_by    text NOT NULL,
  ended_by      text,
  upload_id     bigint REFERENCES suppression_uploads(id)
);

-- A value is current at most once per group and type. Serves: the full upload's diff, the incremental upload's
-- "already there" test, the summary (counts per group and type), a group's download and search by group, and the
-- list in (group, type, value) order. start_ts and end_ts are included so the active test needs no heap visit.
CREATE UNIQUE INDEX suppressions_current_key ON suppressions (group_vch, supress_type, value_vch)
  INCLUDE (start_ts, end_ts) WHERE ended_by IS NULL;

-- The messaging engine's check (type, value) and search by value prefix or type.
CREATE INDEX suppressions_value_idx ON suppressions (supress_type, value_vch)
  INCLUDE (group_vch, start_ts, end_ts) WHERE ended_by IS NULL;

-- Current rows with an end: few. Lets a change to a group first retire the values whose end has passed.
CREATE INDEX suppressions_ending_idx ON suppressions (group_vch, end_ts) WHERE ended_by IS NULL AND end_ts IS NOT NULL;

-- Values of uploads being read or awaiting confirmation, one partition per upload so that COPY goes to a table of
-- its own and the partition is dropped whole afterwards. UNLOGGED: no WAL for data that is re-uploadable; after a
-- database crash a partition can come back empty, which is why applying first compares its row count with the
-- upload's accepted count.
CREATE TABLE suppression_staging (
  upload_id     bigint NOT NULL,
  line          bigint NOT NULL,
  supress_type  text NOT NULL,
  value_vch     text COLLATE "C" NOT NULL,
  start_ts      timestamptz,
  end_ts        timestamptz
) PARTITION BY LIST (upload_id);

-- Partition names are made here from a bigint id, so the server never builds SQL text.
CREATE FUNCTION suppression_staging_open(p_upload_id bigint) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format('CREATE UNLOGGED TABLE IF NOT EXISTS %I PARTITION OF suppression_staging FOR VALUES IN (%s)',
                 'suppression_staging_' || p_upload_id, p_upload_id);
END $$;

CREATE FUNCTION suppression_staging_drop(p_upload_id bigint) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format('DROP TABLE IF EXISTS %I', 'suppression_staging_' || p_upload_id);
END $$;

-- Analyse a partition after it is filled, so the diff is planned with real row counts.
CREATE FUNCTION suppression_staging_analyze(p_upload_id bigint) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format('ANALYZE %I', 'suppression_staging_' || p_upload_id);
END $$;
