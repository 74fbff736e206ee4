-- Up Migration
-- Push subscriptions, deliveries and attempts (issue 5; query spec §3, §8, §9). See
-- processors/src/push/README.md for the rules these tables carry out.

-- One row per subscription. `match_key` is what change events are matched by (the tracked
-- parcel, bill, container or shipment, or a lender's enterprise; projections/src/push/families.ts).
-- Deleting a subscription keeps the row (state `deleted`) so its deliveries stay listable.
CREATE TABLE push_subscriptions (
  id uuid PRIMARY KEY,
  family text NOT NULL CHECK (family IN ('express', 'express-map', 'ocean', 'terminal', 'changes')),
  owner_kind text NOT NULL CHECK (owner_kind IN ('partner', 'lender', 'operator')),
  owner_id text NOT NULL,
  -- The API key that made it: a lender's change subscription follows the key's enterprises.
  key_id uuid NOT NULL,
  callback_url text NOT NULL CHECK (char_length(callback_url) <= 255),
  criteria jsonb NOT NULL,
  match_key text NOT NULL,
  -- For `changes`: which projections' changes (order-status, link-node).
  projections text[] NOT NULL DEFAULT '{}',
  -- Standard Webhooks secret (whsec_…); shown to the subscriber once, at creation.
  secret text NOT NULL,
  state text NOT NULL DEFAULT 'active' CHECK (state IN ('active', 'paused', 'deleted')),
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);

CREATE INDEX push_subscriptions_match ON push_subscriptions (family, match_key) WHERE state <> 'deleted';
CREATE INDEX push_subscriptions_owner ON push_subscriptions (owner_kind, owner_id, created_at);

-- Per-(subscription, subject) sequence numbers, assigned in log order when events are matched,
-- and the highest one delivered: a delivery older than that is superseded, not sent.
CREATE TABLE push_subject_sequences (
  subscription_id uuid NOT NULL REFERENCES push_subscriptions (id) ON DELETE CASCADE,
  subject text NOT NULL,
  last_sequence bigint NOT NULL,
  delivered_sequence bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (subscription_id, subject)
);

-- One logical delivery per (subscription, event): the unique key is what makes a replayed or
-- re-consumed change event never a second delivery.
CREATE TABLE push_deliveries (
  id uuid PRIMARY KEY,
  subscription_id uuid NOT NULL REFERENCES push_subscriptions (id) ON DELETE CASCADE,
  event_id text NOT NULL,
  event_kind text NOT NULL,
  subject text NOT NULL,
  sequence bigint NOT NULL,
  payload jsonb NOT NULL,
  -- held: subscription paused; requested: waits for the push processor to enqueue a job (resume,
  -- redelivery); pending: a job is queued for attempt `attempts + 1`.
  state text NOT NULL CHECK (state IN ('held', 'requested', 'pending', 'delivered', 'dead', 'superseded', 'cancelled')),
  attempts integer NOT NULL DEFAULT 0,
  -- `attempts` when the current round began: a redelivery restarts the retry schedule.
  round_start integer NOT NULL DEFAULT 0,
  -- A redelivery is sent even if superseded.
  forced boolean NOT NULL DEFAULT false,
  next_attempt_at timestamptz,
  last_error_code text,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  UNIQUE (subscription_id, event_id)
);

CREATE INDEX push_deliveries_requested ON push_deliveries (updated_at) WHERE state = 'requested';
CREATE INDEX push_deliveries_listing ON push_deliveries (subscription_id, created_at DESC, id);

-- Every attempt: when, how long, what came back. URLs are stored redacted (tokens, §5).
CREATE TABLE push_attempts (
  id bigserial PRIMARY KEY,
  delivery_id uuid NOT NULL REFERENCES push_deliveries (id) ON DELETE CASCADE,
  attempt integer NOT NULL,
  retry_count integer NOT NULL,
  started_at timestamptz NOT NULL,
  latency_ms integer NOT NULL,
  http_status integer,
  outcome text NOT NULL CHECK (outcome IN ('delivered', 'failed')),
  error_code text,
  reply_excerpt text,
  callback_url text NOT NULL
);

CREATE INDEX push_attempts_delivery ON push_attempts (delivery_id, id);

-- Down Migration
DROP TABLE push_attempts;
DROP TABLE push_deliveries;
DROP TABLE push_subject_sequences;
DROP TABLE push_subscriptions;
