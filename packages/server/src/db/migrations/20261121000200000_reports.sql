-- Up Migration

-- PSPS events, as the messaging engine sends them (ids are the engine's).
CREATE TABLE events (
  id          bigint PRIMARY KEY,
  name        text NOT NULL,
  begin_at    timestamptz NOT NULL,
  updated_at  timestamptz NOT NULL DEFAULT now()
);

-- Campaigns (datasets). A root has children, each of one customer class; messages belong to children.
-- A root's counts are always the sums of its children's (computed when read, from dataset_rollups).
CREATE TABLE datasets (
  id               bigint PRIMARY KEY,
  event_id         bigint NOT NULL REFERENCES events(id),
  root_id          bigint REFERENCES datasets(id),
  customer_class   text CHECK (customer_class IN ('MEDICAL_BASELINE', 'CRITICAL_ESSENTIAL', 'GENERAL')),
  title            text NOT NULL,
  cmd              text,
  tag_title        text,
  tag_line         text,
  created_at       timestamptz NOT NULL DEFAULT now(),
  launched_at      timestamptz,
  processed_at     timestamptz,
  medbase_retry_at timestamptz,
  updated_at       timestamptz NOT NULL DEFAULT now(),
  CHECK ((root_id IS NULL) = (customer_class IS NULL))
);
CREATE INDEX datasets_event_idx ON datasets (event_id);
CREATE INDEX datasets_root_idx ON datasets (root_id);
CREATE INDEX datasets_medbase_retry_idx ON datasets (medbase_retry_at) WHERE medbase_retry_at IS NOT NULL;

-- One row per customer contact per channel. Status updates change only unindexed columns, and the
-- fill factor leaves room on each page, so they are HOT updates that touch no index.
CREATE TABLE messages (
  id                    bigint PRIMARY KEY,
  dataset_id            bigint NOT NULL REFERENCES datasets(id),
  channel               text NOT NULL,
  customer_class        text NOT NULL,
  person_id             text NOT NULL,
  service_agreement_id  text NOT NULL,
  premise_id            text NOT NULL,
  premise_address       text,
  contact               text NOT NULL,
  language              text,
  status                text NOT NULL,
  status_at             timestamptz NOT NULL,
  attempts              integer NOT NULL DEFAULT 0,
  link_clicked_at       timestamptz,
  created_at            timestamptz NOT NULL DEFAULT now()
) WITH (fillfactor = 85);
-- Completion reports read one campaign's messages of one channel.
CREATE INDEX messages_dataset_channel_idx ON messages (dataset_id, channel);

-- Exact message counts per campaign x channel x status, changed in the same transaction as every
-- message change. Phase counts (imported / queued / completed) are sums of these rows by the status'
-- phase (contracts' phaseOf). Reports read only these rows, never messages.
CREATE TABLE dataset_rollups (
  dataset_id  bigint NOT NULL REFERENCES datasets(id),
  channel     text NOT NULL,
  status      text NOT NULL,
  count       bigint NOT NULL,
  updated_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (dataset_id, channel, status)
);

-- Messages created per 15-minute slot and channel, for the dashboard's Today counts in any time zone
-- with a whole quarter-hour offset.
CREATE TABLE message_created_counts (
  slot     timestamptz NOT NULL,
  channel  text NOT NULL,
  count    bigint NOT NULL,
  PRIMARY KEY (slot, channel)
);

-- All-channels summary snapshots (doc 1 §3): written every 10 minutes for campaigns with activity,
-- and when a campaign completes.
CREATE TABLE summary_snapshots (
  id                 bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  dataset_id         bigint NOT NULL REFERENCES datasets(id),
  insert_at          timestamptz NOT NULL DEFAULT now(),
  imported_all       bigint NOT NULL,
  queued_all         bigint NOT NULL,
  completed_all      bigint NOT NULL,
  imported_phon      bigint NOT NULL,
  queued_phon        bigint NOT NULL,
  completed_phon     bigint NOT NULL,
  imported_sms       bigint NOT NULL,
  queued_sms         bigint NOT NULL,
  completed_sms      bigint NOT NULL,
  imported_email     bigint NOT NULL,
  queued_email       bigint NOT NULL,
  completed_email    bigint NOT NULL
);
CREATE INDEX summary_snapshots_dataset_idx ON summary_snapshots (dataset_id, insert_at DESC, id DESC);
