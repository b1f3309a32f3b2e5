-- Up Migration
-- How many of a key's counted sign-in attempts are still being checked: a refusal can then tell failures that
-- reached the limit (wait until the window ends) from attempts arriving at the same moment (try again in seconds).
ALTER TABLE login_attempts ADD COLUMN pending integer NOT NULL DEFAULT 0;
