-- Up Migration
-- A change event the log refuses for good (larger than the brokers take in one record batch) is
-- parked in the outbox with the reason, rather than read again before every other entry for ever
-- (processors/README.md "Change events the log refuses"). An operator who raises the limit
-- publishes them again by clearing parked_at.
ALTER TABLE change_outbox ADD COLUMN parked_at timestamptz, ADD COLUMN parked_reason text;

-- Down Migration
ALTER TABLE change_outbox DROP COLUMN parked_reason, DROP COLUMN parked_at;
