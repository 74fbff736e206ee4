-- Up Migration
-- An operator may discard a dead letter it has read and judged not worth applying (a test
-- document, a record a later one replaced): `discarded` is done with, like `resolved`, but says
-- nothing was applied (query-api/README.md "Dead letters").
ALTER TABLE dead_letters DROP CONSTRAINT dead_letters_state_check;
ALTER TABLE dead_letters ADD CONSTRAINT dead_letters_state_check
  CHECK (state IN ('open', 'retrying', 'resolved', 'superseded', 'discarded'));

-- Who asked for what among the operator's actions that change the pipeline: rebuilds requested
-- and cancelled, dead letters retried and discarded, accounts and keys made, granted, withdrawn
-- and revoked. Written in the transaction of the change it records; never updated.
CREATE TABLE operator_audit (
  id bigserial PRIMARY KEY,
  at timestamptz NOT NULL,
  -- The caller: its account and key (null for the command line, which has no key).
  account_id uuid,
  key_id uuid,
  actor text NOT NULL CHECK (char_length(actor) BETWEEN 1 AND 200),
  action text NOT NULL CHECK (char_length(action) BETWEEN 1 AND 64),
  subject jsonb NOT NULL DEFAULT '{}'
);

-- Down Migration
DROP TABLE operator_audit;
UPDATE dead_letters SET state = 'resolved' WHERE state = 'discarded';
ALTER TABLE dead_letters DROP CONSTRAINT dead_letters_state_check;
ALTER TABLE dead_letters ADD CONSTRAINT dead_letters_state_check
  CHECK (state IN ('open', 'retrying', 'resolved', 'superseded'));
