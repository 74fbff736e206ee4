-- Up Migration
-- Where Kafka acknowledged a submission made under an Idempotency-Key, and in which log (ingest
-- README "Retrying safely"): a retry is answered as a repeat only while the log still holds that
-- record. After a reset, a move to another cluster or a restore from an older backup, the retry
-- is appended again under its first documentId instead of being answered "accepted" for a
-- record the log lost. Rows settled before carry no place and are answered as before.
ALTER TABLE ingest_idempotency
  ADD COLUMN log_cluster_id text,
  ADD COLUMN log_topic_id text,
  ADD COLUMN log_topic text,
  ADD COLUMN log_partition integer,
  ADD COLUMN log_offset bigint;

-- Down Migration
ALTER TABLE ingest_idempotency
  DROP COLUMN log_cluster_id,
  DROP COLUMN log_topic_id,
  DROP COLUMN log_topic,
  DROP COLUMN log_partition,
  DROP COLUMN log_offset;
