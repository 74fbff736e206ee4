import type pg from 'pg';
import type { IdempotencyRecord } from './decision.ts';

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
}

const recordOf = (row: Row): IdempotencyRecord => ({
  bodySha256: row.body_sha256,
  documentId: row.document_id,
  state: row.state,
  reservedAt: row.reserved_at,
});

/**
 * Reserves the key for a new submission, or replaces a record whose time is up. Returns false
 * when a live record holds the key (read it with findKey). Concurrent reservations of one key
 * are serialised by the primary key: exactly one of them gets true.
 */
export async function reserveKey(
  db: Db,
  scope: KeyScope,
  entry: { bodySha256: string; documentId: string; now: Date; expiresAt: Date },
): Promise<boolean> {
  const result = await db.query(
    `INSERT INTO ingest_idempotency
       (partner_id, interface_id, idempotency_key, body_sha256, document_id, state, reserved_at, expires_at)
     VALUES ($1, $2, $3, $4, $5, 'pending', $6, $7)
     ON CONFLICT (partner_id, interface_id, idempotency_key) DO UPDATE
       SET body_sha256 = EXCLUDED.body_sha256, document_id = EXCLUDED.document_id, state = 'pending',
           reserved_at = EXCLUDED.reserved_at, expires_at = EXCLUDED.expires_at
       WHERE ingest_idempotency.expires_at <= EXCLUDED.reserved_at
     RETURNING document_id`,
    [
      scope.partnerId,
      scope.interfaceId,
      scope.key,
      entry.bodySha256,
      entry.documentId,
      entry.now,
      entry.expiresAt,
    ],
  );
  return (result.rowCount ?? 0) > 0;
}

export async function findKey(db: Db, scope: KeyScope): Promise<IdempotencyRecord | undefined> {
  const result = await db.query<Row>(
    `SELECT body_sha256, document_id, state, reserved_at FROM ingest_idempotency
      WHERE partner_id = $1 AND interface_id = $2 AND idempotency_key = $3`,
    [scope.partnerId, scope.interfaceId, scope.key],
  );
  const row = result.rows[0];
  return row === undefined ? undefined : recordOf(row);
}

/** Takes over a failed or abandoned reservation; false when another request took it first. */
export async function takeOverKey(
  db: Db,
  scope: KeyScope,
  seen: IdempotencyRecord,
  now: Date,
): Promise<boolean> {
  const result = await db.query(
    `UPDATE ingest_idempotency SET state = 'pending', reserved_at = $5
      WHERE partner_id = $1 AND interface_id = $2 AND idempotency_key = $3
        AND state <> 'done' AND reserved_at = $4`,
    [scope.partnerId, scope.interfaceId, scope.key, seen.reservedAt, now],
  );
  return (result.rowCount ?? 0) > 0;
}

/** Kafka acknowledged the append: later requests with the key are answered with its document id. */
export async function completeKey(db: Db, scope: KeyScope, documentId: string): Promise<void> {
  await db.query(
    `UPDATE ingest_idempotency SET state = 'done'
      WHERE partner_id = $1 AND interface_id = $2 AND idempotency_key = $3 AND document_id = $4`,
    [scope.partnerId, scope.interfaceId, scope.key, documentId],
  );
}

/** The append ended without an acknowledgement (it may or may not be in the log). */
export async function failKey(db: Db, scope: KeyScope, documentId: string): Promise<void> {
  await db.query(
    `UPDATE ingest_idempotency SET state = 'failed'
      WHERE partner_id = $1 AND interface_id = $2 AND idempotency_key = $3 AND document_id = $4
        AND state = 'pending'`,
    [scope.partnerId, scope.interfaceId, scope.key, documentId],
  );
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
