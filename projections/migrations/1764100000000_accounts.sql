-- Up Migration
-- Accounts own everything their keys make (query-api README "Accounts and ownership"). An account
-- is an organisation — partner, lender, subscriber or operator — with a stable id; its `code` is
-- the operator's handle for it and unique per kind, never derived from a name by the system
-- alone: two organisations called "Bank A" and "BANK-A" are two accounts.
-- `enterprises` are the account's grants: the enterprises a lender may read, the enterprises a
-- partner may submit for ('*': any, for platform-wide partners such as a port operator).
CREATE TABLE accounts (
  id uuid PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('partner', 'lender', 'subscriber', 'operator')),
  code text NOT NULL CHECK (char_length(code) BETWEEN 1 AND 64),
  name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 200),
  enterprises text[] NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (kind, code)
);

ALTER TABLE api_keys DROP CONSTRAINT api_keys_kind_check;
ALTER TABLE api_keys ADD CONSTRAINT api_keys_kind_check
  CHECK (kind IN ('partner', 'lender', 'subscriber', 'operator'));
ALTER TABLE api_keys ADD COLUMN account_id uuid REFERENCES accounts (id);

-- Existing keys: one account per (kind, owner id) they were grouped by until now. Keys whose
-- names had collided into one owner id stay together (nothing tells them apart any more); an
-- operator revokes such a key and creates a new one in an account of its own. Lenders keep the union of their keys'
-- enterprises. Partners could submit for any enterprise until now; they keep that ('*') until an
-- operator narrows them, so deploying this does not stop intake.
INSERT INTO accounts (id, kind, code, name, enterprises, created_at)
SELECT gen_random_uuid(), kind, owner_id, min(owner_name),
  CASE WHEN kind = 'partner' THEN ARRAY['*']
       ELSE ARRAY(SELECT DISTINCT e FROM api_keys k2, unnest(k2.enterprises) e
                  WHERE k2.kind = k.kind AND k2.owner_id = k.owner_id ORDER BY e) END,
  min(created_at)
FROM api_keys k GROUP BY kind, owner_id;
UPDATE api_keys k SET account_id = a.id FROM accounts a WHERE a.kind = k.kind AND a.code = k.owner_id;
ALTER TABLE api_keys ALTER COLUMN account_id SET NOT NULL;
CREATE INDEX api_keys_account ON api_keys (account_id);

-- Subscriptions (and through them deliveries and attempts) belong to the account of the key that
-- made them.
ALTER TABLE push_subscriptions DROP CONSTRAINT push_subscriptions_owner_kind_check;
ALTER TABLE push_subscriptions ADD CONSTRAINT push_subscriptions_owner_kind_check
  CHECK (owner_kind IN ('partner', 'lender', 'subscriber', 'operator'));
ALTER TABLE push_subscriptions ADD COLUMN account_id uuid REFERENCES accounts (id);
UPDATE push_subscriptions s SET account_id = k.account_id FROM api_keys k WHERE k.id = s.key_id;
-- A subscription whose key row is gone has no owner left: it is retired.
UPDATE push_subscriptions SET state = 'deleted' WHERE account_id IS NULL;
CREATE INDEX push_subscriptions_account ON push_subscriptions (account_id, created_at);

-- Down Migration
DROP INDEX push_subscriptions_account;
ALTER TABLE push_subscriptions DROP COLUMN account_id;
ALTER TABLE api_keys DROP COLUMN account_id;
DROP TABLE accounts;
