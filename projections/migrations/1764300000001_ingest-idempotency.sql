-- Up Migration
-- Ingest's own record of submissions it answered, for idempotent retries (ingest README
-- "Retrying safely"). Not a projection: nothing is derived from it, only ingest reads and
-- writes it. The key is the partner's Idempotency-Key ("key:…") or, without one, the sha256
-- of the canonical document ("sha256:…"); records expire (24 h for keys, 10 min for bodies by
-- default) and are deleted by ingest.
CREATE TABLE ingest_idempotency (
  partner_id text NOT NULL,
  interface_id text NOT NULL,
  idempotency_key text NOT NULL,
  body_sha256 text NOT NULL,
  document_id text NOT NULL,
  state text NOT NULL CHECK (state IN ('pending', 'done', 'failed')),
  reserved_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  PRIMARY KEY (partner_id, interface_id, idempotency_key)
);

CREATE INDEX ingest_idempotency_expiry ON ingest_idempotency (expires_at);

-- Down Migration
DROP TABLE ingest_idempotency;
