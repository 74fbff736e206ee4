-- Up Migration
-- A checkpoint names the log it was taken on (ARCHITECTURE "Processors are pure at the core";
-- projections/src/logBinding.ts): the Kafka cluster's id and the topic's id. Against a log that
-- is not that one (a new cluster, a recreated topic), the consumer stops and says so instead of
-- taking every record below its old offsets for applied. Null on checkpoints stored before: they
-- take the ids of the log they are next applied on.
ALTER TABLE projection_checkpoints ADD COLUMN cluster_id text, ADD COLUMN topic_id text;

-- Down Migration
ALTER TABLE projection_checkpoints DROP COLUMN cluster_id, DROP COLUMN topic_id;
