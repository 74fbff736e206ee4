-- Up Migration
-- Finished deliveries by when they last changed: the push service's retention sweep deletes those
-- older than PUSH_RETENTION_DAYS (projections/src/push/retention.ts, push README "Retention")
-- without reading the whole table each time. Partial: deliveries still to be made are not in it.
CREATE INDEX push_deliveries_finished ON push_deliveries (updated_at)
  WHERE state IN ('delivered', 'dead', 'superseded', 'cancelled');

-- Down Migration
DROP INDEX push_deliveries_finished;
