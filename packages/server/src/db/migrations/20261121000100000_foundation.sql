-- Up Migration

-- Operators who sign in to the console. The password is never stored: the browser sends the
-- SHA-256 of it, and only a slow scrypt hash of that value is kept here.
CREATE TABLE users (
  id             bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  email          text NOT NULL,
  fullname       text NOT NULL,
  password_hash  text NOT NULL,
  disabled_at    timestamptz,
  created_at     timestamptz NOT NULL DEFAULT now(),
  updated_at     timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX users_email_key ON users (lower(email));

CREATE TABLE user_permissions (
  user_id     bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  permission  text NOT NULL,
  PRIMARY KEY (user_id, permission)
);

-- Sessions: only the SHA-256 of the random token is stored, so a database leak yields no usable token.
CREATE TABLE sessions (
  id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  token_hash    bytea NOT NULL UNIQUE,
  user_id       bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at    timestamptz NOT NULL DEFAULT now(),
  last_seen_at  timestamptz NOT NULL DEFAULT now(),
  expires_at    timestamptz NOT NULL,
  revoked_at    timestamptz,
  client_ip     text
);
CREATE INDEX sessions_user_idx ON sessions (user_id);

-- API keys for the messaging engine (ingest feed). Same rule: only a hash is stored.
CREATE TABLE api_keys (
  id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name         text NOT NULL,
  key_hash     bytea NOT NULL UNIQUE,
  permissions  text[] NOT NULL,
  created_at   timestamptz NOT NULL DEFAULT now(),
  revoked_at   timestamptz
);

-- Sliding counters for login throttling, shared by every server process.
CREATE TABLE login_attempts (
  key           text PRIMARY KEY,
  window_start  timestamptz NOT NULL,
  count         integer NOT NULL
);

-- Every change an operator makes: who (from the session, never a client header), when, what.
CREATE TABLE audit_log (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  at          timestamptz NOT NULL DEFAULT now(),
  user_id     bigint REFERENCES users(id),
  actor       text NOT NULL,
  action      text NOT NULL,
  target      text,
  details     jsonb NOT NULL DEFAULT '{}'::jsonb
);
CREATE INDEX audit_log_at_idx ON audit_log (at DESC);
