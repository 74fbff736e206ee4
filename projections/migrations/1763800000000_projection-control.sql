-- Up Migration
-- Projection control tables (issue 4). Each projection's own tables live in a Postgres schema
-- per version (created by the processors when a version is built, see
-- projections/src/versions.ts); these tables say which version readers use, how far each
-- version has read the log, and which records could not be applied.

-- One row per built (or requested) version of a projection. Readers use the one `live` row;
-- a rebuild adds a `building` row beside it and flips both in one transaction.
CREATE TABLE projection_versions (
  projection text NOT NULL,
  version integer NOT NULL,
  schema_name text NOT NULL UNIQUE,
  consumer_group text NOT NULL UNIQUE,
  state text NOT NULL CHECK (state IN ('requested', 'building', 'live', 'retired', 'failed')),
  -- Rebuild progress as the builder last reported it: records applied, rate, remaining lag,
  -- comparison with the live version.
  progress jsonb NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now(),
  live_since timestamptz,
  retired_at timestamptz,
  PRIMARY KEY (projection, version)
);

CREATE UNIQUE INDEX projection_versions_one_live ON projection_versions (projection) WHERE state = 'live';

-- How far each consumer group has applied each partition: written in the same transaction as
-- the rows derived from the records, so the two never disagree (a crash loses nothing and
-- applies nothing twice).
CREATE TABLE projection_checkpoints (
  consumer_group text NOT NULL,
  topic text NOT NULL,
  partition integer NOT NULL,
  next_offset bigint NOT NULL,
  records_applied bigint NOT NULL DEFAULT 0,
  applied_at timestamptz NOT NULL,
  PRIMARY KEY (consumer_group, topic, partition)
);

-- Records a projection could not decode or apply. Processing goes on past them; an operator
-- lists them and retries them (after a fix) through the operator API.
CREATE TABLE dead_letters (
  id bigserial PRIMARY KEY,
  projection text NOT NULL,
  consumer_group text NOT NULL,
  topic text NOT NULL,
  partition integer NOT NULL,
  record_offset bigint NOT NULL,
  record_key text,
  headers jsonb NOT NULL DEFAULT '{}',
  value bytea,
  error_code text NOT NULL,
  error_message text NOT NULL,
  state text NOT NULL DEFAULT 'open' CHECK (state IN ('open', 'retrying', 'resolved')),
  attempts integer NOT NULL DEFAULT 1,
  failed_at timestamptz NOT NULL,
  resolved_at timestamptz,
  UNIQUE (consumer_group, topic, partition, record_offset)
);

CREATE INDEX dead_letters_open ON dead_letters (projection, state, id);

-- Change events of the live versions, written in the batch's transaction and published to the
-- `changes` topic after it commits (transactional outbox): a crash between commit and publish
-- publishes them at the next start instead of losing them. Ids are stable, so a publish that
-- happens twice is dropped by the push side.
CREATE TABLE change_outbox (
  seq bigserial UNIQUE,
  event_id text PRIMARY KEY,
  projection text NOT NULL,
  record_key text NOT NULL,
  payload jsonb NOT NULL,
  created_at timestamptz NOT NULL
);

-- Down Migration
DROP TABLE change_outbox;
DROP TABLE dead_letters;
DROP TABLE projection_checkpoints;
DROP TABLE projection_versions;
