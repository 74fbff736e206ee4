-- Up Migration
-- Attempt limits of the portal's accounts (query-api/src/content/README.md "Attempt limits"):
-- per kind (codes sent per phone and per address, wrong codes per phone, wrong passwords per
-- account) and subject, the window's start and the attempts admitted in it. Kept apart from the
-- codes, so that a new code never starts the count of wrong ones over, and in Postgres, so that
-- every query-api instance counts the same window. Purged by query-api's sweep once ended.
CREATE TABLE portal_attempts (
  kind text NOT NULL CHECK (char_length(kind) <= 40),
  subject text NOT NULL CHECK (char_length(subject) <= 100),
  window_started_at timestamptz NOT NULL,
  count integer NOT NULL CHECK (count >= 0),
  PRIMARY KEY (kind, subject)
);
CREATE INDEX portal_attempts_started ON portal_attempts (window_started_at);

-- Down Migration
DROP TABLE portal_attempts;
