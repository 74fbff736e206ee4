-- Up Migration
-- The delivery worker claims deliveries due now straight from push_deliveries (processors/src/push/
-- README.md "Claims"): `pending` rows, first attempts and redeliveries, instead of one pg-boss job
-- per attempt. What is due later — a retry, an express-cycle send — is `scheduled`: a pg-boss job
-- with that start time attempts it then, through the same claim.
ALTER TABLE push_deliveries DROP CONSTRAINT push_deliveries_state_check;
ALTER TABLE push_deliveries ADD CONSTRAINT push_deliveries_state_check
  CHECK (state IN ('held', 'requested', 'pending', 'scheduled', 'delivered', 'dead', 'superseded', 'cancelled'));

-- A claim is a lease: the worker that set it is attempting the delivery until then. Longer than an
-- attempt can take, so no two workers ever send one delivery at the same time; a worker that died
-- mid-batch leaves it to run out, and the attempt is made again (at-least-once, same webhook-id).
ALTER TABLE push_deliveries ADD COLUMN claimed_until timestamptz;

-- Due deliveries in the order they are claimed.
CREATE INDEX push_deliveries_due ON push_deliveries (next_attempt_at, id) WHERE state = 'pending';
CREATE INDEX push_deliveries_scheduled ON push_deliveries (next_attempt_at) WHERE state = 'scheduled';
-- Attempts in flight per subscription (its concurrency limit): only claimed rows.
CREATE INDEX push_deliveries_claimed ON push_deliveries (subscription_id) WHERE claimed_until IS NOT NULL;
-- A subject's deliveries to one subscription: the newer-waiting check before an attempt and the
-- express cycle's last push.
CREATE INDEX push_deliveries_subject ON push_deliveries (subscription_id, subject, sequence);

-- Every pending row had its pg-boss job (queue `push-delivery`, the same job data). A retry still
-- to come keeps it: `scheduled` until the job comes. The rest are due now and claimed: retries due
-- already, and first attempts, due at once or at the end of an express cycle (the job's start time,
-- not kept in the row; the cycle rule then supersedes older states before sending, so sending one
-- at once is safe). Their jobs find nothing scheduled and do nothing.
UPDATE push_deliveries SET state = 'scheduled' WHERE state = 'pending' AND next_attempt_at > now();
UPDATE push_deliveries SET next_attempt_at = created_at WHERE state = 'pending' AND next_attempt_at IS NULL;

-- Claims up to `claim_limit` due deliveries until `claim_until` (projections/src/push/deliveries.ts
-- `claimDueDeliveries`): oldest due first, and no subscription past `per_subscription` claimed at
-- once, those still in flight counted. A function so the lock comes first: claims are serialized
-- per schema by the transaction-scoped advisory lock, and the query after it reads the claims
-- committed before (a new snapshot per statement), so the per-subscription count is exact over
-- every process, with the lock held only while the claim runs. The UPDATE checks each row again
-- as it stands when locked (a row cancelled or recorded meanwhile is not claimed): no row is
-- claimed twice even without the lock, and only the rows claimed are locked. It returns the ids
-- claimed; the caller loads them with a statement of its own (the lock is gone by then).
--
-- With `scheduled_ids` (and the attempt each job is for), the claim of pg-boss jobs that came: those
-- deliveries, still `scheduled` for that attempt, are due now and `pending` again, and only they are
-- claimed. One its subscription has no room for stays pending, due: the next claim takes it.
CREATE FUNCTION push_claim_deliveries(claim_at timestamptz, claim_until timestamptz, claim_limit integer,
  per_subscription integer, scheduled_ids uuid[] DEFAULT NULL, scheduled_attempts integer[] DEFAULT NULL)
  RETURNS SETOF uuid LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext(current_schema() || '/push_deliveries/claims'));
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

-- New deliveries wake the workers (on commit of the writing transaction; a statement that inserted
-- nothing due costs one needless claim). Resumed and redelivered deliveries are made due by the
-- worker itself, scheduled ones by their jobs.
CREATE FUNCTION notify_push_deliveries_due() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('tradelog_push_deliveries', '');
  RETURN NULL;
END $$;

CREATE TRIGGER push_deliveries_inserted AFTER INSERT ON push_deliveries FOR EACH STATEMENT EXECUTE FUNCTION notify_push_deliveries_due();

-- Down Migration
DROP TRIGGER push_deliveries_inserted ON push_deliveries;
DROP FUNCTION notify_push_deliveries_due();
DROP FUNCTION push_claim_deliveries(timestamptz, timestamptz, integer, integer, uuid[], integer[]);
DROP INDEX push_deliveries_subject;
DROP INDEX push_deliveries_claimed;
DROP INDEX push_deliveries_scheduled;
DROP INDEX push_deliveries_due;
ALTER TABLE push_deliveries DROP COLUMN claimed_until;
-- Back to one job per attempt: a scheduled delivery's job is still queued.
UPDATE push_deliveries SET state = 'pending' WHERE state = 'scheduled';
ALTER TABLE push_deliveries DROP CONSTRAINT push_deliveries_state_check;
ALTER TABLE push_deliveries ADD CONSTRAINT push_deliveries_state_check
  CHECK (state IN ('held', 'requested', 'pending', 'delivered', 'dead', 'superseded', 'cancelled'));
