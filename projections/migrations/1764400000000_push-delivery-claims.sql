-- Up Migration
-- The delivery worker claims due deliveries straight from push_deliveries (processors/src/push/
-- README.md "Claims"): `pending` rows whose `next_attempt_at` has come, first attempts, retries and
-- express-cycle sends alike, instead of one pg-boss job per attempt.

-- A claim is a lease: the worker that set it is attempting the delivery until then. Longer than an
-- attempt can take, so no two workers ever send one delivery at the same time; a worker that died
-- mid-batch leaves it to run out, and the attempt is made again (at-least-once, same webhook-id).
ALTER TABLE push_deliveries ADD COLUMN claimed_until timestamptz;

-- Due deliveries in the order they are claimed.
CREATE INDEX push_deliveries_due ON push_deliveries (next_attempt_at, id) WHERE state = 'pending';
-- Attempts in flight per subscription (its concurrency limit): only claimed rows.
CREATE INDEX push_deliveries_claimed ON push_deliveries (subscription_id) WHERE claimed_until IS NOT NULL;
-- A subject's deliveries to one subscription: the newer-waiting check before an attempt and the
-- express cycle's last push.
CREATE INDEX push_deliveries_subject ON push_deliveries (subscription_id, subject, sequence);

-- Pending first attempts were due when their pg-boss job was queued: at once, or at the end of an
-- express cycle (the job's start time, not kept in the row; the cycle rule then supersedes older
-- states before sending, so sending one at once is safe).
UPDATE push_deliveries SET next_attempt_at = created_at WHERE state = 'pending' AND next_attempt_at IS NULL;

-- New deliveries wake the workers (on commit of the writing transaction; a statement that inserted
-- nothing due costs one needless claim). Retries and resumed deliveries come due later and are
-- found by the workers' poll.
CREATE FUNCTION notify_push_deliveries_due() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('tradelog_push_deliveries', '');
  RETURN NULL;
END $$;

CREATE TRIGGER push_deliveries_inserted AFTER INSERT ON push_deliveries FOR EACH STATEMENT EXECUTE FUNCTION notify_push_deliveries_due();

-- Down Migration
DROP TRIGGER push_deliveries_inserted ON push_deliveries;
DROP FUNCTION notify_push_deliveries_due();
DROP INDEX push_deliveries_subject;
DROP INDEX push_deliveries_claimed;
DROP INDEX push_deliveries_due;
ALTER TABLE push_deliveries DROP COLUMN claimed_until;
