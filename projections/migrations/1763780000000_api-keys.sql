-- Up Migration
-- API keys of partners (submission), lenders (queries, limited to their enterprises) and
-- operators. Only a sha256 of the key is kept: the key itself is shown once, at creation,
-- and afterwards identified by its prefix (issue 3, "stored hashed").
CREATE TABLE api_keys (
  id uuid PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('partner', 'lender', 'operator')),
  owner_id text NOT NULL,
  owner_name text NOT NULL,
  -- Enterprise codes a lender may read; empty for partners and operators.
  enterprises text[] NOT NULL DEFAULT '{}',
  key_prefix text NOT NULL,
  key_hash text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now(),
  revoked_at timestamptz
);

CREATE INDEX api_keys_owner ON api_keys (kind, owner_id);

-- Down Migration
DROP TABLE api_keys;
