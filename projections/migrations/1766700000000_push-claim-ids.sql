-- Up Migration
-- Each claim names itself (processors/src/push/README.md "Claims whose answer was lost"): the
-- worker gives every claim, and every lease its processor takes at insert, an id of its own. When
-- the connection is lost as Postgres answers, the worker cannot tell whether the claim was made;
-- made, its rows would stay leased to a worker that never attempts them, holding the
-- subscription's concurrency, and so every later push to it, until the lease ran out (the attempt
-- time limit + 60 s). The worker ends the claims of that id instead (`push_release_claims`): no
-- other worker attempts them, so nothing is sent twice.
ALTER TABLE push_delivery_claims ADD COLUMN claim uuid;

-- Ends the claims of the given ids; returns how many.
CREATE FUNCTION push_release_claims(claim_ids uuid[]) RETURNS integer LANGUAGE sql AS $$
  WITH released AS (
    DELETE FROM push_delivery_claims c WHERE c.claim = ANY(claim_ids) RETURNING 1)
  SELECT count(*)::int FROM released
$$;

-- The claim of 1766500000000_push-claim-holders.sql, its id named.
DROP FUNCTION push_claim_deliveries(timestamptz, timestamptz, integer, integer, uuid[], integer[], bigint);
CREATE FUNCTION push_claim_deliveries(claim_at timestamptz, claim_until timestamptz, claim_limit integer,
  per_subscription integer, scheduled_ids uuid[] DEFAULT NULL, scheduled_attempts integer[] DEFAULT NULL,
  claim_holder bigint DEFAULT NULL, claim_id uuid DEFAULT NULL)
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
    INSERT INTO push_delivery_claims AS c (delivery_id, subscription_id, claimed_until, holder, claim)
    SELECT picked.id, picked.subscription_id, claim_until, claim_holder, claim_id FROM picked ORDER BY picked.id
    RETURNING c.delivery_id)
  SELECT v.* FROM push_deliveries_for_attempt v JOIN claimed ON claimed.delivery_id = v.id;
END $$;

-- Down Migration
DROP FUNCTION push_claim_deliveries(timestamptz, timestamptz, integer, integer, uuid[], integer[], bigint, uuid);
CREATE FUNCTION push_claim_deliveries(claim_at timestamptz, claim_until timestamptz, claim_limit integer,
  per_subscription integer, scheduled_ids uuid[] DEFAULT NULL, scheduled_attempts integer[] DEFAULT NULL,
  claim_holder bigint DEFAULT NULL)
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
    INSERT INTO push_delivery_claims AS c (delivery_id, subscription_id, claimed_until, holder)
    SELECT picked.id, picked.subscription_id, claim_until, claim_holder FROM picked ORDER BY picked.id
    RETURNING c.delivery_id)
  SELECT v.* FROM push_deliveries_for_attempt v JOIN claimed ON claimed.delivery_id = v.id;
END $$;
DROP FUNCTION push_release_claims(uuid[]);
ALTER TABLE push_delivery_claims DROP COLUMN claim;
