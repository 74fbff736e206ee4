-- Up Migration
-- Secret rotation with an overlap (query-api README "Subscriber tools"): the secret a rotation
-- replaced keeps signing beside the new one until `previous_secret_until`, so a receiver can
-- switch its verification without losing a push. Standard Webhooks lets `webhook-signature`
-- carry several space-separated signatures; a receiver holding either secret verifies.
ALTER TABLE push_subscriptions ADD COLUMN previous_secret text, ADD COLUMN previous_secret_until timestamptz;

-- The secrets a push is signed with now, space-separated (a whsec_ secret holds no space): the
-- current one, then the previous one while its overlap runs. The one rule the attempt view and
-- the push processor's match (projections/src/push/subscriptions.ts) both read.
CREATE FUNCTION push_signing_secrets(secret text, previous_secret text, previous_secret_until timestamptz)
  RETURNS text LANGUAGE sql STABLE AS $$
  SELECT CASE WHEN previous_secret IS NOT NULL AND previous_secret_until > now()
    THEN secret || ' ' || previous_secret ELSE secret END
$$;

-- As in 1764700000000_push-claims-table.sql, with `secret` the signing secrets above (same
-- columns, so push_claim_deliveries, which returns the view's rows, stays as it is).
CREATE OR REPLACE VIEW push_deliveries_for_attempt AS
SELECT d.id, d.subscription_id, s.family, s.callback_url,
  push_signing_secrets(s.secret, s.previous_secret, s.previous_secret_until) AS secret,
  CASE WHEN k.revoked_at IS NULL THEN s.state ELSE 'deleted' END AS subscription_state, d.event_id,
  d.subject, d.sequence, d.payload, d.state, d.attempts, d.round_start, d.forced,
  COALESCE(q.delivered_sequence, 0) AS delivered_sequence,
  EXISTS (SELECT 1 FROM push_deliveries n WHERE n.subscription_id = d.subscription_id AND n.subject = d.subject
          AND n.sequence > d.sequence AND n.state IN ('held', 'requested', 'pending', 'scheduled')) AS newer_waiting
FROM push_deliveries d
JOIN push_subscriptions s ON s.id = d.subscription_id
LEFT JOIN api_keys k ON k.id = s.key_id
LEFT JOIN push_subject_sequences q ON q.subscription_id = d.subscription_id AND q.subject = d.subject;

-- Down Migration
CREATE OR REPLACE VIEW push_deliveries_for_attempt AS
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
DROP FUNCTION push_signing_secrets(text, text, timestamptz);
ALTER TABLE push_subscriptions DROP COLUMN previous_secret, DROP COLUMN previous_secret_until;
