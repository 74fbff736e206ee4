import type { Queryable } from './db.ts';

/** The checkpoint store: offsets per consumer group, topic and partition (one function per statement). */
export interface Checkpoint {
  topic: string;
  partition: number;
  nextOffset: string;
  recordsApplied: string;
  appliedAt: Date;
  /** The log it was taken on (./logBinding.ts); null when stored before ids were kept. */
  clusterId: string | null;
  topicId: string | null;
  /** The timestamp (ms) of the last record applied, at `nextOffset - 1` (./logBinding.ts rule 6); null when none was. */
  lastTimestamp: string | null;
  /** The timestamp of another record the processors found at that offset (rule 6), while they stay stopped on it. */
  foundTimestamp: string | null;
}

/** The log a consumer's checkpoints are written for: the cluster id and each topic's id. */
export interface CheckpointLog {
  clusterId: string;
  topicIds: ReadonlyMap<string, string>;
}

export async function readCheckpoints(db: Queryable, consumerGroup: string): Promise<Checkpoint[]> {
  const { rows } = await db.query(
    `SELECT topic, partition, next_offset, records_applied, applied_at, cluster_id, topic_id, last_record_timestamp,
       found_record_timestamp FROM projection_checkpoints
     WHERE consumer_group = $1 ORDER BY topic, partition`,
    [consumerGroup],
  );
  return rows.map(checkpointOf);
}

// biome-ignore lint/suspicious/noExplicitAny: a pg row of projection_checkpoints
const checkpointOf = (row: any): Checkpoint => ({
  topic: row.topic,
  partition: row.partition,
  nextOffset: String(row.next_offset),
  recordsApplied: String(row.records_applied),
  appliedAt: row.applied_at,
  clusterId: row.cluster_id,
  topicId: row.topic_id,
  lastTimestamp: row.last_record_timestamp === null ? null : String(row.last_record_timestamp),
  foundTimestamp: row.found_record_timestamp === null ? null : String(row.found_record_timestamp),
});

/** Locks the partition's checkpoint row for the batch's transaction and returns its next offset. */
export async function lockCheckpoint(
  db: Queryable,
  consumerGroup: string,
  topic: string,
  partition: number,
): Promise<string | null> {
  const { rows } = await db.query(
    `SELECT next_offset FROM projection_checkpoints
     WHERE consumer_group = $1 AND topic = $2 AND partition = $3 FOR UPDATE`,
    [consumerGroup, topic, partition],
  );
  return rows[0] ? String(rows[0].next_offset) : null;
}

/**
 * Locks the checkpoint rows of several partitions for a group transaction, in one statement and
 * in (topic, partition) order, so two transactions never wait on each other crosswise; returns
 * the next offset of each `topic/partition` that has one, with the log it was taken on.
 */
export async function lockCheckpoints(
  db: Queryable,
  consumerGroup: string,
  slots: readonly { topic: string; partition: number }[],
): Promise<Map<string, { nextOffset: string; clusterId: string | null; topicId: string | null }>> {
  const { rows } = await db.query(
    `SELECT c.topic, c.partition, c.next_offset, c.cluster_id, c.topic_id FROM projection_checkpoints c
     JOIN unnest($2::text[], $3::int[]) AS s(topic, partition) ON c.topic = s.topic AND c.partition = s.partition
     WHERE c.consumer_group = $1 ORDER BY c.topic, c.partition FOR UPDATE OF c`,
    [consumerGroup, slots.map((s) => s.topic), slots.map((s) => s.partition)],
  );
  return new Map(
    rows.map((row) => [
      `${row.topic}/${row.partition}`,
      { nextOffset: String(row.next_offset), clusterId: row.cluster_id, topicId: row.topic_id },
    ]),
  );
}

/**
 * Stores the new offsets of several partitions in one statement (rows in (topic, partition)
 * order), each with the log it was taken on and the timestamp of the last record applied (none
 * for a position stored before any record: a build's or push's first).
 */
export async function saveCheckpoints(
  db: Queryable,
  consumerGroup: string,
  checkpoints: readonly {
    topic: string;
    partition: number;
    nextOffset: string;
    recordsApplied: number;
    lastTimestamp?: string | null;
  }[],
  appliedAt: Date,
  log: CheckpointLog,
): Promise<void> {
  if (checkpoints.length === 0) return;
  const sorted = [...checkpoints].sort((a, b) =>
    a.topic === b.topic ? a.partition - b.partition : a.topic < b.topic ? -1 : 1,
  );
  await db.query(
    `INSERT INTO projection_checkpoints (consumer_group, topic, partition, next_offset, records_applied, applied_at, cluster_id, topic_id, last_record_timestamp)
     SELECT $1, topic, partition, next_offset, records_applied, $5, $7, topic_id, last_record_timestamp
     FROM unnest($2::text[], $3::int[], $4::bigint[], $6::bigint[], $8::text[], $9::bigint[])
       AS c(topic, partition, next_offset, records_applied, topic_id, last_record_timestamp)
     ON CONFLICT (consumer_group, topic, partition) DO UPDATE
     SET next_offset = EXCLUDED.next_offset,
         records_applied = projection_checkpoints.records_applied + EXCLUDED.records_applied,
         applied_at = EXCLUDED.applied_at,
         cluster_id = EXCLUDED.cluster_id,
         topic_id = EXCLUDED.topic_id,
         last_record_timestamp = EXCLUDED.last_record_timestamp,
         found_record_timestamp = NULL`,
    [
      consumerGroup,
      sorted.map((c) => c.topic),
      sorted.map((c) => c.partition),
      sorted.map((c) => c.nextOffset),
      appliedAt,
      sorted.map((c) => c.recordsApplied),
      log.clusterId,
      sorted.map((c) => log.topicIds.get(c.topic) ?? null),
      sorted.map((c) => c.lastTimestamp ?? null),
    ],
  );
}

/**
 * Keeps what the processors found at the last applied offsets of a group's checkpoints (rule 6
 * of ./logBinding.ts) as exactly these findings: each where its checkpoint still stands where it
 * was judged, and no other (none: the group's checkpoints and the log agree again).
 */
export async function storeFoundRecords(
  db: Queryable,
  consumerGroup: string,
  found: readonly { topic: string; partition: number; nextOffset: string; timestamp: string }[],
): Promise<void> {
  await db.query(
    `UPDATE projection_checkpoints c SET found_record_timestamp = (
       SELECT f.found FROM unnest($2::text[], $3::int[], $4::bigint[], $5::bigint[]) AS f(topic, partition, next_offset, found)
       WHERE f.topic = c.topic AND f.partition = c.partition AND f.next_offset = c.next_offset)
     WHERE c.consumer_group = $1
       AND (c.found_record_timestamp IS NOT NULL OR (c.topic, c.partition) IN (SELECT * FROM unnest($2::text[], $3::int[])))`,
    [
      consumerGroup,
      found.map((f) => f.topic),
      found.map((f) => f.partition),
      found.map((f) => f.nextOffset),
      found.map((f) => f.timestamp),
    ],
  );
}

export async function saveCheckpoint(
  db: Queryable,
  checkpoint: {
    consumerGroup: string;
    topic: string;
    partition: number;
    nextOffset: string;
    recordsApplied: number;
    appliedAt: Date;
  },
): Promise<void> {
  await db.query(
    `INSERT INTO projection_checkpoints (consumer_group, topic, partition, next_offset, records_applied, applied_at)
     VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (consumer_group, topic, partition) DO UPDATE
     SET next_offset = EXCLUDED.next_offset,
         records_applied = projection_checkpoints.records_applied + EXCLUDED.records_applied,
         applied_at = EXCLUDED.applied_at,
         last_record_timestamp = NULL,
         found_record_timestamp = NULL`,
    [
      checkpoint.consumerGroup,
      checkpoint.topic,
      checkpoint.partition,
      checkpoint.nextOffset,
      checkpoint.recordsApplied,
      checkpoint.appliedAt,
    ],
  );
}

/**
 * The checkpoints on a topic of the consumer groups that belong to no projection version: the
 * push processor's on the changes topic (a transport, not a view: it may start over on a new log).
 * Locked for the caller's transaction unless only read (`lock: false`, the pipeline view: a lock
 * would hold back the push processor's commits).
 */
export async function readTransportCheckpoints(
  db: Queryable,
  topic: string,
  options: { lock?: boolean } = {},
): Promise<(Checkpoint & { consumerGroup: string })[]> {
  const { rows } = await db.query(
    `SELECT consumer_group, topic, partition, next_offset, records_applied, applied_at, cluster_id, topic_id,
       last_record_timestamp, found_record_timestamp
     FROM projection_checkpoints c
     WHERE topic = $1 AND NOT EXISTS (SELECT 1 FROM projection_versions v WHERE v.consumer_group = c.consumer_group)
     ORDER BY consumer_group, partition${options.lock === false ? '' : ' FOR UPDATE'}`,
    [topic],
  );
  return rows.map((row) => ({ consumerGroup: row.consumer_group, ...checkpointOf(row) }));
}

/** Removes the named partitions' checkpoints of a consumer group (it starts them at offset 0). */
export async function deleteCheckpointsOf(
  db: Queryable,
  consumerGroup: string,
  slots: readonly { topic: string; partition: number }[],
): Promise<void> {
  await db.query(
    `DELETE FROM projection_checkpoints c USING unnest($2::text[], $3::int[]) AS s(topic, partition)
     WHERE c.consumer_group = $1 AND c.topic = s.topic AND c.partition = s.partition`,
    [consumerGroup, slots.map((s) => s.topic), slots.map((s) => s.partition)],
  );
}

export async function deleteCheckpoints(db: Queryable, consumerGroup: string): Promise<void> {
  await db.query('DELETE FROM projection_checkpoints WHERE consumer_group = $1', [consumerGroup]);
}

/** The next offsets of several (consumer group, topic, partition) slots with one statement; keyed `group/topic/partition`. */
export async function readNextOffsets(
  db: Queryable,
  slots: readonly { consumerGroup: string; topic: string; partition: number }[],
): Promise<Map<string, string>> {
  if (slots.length === 0) return new Map();
  const { rows } = await db.query(
    `SELECT c.consumer_group, c.topic, c.partition, c.next_offset FROM projection_checkpoints c
     JOIN unnest($1::text[], $2::text[], $3::int[]) AS s(consumer_group, topic, partition)
       ON c.consumer_group = s.consumer_group AND c.topic = s.topic AND c.partition = s.partition`,
    [slots.map((s) => s.consumerGroup), slots.map((s) => s.topic), slots.map((s) => s.partition)],
  );
  return new Map(
    rows.map((row) => [`${row.consumer_group}/${row.topic}/${row.partition}`, String(row.next_offset)]),
  );
}
