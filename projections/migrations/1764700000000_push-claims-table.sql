-- Up Migration
-- Claims in a narrow table of their own (processors/src/push/README.md "Claims"): a claim no
-- longer rewrites the wide delivery row (a new version of it and an entry in each of its indexes:
-- `claimed_until` sat in a partial index, so the update was never HOT). A delivery row is written
-- when inserted and when its attempt is recorded; a claim is one narrow row, gone when the attempt
-- is recorded or the delivery settled. A delivery is claimed while its claim row's lease runs.
-- No foreign key (a check per claim, for a row that lives one attempt): a claim whose delivery went
-- (with its subscription) runs out and is dropped by the next claim.
CREATE TABLE push_delivery_claims (
  delivery_id uuid PRIMARY KEY,
  subscription_id uuid NOT NULL,
  claimed_until timestamptz NOT NULL
);
INSERT INTO push_delivery_claims (delivery_id, subscription_id, claimed_until)
SELECT id, subscription_id, claimed_until FROM push_deliveries WHERE state = 'pending' AND claimed_until IS NOT NULL;

DROP FUNCTION push_claim_deliveries(timestamptz, timestamptz, integer, integer, uuid[], integer[]);
DROP INDEX push_deliveries_claimed;
ALTER TABLE push_deliveries DROP COLUMN claimed_until;

-- Everything an attempt needs (projections/src/push/deliveries.ts `DeliveryForAttempt`): the
-- delivery, its subscription and secret, the subscription's state (`deleted` also once the key
-- that made it was revoked), the subject's delivered sequence and whether a newer state of the
-- subject waits. Read by the claim below and by the lookup by id.
CREATE VIEW push_deliveries_for_attempt AS
SELECT d.id, d.subscription_id, s.family, s.callback_url, s.secret,
  CASE WHEN k.revoked_at IS NULL THEN s.state ELSE 'deleted' END AS subscription_state, d.event_id,
  d.subject, d.sequence, d.payload, d.state, d.attempts, d.round_start, d.forced,
  COALESCE(q.delivered_sequence, 0) AS delivered_sequence,
  EXISTS (SELECT 1 FROM push_deliveries n WHERE n.subscription_id = d.subscription_id AND n.subject = d.subject
          AND n.sequence > d.sequence AND n.state IN ('held', 'requested', 'pending', 'scheduled')) AS newer_waiting
FROM push_deliveries d
JOIN push_subscriptions s ON s.id = d.subscription_id
LEFT JOIN api_keys k ON k.id = s.key_id
LEFT JOIN push_subject_sequences q ON q.subscription_id = d.subscription_id AND q.subject = d.subject;

-- Claims up to `claim_limit` due deliveries until `claim_until`, as before
-- (1764600000000_push-delivery-claims.sql: oldest due first, no subscription past
-- `per_subscription` claimed at once, serialized per schema by the transaction-scoped advisory
-- lock), and returns them loaded, in one statement: it runs after the lock, so its snapshot sees
-- every delivery and claim committed before, and the rows it returns are the rows it claimed.
-- Claims whose lease ran out are dropped first (their deliveries are claimed again, or were
-- settled meanwhile). Due rows are read in the due index's order and the scan stops at twice the
-- limit, passing only the deliveries claimed now and those of subscriptions at their limit: no
-- bitmap scan, which the planner picks when the table grew since it was last analyzed (a burst)
-- and which reads and sorts every due row. The view's columns are this function's: a migration
-- that changes the view makes the function again.
CREATE FUNCTION push_claim_deliveries(claim_at timestamptz, claim_until timestamptz, claim_limit integer,
  per_subscription integer, scheduled_ids uuid[] DEFAULT NULL, scheduled_attempts integer[] DEFAULT NULL)
  RETURNS SETOF push_deliveries_for_attempt LANGUAGE plpgsql SET enable_bitmapscan = off AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext(current_schema() || '/push_deliveries/claims'));
  DELETE FROM push_delivery_claims WHERE claimed_until <= claim_at;
  IF scheduled_ids IS NULL THEN
    -- A scheduled delivery whose job has not come five minutes after its time (the job failed
    -- past pg-boss' own retries, or was lost) is due now: nothing accepted waits for ever.
    UPDATE push_deliveries d SET state = 'pending', updated_at = claim_at
    WHERE d.state = 'scheduled' AND d.next_attempt_at <= claim_at - interval '5 minutes';
  ELSE
    UPDATE push_deliveries d SET state = 'pending', next_attempt_at = LEAST(d.next_attempt_at, claim_at),
      updated_at = claim_at
    FROM unnest(scheduled_ids, scheduled_attempts) AS j(id, attempt)
    WHERE d.id = j.id AND d.state = 'scheduled' AND d.attempts = j.attempt - 1;
  END IF;
  RETURN QUERY
  WITH busy AS (
    SELECT b.subscription_id, count(*)::int AS n FROM push_delivery_claims b GROUP BY 1),
  due AS (
    SELECT p.id, p.subscription_id, p.next_attempt_at FROM push_deliveries p
    WHERE p.state = 'pending' AND p.next_attempt_at <= claim_at
      AND (scheduled_ids IS NULL OR p.id = ANY(scheduled_ids))
      AND NOT EXISTS (SELECT 1 FROM push_delivery_claims c WHERE c.delivery_id = p.id)
      AND p.subscription_id NOT IN (SELECT busy.subscription_id FROM busy WHERE busy.n >= per_subscription)
    ORDER BY p.next_attempt_at, p.id LIMIT claim_limit * 2),
  picked AS (
    SELECT ranked.id, ranked.subscription_id FROM (
      SELECT due.id, due.subscription_id, due.next_attempt_at, COALESCE(busy.n, 0)
          + row_number() OVER (PARTITION BY due.subscription_id ORDER BY due.next_attempt_at, due.id) AS slot
      FROM due LEFT JOIN busy ON busy.subscription_id = due.subscription_id) ranked
    WHERE ranked.slot <= per_subscription ORDER BY ranked.next_attempt_at, ranked.id LIMIT claim_limit),
  claimed AS (
    INSERT INTO push_delivery_claims AS c (delivery_id, subscription_id, claimed_until)
    SELECT picked.id, picked.subscription_id, claim_until FROM picked ORDER BY picked.id
    RETURNING c.delivery_id)
  SELECT v.* FROM push_deliveries_for_attempt v JOIN claimed ON claimed.delivery_id = v.id;
END $$;

-- Down Migration
DROP FUNCTION push_claim_deliveries(timestamptz, timestamptz, integer, integer, uuid[], integer[]);
DROP VIEW push_deliveries_for_attempt;
ALTER TABLE push_deliveries ADD COLUMN claimed_until timestamptz;
UPDATE push_deliveries d SET claimed_until = c.claimed_until FROM push_delivery_claims c WHERE c.delivery_id = d.id;
CREATE INDEX push_deliveries_claimed ON push_deliveries (subscription_id) WHERE claimed_until IS NOT NULL;
DROP TABLE push_delivery_claims;
CREATE FUNCTION push_claim_deliveries(claim_at timestamptz, claim_until timestamptz, claim_limit integer,
  per_subscription integer, scheduled_ids uuid[] DEFAULT NULL, scheduled_attempts integer[] DEFAULT NULL)
  RETURNS SETOF uuid LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext(current_schema() || '/push_deliveries/claims'));
  IF scheduled_ids IS NULL THEN
    UPDATE push_deliveries d SET state = 'pending', updated_at = claim_at
    WHERE d.state = 'scheduled' AND d.next_attempt_at <= claim_at - interval '5 minutes';
  ELSE
    UPDATE push_deliveries d SET state = 'pending', next_attempt_at = LEAST(d.next_attempt_at, claim_at),
      updated_at = claim_at
    FROM unnest(scheduled_ids, scheduled_attempts) AS j(id, attempt)
    WHERE d.id = j.id AND d.state = 'scheduled' AND d.attempts = j.attempt - 1;
  END IF;
  RETURN QUERY
  WITH busy AS (
    SELECT b.subscription_id, count(*)::int AS n FROM push_deliveries b
    WHERE b.claimed_until IS NOT NULL AND b.claimed_until > claim_at AND b.state = 'pending' GROUP BY 1),
  due AS (
    SELECT p.id, p.subscription_id, p.next_attempt_at FROM push_deliveries p
    WHERE p.state = 'pending' AND p.next_attempt_at <= claim_at AND (p.claimed_until IS NULL OR p.claimed_until <= claim_at)
      AND (scheduled_ids IS NULL OR p.id = ANY(scheduled_ids))
      AND p.subscription_id NOT IN (SELECT busy.subscription_id FROM busy WHERE busy.n >= per_subscription)
    ORDER BY p.next_attempt_at, p.id LIMIT claim_limit * 2),
  picked AS (
    SELECT ranked.id FROM (
      SELECT due.id, due.next_attempt_at, COALESCE(busy.n, 0)
          + row_number() OVER (PARTITION BY due.subscription_id ORDER BY due.next_attempt_at, due.id) AS slot
      FROM due LEFT JOIN busy ON busy.subscription_id = due.subscription_id) ranked
    WHERE ranked.slot <= per_subscription ORDER BY ranked.next_attempt_at, ranked.id LIMIT claim_limit)
  UPDATE push_deliveries d SET claimed_until = claim_until FROM picked
  WHERE d.id = picked.id AND d.state = 'pending' AND (d.claimed_until IS NULL OR d.claimed_until <= claim_at)
  RETURNING d.id;
END $$;
