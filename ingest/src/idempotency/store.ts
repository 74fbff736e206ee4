import type pg from 'pg';
import type { IdempotencyRecord, RecordPlace } from './decision.ts';

/**
 * Ingest's own table, `ingest_idempotency` (projections/migrations: ingest's only write; not a
 * projection, nothing derives from it and nothing reads it but ingest). One function per
 * statement; every statement is one autocommit round trip.
 */
export interface KeyScope {
  partnerId: string;
  interfaceId: string;
  key: string;
}

type Db = Pick<pg.Pool, 'query'>;

interface Row {
  body_sha256: string;
  document_id: string;
  state: IdempotencyRecord['state'];
  reserved_at: Date;
  log_cluster_id: string | null;
  log_topic_id: string | null;
  log_topic: string | null;
  log_partition: number | null;
  log_offset: string | null;
}

const recordOf = (row: Row): IdempotencyRecord => ({
  bodySha256: row.body_sha256,
  documentId: row.document_id,
  state: row.state,
  reservedAt: row.reserved_at,
  ...(row.log_topic !== null && row.log_partition !== null && row.log_offset !== null
    ? {
        place: {
          clusterId: row.log_cluster_id,
          topicId: row.log_topic_id,
          topic: row.log_topic,
          partition: row.log_partition,
          offset: BigInt(row.log_offset),
        },
      }
    : {}),
});

export interface Reservation {
  scope: KeyScope;
  bodySha256: string;
  documentId: string;
  now: Date;
  expiresAt: Date;
}

/** One string per key scope, for maps. */
export const scopeId = (scope: KeyScope) => `${scope.partnerId}\u0000${scope.interfaceId}\u0000${scope.key}`;

/**
 * Reserves keys for new submissions (one statement for the batch), or replaces records whose
 * time is up. Answers, per entry, whether it was reserved; false means a live record holds the
 * key (read it with findKey). Concurrent reservations of one key are serialised by the primary
 * key: exactly one gets true (within a batch, the first). Rows are written in key order, so
 * that instances writing overlapping batches cannot deadlock.
 */
export async function reserveKeys(db: Db, entries: readonly Reservation[]): Promise<boolean[]> {
  const first = new Map<string, Reservation>();
  for (const entry of entries) if (!first.has(scopeId(entry.scope))) first.set(scopeId(entry.scope), entry);
  const rows = [...first.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([, entry]) => entry);
  const result = await db.query<{ partner_id: string; interface_id: string; idempotency_key: string }>({
    // Named: every submission's batch runs it, so each connection parses and plans it once.
    name: 'ingest-reserve-keys',
    text: `INSERT INTO ingest_idempotency
       (partner_id, interface_id, idempotency_key, body_sha256, document_id, state, reserved_at, expires_at)
     SELECT partner_id, interface_id, idempotency_key, body_sha256, document_id, 'pending', reserved_at, expires_at
       FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::timestamptz[], $7::timestamptz[])
         AS entry(partner_id, interface_id, idempotency_key, body_sha256, document_id, reserved_at, expires_at)
     ON CONFLICT (partner_id, interface_id, idempotency_key) DO UPDATE
       SET body_sha256 = EXCLUDED.body_sha256, document_id = EXCLUDED.document_id, state = 'pending',
           reserved_at = EXCLUDED.reserved_at, expires_at = EXCLUDED.expires_at
       WHERE ingest_idempotency.expires_at <= EXCLUDED.reserved_at
     RETURNING partner_id, interface_id, idempotency_key, document_id`,
    values: [
      rows.map((row) => row.scope.partnerId),
      rows.map((row) => row.scope.interfaceId),
      rows.map((row) => row.scope.key),
      rows.map((row) => row.bodySha256),
      rows.map((row) => row.documentId),
      rows.map((row) => row.now),
      rows.map((row) => row.expiresAt),
    ],
  });
  const reserved = new Set(
    result.rows.map((row) =>
      scopeId({ partnerId: row.partner_id, interfaceId: row.interface_id, key: row.idempotency_key }),
    ),
  );
  return entries.map(
    (entry) => reserved.has(scopeId(entry.scope)) && first.get(scopeId(entry.scope)) === entry,
  );
}

export async function findKey(db: Db, scope: KeyScope): Promise<IdempotencyRecord | undefined> {
  const result = await db.query<Row>(
    `SELECT body_sha256, document_id, state, reserved_at,
            log_cluster_id, log_topic_id, log_topic, log_partition, log_offset
       FROM ingest_idempotency
      WHERE partner_id = $1 AND interface_id = $2 AND idempotency_key = $3`,
    [scope.partnerId, scope.interfaceId, scope.key],
  );
  const row = result.rows[0];
  return row === undefined ? undefined : recordOf(row);
}

/**
 * Takes over a reservation as it was `seen`: failed, abandoned, or done in a log that no longer
 * holds it (idempotency.ts); false when another request changed it first. Its place is
 * forgotten: the append that follows records its own.
 */
export async function takeOverKey(
  db: Db,
  scope: KeyScope,
  seen: IdempotencyRecord,
  now: Date,
): Promise<boolean> {
  const result = await db.query(
    `UPDATE ingest_idempotency SET state = 'pending', reserved_at = $6, log_cluster_id = NULL,
            log_topic_id = NULL, log_topic = NULL, log_partition = NULL, log_offset = NULL
      WHERE partner_id = $1 AND interface_id = $2 AND idempotency_key = $3
        AND state = $4 AND reserved_at = $5`,
    [scope.partnerId, scope.interfaceId, scope.key, seen.state, seen.reservedAt, now],
  );
  return (result.rowCount ?? 0) > 0;
}

export interface Settlement {
  scope: KeyScope;
  documentId: string;
  /** done: Kafka acknowledged the append; failed: it ended without an acknowledgement (it may or may not be in the log). */
  state: 'done' | 'failed';
  /** Where Kafka acknowledged it (done only). */
  place?: RecordPlace;
}

/**
 * Records how appends ended (one statement for the batch), an acknowledged one with its place in
 * the log. A failure only marks a reservation still pending (a takeover may have moved on); both
 * only touch the reservation made under that document id. Rows are updated in key order (no
 * deadlock between instances).
 */
export async function settleKeys(db: Db, entries: readonly Settlement[]): Promise<void> {
  if (entries.length === 0) return;
  const rows = [...entries].sort((a, b) => (scopeId(a.scope) < scopeId(b.scope) ? -1 : 1));
  await db.query({
    name: 'ingest-settle-keys',
    text: `UPDATE ingest_idempotency AS record SET state = entry.state,
         log_cluster_id = entry.log_cluster_id, log_topic_id = entry.log_topic_id,
         log_topic = entry.log_topic, log_partition = entry.log_partition, log_offset = entry.log_offset
       FROM (SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[],
                                  $6::text[], $7::text[], $8::text[], $9::integer[], $10::bigint[])
               AS entry(partner_id, interface_id, idempotency_key, document_id, state,
                        log_cluster_id, log_topic_id, log_topic, log_partition, log_offset)
              ORDER BY partner_id, interface_id, idempotency_key) AS entry
      WHERE record.partner_id = entry.partner_id AND record.interface_id = entry.interface_id
        AND record.idempotency_key = entry.idempotency_key AND record.document_id = entry.document_id
        AND (entry.state = 'done' OR record.state = 'pending')`,
    values: [
      rows.map((row) => row.scope.partnerId),
      rows.map((row) => row.scope.interfaceId),
      rows.map((row) => row.scope.key),
      rows.map((row) => row.documentId),
      rows.map((row) => row.state),
      rows.map((row) => row.place?.clusterId ?? null),
      rows.map((row) => row.place?.topicId ?? null),
      rows.map((row) => row.place?.topic ?? null),
      rows.map((row) => row.place?.partition ?? null),
      rows.map((row) => (row.place ? String(row.place.offset) : null)),
    ],
  });
}

/** Forgets records whose time is up, a bounded number per call; returns how many. */
export async function deleteExpiredKeys(db: Db, now: Date, limit = 10_000): Promise<number> {
  const result = await db.query(
    `DELETE FROM ingest_idempotency WHERE ctid = ANY (ARRAY(
       SELECT ctid FROM ingest_idempotency WHERE expires_at <= $1 LIMIT $2))`,
    [now, limit],
  );
  return result.rowCount ?? 0;
}
