import type { Queryable } from './db.ts';

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
  if (entries.length === 0) return;
  await db.query(
    `INSERT INTO change_outbox (event_id, projection, record_key, payload, created_at)
     SELECT e.event_id, e.projection, e.record_key, e.payload, $2 FROM jsonb_to_recordset($1::jsonb)
       AS e(event_id text, projection text, record_key text, payload jsonb)
     ON CONFLICT (event_id) DO NOTHING`,
    [
      JSON.stringify(
        entries.map((e) => ({
          event_id: e.eventId,
          projection: e.projection,
          record_key: e.recordKey,
          payload: e.payload,
        })),
      ),
      at,
    ],
  );
}

export async function readOutbox(db: Queryable, projection: string, limit: number): Promise<OutboxEntry[]> {
  const { rows } = await db.query(
    'SELECT event_id, projection, record_key, payload FROM change_outbox WHERE projection = $1 ORDER BY seq LIMIT $2',
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
