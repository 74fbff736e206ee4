-- Up Migration
-- A retried dead letter whose record is older in log order than every row it would replace
-- changes nothing and is done with: it resolves as `superseded` (processors/README.md "Dead
-- letters"), which an operator can tell apart from a letter the retry applied.
ALTER TABLE dead_letters DROP CONSTRAINT dead_letters_state_check;
ALTER TABLE dead_letters ADD CONSTRAINT dead_letters_state_check
  CHECK (state IN ('open', 'retrying', 'resolved', 'superseded'));

-- Down Migration
UPDATE dead_letters SET state = 'resolved' WHERE state = 'superseded';
ALTER TABLE dead_letters DROP CONSTRAINT dead_letters_state_check;
ALTER TABLE dead_letters ADD CONSTRAINT dead_letters_state_check
  CHECK (state IN ('open', 'retrying', 'resolved'));
