-- Up Migration
-- A checkpoint also names the last record it applied: that record's timestamp (the offset before
-- next_offset). A Kafka restored in place from an older backup keeps its cluster and topic ids, and
-- once new records have grown its partitions past the checkpoints, no offset tells it apart: the
-- record at the checkpoint's last offset does (projections/src/logBinding.ts, rule 6). Null where
-- no record was applied at that offset yet (a build's or push's first position) and on checkpoints
-- stored before: they take it with their next batch.
--
-- found_record_timestamp: the timestamp of the record the log held at that offset instead, set by
-- the processors when they stop on it, so that every reader of the checkpoint (the pipeline view,
-- the answers' freshness) names the same fault without reading the log; cleared once the
-- checkpoint and the log agree again or a batch moves it.
ALTER TABLE projection_checkpoints ADD COLUMN last_record_timestamp bigint, ADD COLUMN found_record_timestamp bigint;

-- Down Migration
ALTER TABLE projection_checkpoints DROP COLUMN found_record_timestamp, DROP COLUMN last_record_timestamp;
