import type { DeadLetterState, ListedDeadLetter } from '@tradelog/schemas/queries/operations';
import type { Queryable } from './db.ts';

/** Dead letters: records a projection could not decode or apply (one function per statement). */

/**
 * A dead letter as stored: the contract's listing of it (`state`, processors/README.md "Dead
 * letters"), with its record's key and value as the log held them (bytes: they may hold what
 * text cannot).
 */
export interface DeadLetter extends Omit<ListedDeadLetter<Date>, 'recordKey' | 'valueBytes'> {
  recordKey: Buffer | null;
  value: Buffer | null;
}

const columns = `id, projection, consumer_group, topic, partition, record_offset, record_key, headers, value,
  error_code, error_message, state, attempts, failed_at, resolved_at`;

// biome-ignore lint/suspicious/noExplicitAny: a pg row
const toDeadLetter = (row: any): DeadLetter => ({
  id: String(row.id),
  projection: row.projection,
  consumerGroup: row.consumer_group,
  topic: row.topic,
  partition: row.partition,
  offset: String(row.record_offset),
  recordKey: row.record_key,
  headers: JSON.parse(row.headers.toString('utf8')),
  value: row.value,
  errorCode: row.error_code,
  errorMessage: row.error_message,
  state: row.state,
  attempts: row.attempts,
  failedAt: row.failed_at,
  resolvedAt: row.resolved_at,
});

/** A record failing again (a retry, or a replay after a crash) counts one more attempt on the same row. */
export async function insertDeadLetter(
  db: Queryable,
  letter: Omit<DeadLetter, 'id' | 'state' | 'attempts' | 'resolvedAt'>,
): Promise<void> {
  await db.query(
    `INSERT INTO dead_letters (projection, consumer_group, topic, partition, record_offset, record_key, headers, value,
       error_code, error_message, failed_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
     ON CONFLICT (consumer_group, topic, partition, record_offset) DO UPDATE
     SET error_code = EXCLUDED.error_code, error_message = EXCLUDED.error_message, failed_at = EXCLUDED.failed_at,
         state = 'open', attempts = dead_letters.attempts + 1, resolved_at = NULL`,
    [
      letter.projection,
      letter.consumerGroup,
      letter.topic,
      letter.partition,
      letter.offset,
      letter.recordKey,
      Buffer.from(JSON.stringify(letter.headers)),
      letter.value,
      letter.errorCode,
      // text cannot hold NUL; the message may quote the record.
      letter.errorMessage.replaceAll('\u0000', '\\u0000'),
      letter.failedAt,
    ],
  );
}

export async function listDeadLetters(
  db: Queryable,
  filter: { projection?: string; state?: DeadLetter['state']; limit: number; afterId?: string },
): Promise<DeadLetter[]> {
  const { rows } = await db.query(
    `SELECT ${columns} FROM dead_letters
     WHERE ($1::text IS NULL OR projection = $1) AND ($2::text IS NULL OR state = $2) AND id > $3
     ORDER BY id LIMIT $4`,
    [filter.projection ?? null, filter.state ?? null, filter.afterId ?? '0', filter.limit],
  );
  return rows.map(toDeadLetter);
}

export async function findDeadLetter(db: Queryable, id: string): Promise<DeadLetter | null> {
  const { rows } = await db.query(`SELECT ${columns} FROM dead_letters WHERE id = $1`, [id]);
  return rows[0] ? toDeadLetter(rows[0]) : null;
}

/** An operator asks for a retry; the processor picks `retrying` letters up and applies them again. */
export async function markDeadLetterRetrying(db: Queryable, id: string): Promise<DeadLetter | null> {
  const { rows } = await db.query(
    `UPDATE dead_letters SET state = 'retrying' WHERE id = $1 AND state IN ('open', 'retrying') RETURNING ${columns}`,
    [id],
  );
  return rows[0] ? toDeadLetter(rows[0]) : null;
}

/** Bulk retry: the letters of `ids` still open (or already retrying) are marked `retrying`; those marked are answered. */
export async function markDeadLettersRetrying(db: Queryable, ids: readonly string[]): Promise<string[]> {
  const { rows } = await db.query(
    `UPDATE dead_letters SET state = 'retrying' WHERE id = ANY($1::bigint[]) AND state IN ('open', 'retrying')
     RETURNING id`,
    [ids],
  );
  return rows.map((row) => String(row.id)).sort((a, b) => Number(a) - Number(b));
}

/** Bulk discard: the open letters of `ids` are done with, unapplied; those discarded are answered. */
export async function discardDeadLetters(db: Queryable, ids: readonly string[], at: Date): Promise<string[]> {
  const { rows } = await db.query(
    `UPDATE dead_letters SET state = 'discarded', resolved_at = $2 WHERE id = ANY($1::bigint[]) AND state = 'open'
     RETURNING id`,
    [ids, at],
  );
  return rows.map((row) => String(row.id)).sort((a, b) => Number(a) - Number(b));
}

/**
 * The `retrying` letters a consumer owns: its own consumer group's. A letter of another version
 * of the projection is not its to apply: a build would apply the live version's letters into its
 * own tables, and the live version, failing another version's letter again, counted the attempt
 * on its own letter and left the other `retrying`, to claim it again on every tick.
 */
export async function claimRetryingDeadLetters(
  db: Queryable,
  consumerGroup: string,
  limit: number,
): Promise<DeadLetter[]> {
  const { rows } = await db.query(
    `SELECT ${columns} FROM dead_letters WHERE consumer_group = $1 AND state = 'retrying'
     ORDER BY id LIMIT $2 FOR UPDATE SKIP LOCKED`,
    [consumerGroup, limit],
  );
  return rows.map(toDeadLetter);
}

/**
 * When a version goes live, the letters of the projection's other versions are done with,
 * `superseded`: the new version read every record of the log itself, and a record that fails it
 * too is a letter of its own. Open, they were retried by no consumer and counted as open for ever.
 */
export async function supersedeLettersOfOtherVersions(
  db: Queryable,
  projection: string,
  liveConsumerGroup: string,
  at: Date,
): Promise<void> {
  await db.query(
    `UPDATE dead_letters SET state = 'superseded', resolved_at = $3
     WHERE projection = $1 AND consumer_group <> $2 AND state IN ('open', 'retrying')`,
    [projection, liveConsumerGroup, at],
  );
}

export async function resolveDeadLetter(
  db: Queryable,
  id: string,
  resolution: Extract<DeadLetterState, 'resolved' | 'superseded'>,
  at: Date,
): Promise<void> {
  await db.query(`UPDATE dead_letters SET state = $2, resolved_at = $3 WHERE id = $1`, [id, resolution, at]);
}

/**
 * The dead letters of one document, found by its `tradelog-document-id` header (any projection,
 * any state). The headers are kept as bytes (JSON), searched as bytes: no decoding of a row
 * that may hold what text cannot. Dead letters are few, so a scan is fine.
 */
export async function findDeadLettersOfDocument(db: Queryable, documentId: string): Promise<DeadLetter[]> {
  const { rows } = await db.query(
    `SELECT ${columns} FROM dead_letters
     WHERE position(convert_to($1, 'UTF8') IN headers) > 0 ORDER BY id`,
    [JSON.stringify({ 'tradelog-document-id': documentId }).slice(1, -1)],
  );
  return rows.map(toDeadLetter).filter((letter) => letter.headers['tradelog-document-id'] === documentId);
}
