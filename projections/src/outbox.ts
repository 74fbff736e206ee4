import type { Queryable } from './db.ts';
import { writeRecordset } from './recordsets.ts';

/** The change-event outbox (one function per statement). */
export interface OutboxEntry {
  eventId: string;
  projection: string;
  recordKey: string;
  payload: Record<string, unknown>;
}

export async function insertOutboxEntries(
  db: Queryable,
  entries: readonly OutboxEntry[],
  at: Date,
): Promise<void> {
  await writeRecordset(
    db,
    {
      table: 'change_outbox',
      key: ['event_id'],
      columns: [
        ['event_id', 'text', (e) => e.eventId],
        ['projection', 'text', (e) => e.projection],
        ['record_key', 'text', (e) => e.recordKey],
        ['payload', 'jsonb', (e) => e.payload],
        ['created_at', 'timestamptz', () => at],
      ],
      onConflict: 'keep',
      // `seq` numbers the entries as the batch made them: the order they are published in.
      order: 'given',
    },
    entries,
  );
}

export async function readOutbox(db: Queryable, projection: string, limit: number): Promise<OutboxEntry[]> {
  const { rows } = await db.query(
    `SELECT event_id, projection, record_key, payload FROM change_outbox
     WHERE projection = $1 AND parked_at IS NULL ORDER BY seq LIMIT $2`,
    [projection, limit],
  );
  return rows.map((row) => ({
    eventId: row.event_id,
    projection: row.projection,
    recordKey: row.record_key,
    payload: row.payload,
  }));
}

export async function deleteOutboxEntries(db: Queryable, eventIds: readonly string[]): Promise<void> {
  await db.query('DELETE FROM change_outbox WHERE event_id = ANY($1)', [eventIds]);
}

/**
 * Sets aside entries the log refuses for good (a change event larger than the brokers take): kept
 * with the reason, and no longer read, so they do not hold back the entries after them
 * (processors/README.md "Change events the log refuses").
 */
export async function parkOutboxEntries(
  db: Queryable,
  eventIds: readonly string[],
  reason: string,
  at: Date,
): Promise<void> {
  await db.query('UPDATE change_outbox SET parked_at = $3, parked_reason = $2 WHERE event_id = ANY($1)', [
    eventIds,
    reason,
    at,
  ]);
}
