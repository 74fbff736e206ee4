import type { ListedAttempt } from '@tradelog/schemas/queries/subscriptions';
import type { Queryable } from '../db.ts';
import { endClaims, moveEndingClaims } from './claims.ts';

/**
 * An attempt's row in push_attempts (as its subscriber is shown it, less the id it is given),
 * and the statements that settle a delivery after it (or without one).
 */
export type AttemptRecord = Omit<ListedAttempt<Date>, 'id'>;

export async function insertAttempt(db: Queryable, attempt: AttemptRecord): Promise<void> {
  await db.query(
    `INSERT INTO push_attempts (delivery_id, attempt, retry_count, started_at, latency_ms, http_status, outcome,
       error_code, reply_excerpt, callback_url)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
    [
      attempt.deliveryId,
      attempt.attempt,
      attempt.retryCount,
      attempt.startedAt,
      attempt.latencyMs,
      attempt.httpStatus,
      attempt.outcome,
      attempt.errorCode,
      attempt.replyExcerpt,
      attempt.callbackUrl,
    ],
  );
}

/**
 * Moves a delivery on after attempt `attempt`; only if no one else did (the attempts count is
 * the guard), so an attempt recorded twice records one outcome. False when the guard failed.
 */
export async function settleAttempt(
  db: Queryable,
  update: {
    id: string;
    attempt: number;
    state: 'delivered' | 'scheduled' | 'dead';
    nextAttemptAt: Date | null;
    errorCode: string | null;
    now: Date;
  },
): Promise<boolean> {
  const moved = await moveEndingClaims(
    db,
    `UPDATE push_deliveries
       SET state = $3, attempts = $2, next_attempt_at = $4, last_error_code = $5, forced = false, updated_at = $6
       WHERE id = $1 AND attempts = $2 - 1 AND state = 'pending'
       RETURNING id`,
    [update.id, update.attempt, update.state, update.nextAttemptAt, update.errorCode, update.now],
  );
  return moved === 1;
}

/** Records that the subject's state up to `sequence` reached the receiver. */
export async function markSequenceDelivered(
  db: Queryable,
  subscriptionId: string,
  subject: string,
  sequence: number,
): Promise<void> {
  await db.query(
    `UPDATE push_subject_sequences SET delivered_sequence = GREATEST(delivered_sequence, $3)
     WHERE subscription_id = $1 AND subject = $2`,
    [subscriptionId, subject, sequence],
  );
}

/** Settles a pending delivery without an attempt: held (paused), superseded or cancelled. */
export async function settleWithoutAttempt(
  db: Queryable,
  id: string,
  state: 'held' | 'superseded' | 'cancelled',
  now: Date,
): Promise<void> {
  await db.query(
    `WITH moved AS (
       UPDATE push_deliveries SET state = $2, updated_at = $3, next_attempt_at = NULL
       WHERE id = $1 AND state = 'pending' RETURNING id),
     ${endClaims()}
     SELECT count(*) FROM moved`,
    [id, state, now],
  );
}

/** One attempt's row and where it leaves its delivery (`recordAttempts`). */
export interface SettledAttempt extends AttemptRecord {
  state: 'delivered' | 'scheduled' | 'dead';
  /** For `scheduled`: when the next attempt is due (its pg-boss job's start time). */
  nextAttemptAt: Date | null;
  subscriptionId: string;
  subject: string;
  sequence: number;
  now: Date;
}

/**
 * A batch of attempts in one statement: each delivery moves on after its attempt only if no one
 * else moved it (the attempts count is the guard, as in `settleAttempt`), its attempt row is
 * written only then, and the subjects' delivered sequences rise for the delivered ones. Rows are
 * locked in id order first, so concurrent batches never deadlock. They are found by primary key,
 * never by a scan of the due ones (which the planner picks when its statistics predate a burst),
 * and each step reads the rows the one before returned rather than joining statement results the
 * planner cannot count. A subject whose delivered sequence is already as high is neither locked nor
 * rewritten. Claims end here; a `scheduled` row is due again at its `nextAttemptAt`
 * (the retry), when the job the caller queues in the same transaction comes. Returns the ids that
 * moved.
 */
export async function recordAttempts(
  db: Queryable,
  attempts: readonly SettledAttempt[],
): Promise<Set<string>> {
  if (attempts.length === 0) return new Set();
  // Named: parsed and planned once per connection (README "Postgres' CPU per delivery").
  const { rows } = await db.query({
    name: 'push-record-attempts',
    text: `WITH r AS (
       SELECT * FROM jsonb_to_recordset($1::jsonb) AS r(delivery_id uuid, attempt integer, retry_count integer,
         started_at timestamptz, latency_ms integer, http_status integer, outcome text, error_code text,
         reply_excerpt text, callback_url text, state text, next_attempt_at timestamptz, subscription_id uuid,
         subject text, sequence bigint, now timestamptz)),
     locked AS (
       SELECT d.id, d.state, d.attempts FROM push_deliveries d WHERE d.id = ANY($2::uuid[]) ORDER BY d.id FOR UPDATE),
     moved AS (
       UPDATE push_deliveries d
       SET state = r.state, attempts = r.attempt, next_attempt_at = r.next_attempt_at, last_error_code = r.error_code,
         forced = false, updated_at = r.now
       FROM r JOIN locked ON locked.id = r.delivery_id
       WHERE d.id = ANY($2::uuid[]) AND d.id = r.delivery_id AND locked.attempts = r.attempt - 1
         AND locked.state = 'pending'
       RETURNING d.id, d.subscription_id, d.subject, d.sequence, d.state),
     ${endClaims('$2::uuid[]')},
     attempt AS (
       INSERT INTO push_attempts (delivery_id, attempt, retry_count, started_at, latency_ms, http_status, outcome,
         error_code, reply_excerpt, callback_url)
       SELECT r.delivery_id, r.attempt, r.retry_count, r.started_at, r.latency_ms, r.http_status, r.outcome,
         r.error_code, r.reply_excerpt, r.callback_url
       FROM r JOIN moved ON moved.id = r.delivery_id ORDER BY r.delivery_id),
     delivered AS (
       SELECT subscription_id, subject, max(sequence) AS sequence FROM moved WHERE state = 'delivered' GROUP BY 1, 2),
     sequences AS (
       SELECT q.subscription_id, q.subject, delivered.sequence FROM push_subject_sequences q
       JOIN delivered USING (subscription_id, subject) WHERE q.delivered_sequence < delivered.sequence
       ORDER BY 1, 2 FOR UPDATE OF q),
     raised AS (
       UPDATE push_subject_sequences q SET delivered_sequence = GREATEST(q.delivered_sequence, sequences.sequence)
       FROM sequences WHERE q.subscription_id = sequences.subscription_id AND q.subject = sequences.subject)
     SELECT id FROM moved`,
    values: [
      JSON.stringify(
        attempts.map((a) => ({
          delivery_id: a.deliveryId,
          attempt: a.attempt,
          retry_count: a.retryCount,
          started_at: a.startedAt,
          latency_ms: a.latencyMs,
          http_status: a.httpStatus,
          outcome: a.outcome,
          error_code: a.errorCode,
          reply_excerpt: a.replyExcerpt,
          callback_url: a.callbackUrl,
          state: a.state,
          next_attempt_at: a.nextAttemptAt,
          subscription_id: a.subscriptionId,
          subject: a.subject,
          sequence: a.sequence,
          now: a.now,
        })),
      ),
      attempts.map((a) => a.deliveryId),
    ],
  });
  return new Set(rows.map((row) => row.id as string));
}

/**
 * When each (subscription, subject) was last sent a push (any outcome), with one statement;
 * keyed `subscriptionId/subject`, pairs never pushed absent.
 */
export async function lastPushesStartedAt(
  db: Queryable,
  pairs: readonly { subscriptionId: string; subject: string }[],
): Promise<Map<string, Date>> {
  if (pairs.length === 0) return new Map();
  const { rows } = await db.query(
    `SELECT p.subscription_id, p.subject, max(a.started_at) AS at
     FROM (SELECT DISTINCT * FROM unnest($1::uuid[], $2::text[]) AS p(subscription_id, subject)) p
     JOIN push_deliveries d ON d.subscription_id = p.subscription_id AND d.subject = p.subject
     JOIN push_attempts a ON a.delivery_id = d.id
     GROUP BY 1, 2`,
    [pairs.map((pair) => pair.subscriptionId), pairs.map((pair) => pair.subject)],
  );
  return new Map(rows.map((row) => [`${row.subscription_id}/${row.subject}`, row.at as Date]));
}
