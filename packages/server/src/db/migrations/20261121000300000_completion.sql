-- Up Migration

-- Report files (completion, MedBase, MB Unreached, LinkClick) and how far each got on its way to the
-- utility. A dataset has at most one completion report (refresh regenerates it in place); every launch of
-- a custom report is a row of its own. The file lives under DATA_DIR/reports until it is replaced.
CREATE TABLE report_files (
  id              bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  dataset_id      bigint NOT NULL REFERENCES datasets(id),
  kind            text NOT NULL CHECK (kind IN ('completion', 'medbase', 'mb_unreached', 'linkclick')),
  -- Bumped by every request (generate, refresh, resend); a job carrying an older number was superseded
  -- and does nothing, so two requests in quick succession can never leave the row describing the older.
  request_seq     integer NOT NULL DEFAULT 1,
  requested_at    timestamptz NOT NULL DEFAULT now(),
  file_path       text,
  file_name       text,
  size_bytes      bigint,
  sha256          text,
  row_count       bigint,
  generated_at    timestamptz,
  transfer_state  text NOT NULL DEFAULT 'waiting'
                  CHECK (transfer_state IN ('waiting', 'transferring', 'transferred', 'failed')),
  attempts        integer NOT NULL DEFAULT 0,
  last_error      text,
  transferred_at  timestamptz,
  -- Microseconds since the Unix epoch of the last change (UPDATE_XT): clients poll "changed after".
  update_xt       bigint NOT NULL DEFAULT (extract(epoch FROM clock_timestamp()) * 1000000)::bigint,
  CHECK ((transfer_state = 'transferred') = (transferred_at IS NOT NULL))
);
-- One completion report per dataset: the scheduler's INSERT ... ON CONFLICT DO NOTHING relies on it, so
-- however many workers look for due datasets, each gets one report.
CREATE UNIQUE INDEX report_files_completion_uq ON report_files (dataset_id) WHERE kind = 'completion';
CREATE INDEX report_files_dataset_kind_idx ON report_files (dataset_id, kind, id DESC);
CREATE INDEX report_files_update_xt_idx ON report_files (update_xt);

-- Tracked links (GET /l/{code}): registered by the messaging engine, clicked by customers.
CREATE TABLE link_codes (
  code             text PRIMARY KEY,
  message_id       bigint NOT NULL REFERENCES messages(id),
  target_url       text NOT NULL,
  created_at       timestamptz NOT NULL DEFAULT now(),
  click_count      bigint NOT NULL DEFAULT 0,
  first_clicked_at timestamptz,
  last_clicked_at  timestamptz
);
CREATE INDEX link_codes_message_idx ON link_codes (message_id);
-- The LinkClick report reads a campaign's clicked messages only.
CREATE INDEX messages_clicked_idx ON messages (dataset_id) WHERE link_clicked_at IS NOT NULL;
