import type { Queryable } from './db.ts';

/** The checkpoint store: offsets per consumer group, topic and partition (one function per statement). */
export interface Checkpoint {
  topic: string;
  partition: number;
  nextOffset: string;
  recordsApplied: string;
  appliedAt: Date;
}

export async function readCheckpoints(db: Queryable, consumerGroup: string): Promise<Checkpoint[]> {
  const { rows } = await db.query(
    `SELECT topic, partition, next_offset, records_applied, applied_at FROM projection_checkpoints
     WHERE consumer_group = $1 ORDER BY topic, partition`,
    [consumerGroup],
  );
  return rows.map((row) => ({
    topic: row.topic,
    partition: row.partition,
    nextOffset: String(row.next_offset),
    recordsApplied: String(row.records_applied),
    appliedAt: row.applied_at,
  }));
}

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
         applied_at = EXCLUDED.applied_at`,
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

export async function deleteCheckpoints(db: Queryable, consumerGroup: string): Promise<void> {
  await db.query('DELETE FROM projection_checkpoints WHERE consumer_group = $1', [consumerGroup]);
}
