-- Up Migration

-- Ad hoc templates (doc 2 §3). Status: DRAFT when created, PUBLISHED after publish, LAUNCHED once the
-- messaging engine reports the launch through the ingest API; a LAUNCHED template is never edited again.
CREATE TABLE adhoc_campaigns (
  id               bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name             text NOT NULL,
  status           text NOT NULL DEFAULT 'DRAFT' CHECK (status IN ('DRAFT', 'PUBLISHED', 'LAUNCHED')),
  tester_phone     text,
  tester_sms       text,
  tester_email     text,
  publish_dt       timestamptz,
  launched_at      timestamptz,
  created_at       timestamptz NOT NULL DEFAULT now(),
  created_by       bigint REFERENCES users(id) ON DELETE SET NULL,
  -- Last change of the template or any of its language records (the list's LAST UPDATE).
  item_update_dt   timestamptz NOT NULL DEFAULT now()
);

-- One message per template × channel × language (doc 2 §3). Voice adds the upload times, retries,
-- replay digit and the dialer address ({template id}-{language}) that names its audio uploads.
CREATE TABLE adhoc_templates (
  id                 bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  campaign_id        bigint NOT NULL REFERENCES adhoc_campaigns(id) ON DELETE CASCADE,
  notify_by          text NOT NULL CHECK (notify_by IN ('PHON', 'SMS', 'EML')),
  language           text NOT NULL,
  template_pge       text,
  template_mb        text,
  data_mb            text,
  render_mb          text,
  subject            text,
  preview            text,
  from_address       text,
  from_display_name  text,
  upload_live_dt     timestamptz,
  upload_machine_dt  timestamptz,
  retries            smallint CHECK (retries BETWEEN 1 AND 3),
  replay_digit       text CHECK (replay_digit ~ '^[0-9]$'),
  dialer_address     text,
  created_at         timestamptz NOT NULL DEFAULT now(),
  updated_at         timestamptz NOT NULL DEFAULT now(),
  UNIQUE (campaign_id, notify_by, language),
  CHECK (notify_by = 'PHON' OR (upload_live_dt IS NULL AND upload_machine_dt IS NULL AND retries IS NULL
                                AND replay_digit IS NULL AND dialer_address IS NULL))
);

-- What exactly was published, when and by whom. Kept when the template is later deleted (no foreign key
-- to the template), and immutable: the trigger below refuses any update or delete.
CREATE TABLE adhoc_publish_snapshots (
  id             bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  campaign_id    bigint NOT NULL,
  name           text NOT NULL,
  records        jsonb NOT NULL,
  published_at   timestamptz NOT NULL DEFAULT now(),
  published_by   bigint REFERENCES users(id),
  published_by_actor text NOT NULL
);
CREATE INDEX adhoc_publish_snapshots_campaign_idx ON adhoc_publish_snapshots (campaign_id, published_at DESC);

CREATE FUNCTION adhoc_publish_snapshots_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'adhoc publish snapshots are immutable';
END;
$$;
CREATE TRIGGER adhoc_publish_snapshots_immutable
  BEFORE UPDATE OR DELETE ON adhoc_publish_snapshots
  FOR EACH ROW EXECUTE FUNCTION adhoc_publish_snapshots_immutable();

-- Test sends recorded by the outbox adapters (the demo default) instead of reaching a mail server or
-- an SMS/voice provider. Kept when the template is deleted.
CREATE TABLE adhoc_outbox (
  id                 bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  channel            text NOT NULL CHECK (channel IN ('PHON', 'SMS', 'EML')),
  campaign_id        bigint,
  language           text,
  to_address         text NOT NULL,
  from_address       text NOT NULL,
  from_display_name  text,
  subject            text,
  preview            text,
  body               text,
  body_text          text,
  audio_file         text,
  audio_url          text,
  status             text NOT NULL DEFAULT 'RECORDED',
  created_at         timestamptz NOT NULL DEFAULT now(),
  created_by         bigint REFERENCES users(id) ON DELETE SET NULL,
  created_by_actor   text NOT NULL
);
CREATE INDEX adhoc_outbox_created_idx ON adhoc_outbox (created_at DESC, id DESC);

-- Short-lived links through which a voice provider fetches a recording for a test call: the provider
-- cannot sign in, so each call gets a random token (only its SHA-256 is stored) valid for one hour.
CREATE TABLE adhoc_audio_links (
  token_hash   bytea PRIMARY KEY,
  file_name    text NOT NULL,
  expires_at   timestamptz NOT NULL
);
