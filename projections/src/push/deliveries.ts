import type { Queryable } from '../db.ts';
import type { PushFamily } from './families.ts';
import type { SubscriptionState } from './subscriptions.ts';

/** The push_deliveries, push_subject_sequences and push_attempts statements, one function each. */
export const deliveryStates = [
  'held',
  'requested',
  'pending',
  'scheduled',
  'delivered',
  'dead',
  'superseded',
  'cancelled',
] as const;
export type DeliveryState = (typeof deliveryStates)[number];

export interface NewDelivery {
  id: string;
  subscriptionId: string;
  family: PushFamily;
  eventId: string;
  eventKind: string;
  subject: string;
  /** Without the sequence: it is added here, for `changes` payloads, once assigned. */
  payload: Record<string, unknown>;
  /**
   * `requested`: the worker's poller makes it due (a tracking subscription's first push, made by
   * query-api); `scheduled`: due at `nextAttemptAt` (an express push cycle's end), when its pg-boss
   * job comes.
   */
  state: 'held' | 'pending' | 'requested' | 'scheduled';
  createdAt: Date;
  /** For `pending`, `scheduled`: when the first attempt is due; `createdAt` when absent. */
  nextAttemptAt?: Date;
}

/**
 * Inserts the delivery of one event to one subscription with the subject's next sequence number;
 * returns null when this (subscription, event) was already delivered or queued: a replayed or
 * re-consumed change never becomes a second delivery.
 */
export async function insertDelivery(
  db: Queryable,
  delivery: NewDelivery,
): Promise<{ sequence: number } | null> {
  const [inserted] = await insertDeliveries(db, [delivery]);
  return inserted ? { sequence: inserted.sequence } : null;
}

/** What `insertDeliveries` may lease to the caller's own delivery worker (README "Hand-over"). */
export interface InsertLease {
  /** Rows (by `NewDelivery.id`) that may be leased: pending, due at once, sent without further checks. */
  ids: ReadonlySet<string>;
  at: Date;
  until: Date;
  /** PUSH_SUBSCRIPTION_CONCURRENCY: rows still claimed are counted, as the claim counts them. */
  perSubscription: number;
  /** The most rows leased. */
  limit: number;
  /** The worker holding the lease (`claimHolder`), or null: then the lease alone ends it. */
  holder?: string | null;
}

/** An inserted delivery; `leased` (with the payload as stored) when the insert leased it. */
export interface InsertedDelivery {
  id: string;
  sequence: number;
  leased?: { payload: Record<string, unknown> };
}

/**
 * Inserts many deliveries with one statement (the push processor's batch). Each (subscription,
 * subject) takes as many sequence numbers as it has rows here, handed out in the given order
 * (log order); a row whose (subscription, event) exists already is skipped and only the rows
 * actually inserted are returned. (A duplicate still advances the counter: sequences only need
 * to grow, gaps are allowed.) Sequence rows are upserted in key order, so concurrent batches
 * never deadlock on them. A (subscription, event) given twice is inserted once.
 *
 * With `lease`, rows of `lease.ids` inserted here are then leased until `lease.until` — a claim
 * made at insert — in log order, as far as their subscriptions have room (`perSubscription`,
 * rows claimed now counted) and up to `limit`. The lease takes the claims' lock (`lockClaims`)
 * after the insert, so the count is exact over every process, as in `push_claim_deliveries`, and
 * the lock is held from there until the transaction ends, not while the batch is inserted.
 */
export async function insertDeliveries(
  db: Queryable,
  deliveries: readonly NewDelivery[],
  lease?: InsertLease,
): Promise<InsertedDelivery[]> {
  if (deliveries.length === 0) return [];
  const { rows } = await db.query(
    `WITH r AS (
       SELECT r.*, row_number() OVER (PARTITION BY r.subscription_id, r.subject ORDER BY r.i) AS n
       FROM jsonb_to_recordset($1::jsonb) AS r(i integer, id uuid, subscription_id uuid, family text, event_id text,
         event_kind text, subject text, payload jsonb, state text, created_at timestamptz,
         next_attempt_at timestamptz)),
     counts AS (
       SELECT subscription_id, subject, count(*) AS taken FROM r GROUP BY 1, 2 ORDER BY 1, 2),
     seq AS (
       INSERT INTO push_subject_sequences (subscription_id, subject, last_sequence)
       SELECT subscription_id, subject, taken FROM counts ORDER BY 1, 2
       ON CONFLICT (subscription_id, subject)
       DO UPDATE SET last_sequence = push_subject_sequences.last_sequence + EXCLUDED.last_sequence
       RETURNING subscription_id, subject, last_sequence)
     INSERT INTO push_deliveries (id, subscription_id, event_id, event_kind, subject, sequence, payload, state,
       next_attempt_at, created_at, updated_at)
     SELECT r.id, r.subscription_id, r.event_id, r.event_kind, r.subject, s.sequence,
       CASE WHEN r.family = 'changes' THEN r.payload || jsonb_build_object('sequence', s.sequence) ELSE r.payload END,
       r.state, CASE WHEN r.state IN ('pending', 'scheduled') THEN COALESCE(r.next_attempt_at, r.created_at) END, r.created_at,
       r.created_at
     FROM r JOIN counts c USING (subscription_id, subject) JOIN seq q USING (subscription_id, subject)
     CROSS JOIN LATERAL (SELECT q.last_sequence - c.taken + r.n AS sequence) s
     ORDER BY r.i
     ON CONFLICT (subscription_id, event_id) DO NOTHING
     RETURNING id, sequence`,
    [
      JSON.stringify(
        deliveries.map((delivery, i) => ({
          i,
          id: delivery.id,
          subscription_id: delivery.subscriptionId,
          family: delivery.family,
          event_id: delivery.eventId,
          event_kind: delivery.eventKind,
          subject: delivery.subject,
          payload: delivery.payload,
          state: delivery.state,
          created_at: delivery.createdAt,
          next_attempt_at: delivery.nextAttemptAt ?? null,
        })),
      ),
    ],
  );
  const inserted = new Map<string, InsertedDelivery>(
    rows.map((row) => [row.id as string, { id: row.id as string, sequence: Number(row.sequence) }]),
  );
  const leasable = lease
    ? deliveries.filter((d) => d.state === 'pending' && lease.ids.has(d.id) && inserted.has(d.id))
    : [];
  if (lease && leasable.length > 0 && lease.limit > 0) {
    await lockClaims(db);
    for (const [id, payload] of await leaseInserted(db, leasable, lease))
      inserted.get(id)!.leased = { payload };
  }
  return deliveries.flatMap((delivery) => inserted.get(delivery.id) ?? []);
}

/**
 * The lease of rows just inserted (`insertDeliveries`), given in log order: claim rows for as
 * many as their subscriptions have room for, up to the limit. Returns the leased ones' payloads
 * as stored. The caller holds the claims' lock.
 */
async function leaseInserted(
  db: Queryable,
  rows: readonly NewDelivery[],
  lease: InsertLease,
): Promise<Map<string, Record<string, unknown>>> {
  const { rows: leased } = await db.query(
    `WITH r AS (SELECT * FROM unnest($1::uuid[], $2::uuid[]) WITH ORDINALITY AS r(id, subscription_id, i)),
     busy AS (
       SELECT b.subscription_id, count(*)::int AS n FROM push_delivery_claims b
       WHERE b.claimed_until > $3 GROUP BY 1),
     leased AS (
       SELECT ranked.id, ranked.subscription_id FROM (
         SELECT r.id, r.subscription_id, r.i,
           COALESCE(busy.n, 0) + row_number() OVER (PARTITION BY r.subscription_id ORDER BY r.i) AS slot
         FROM r LEFT JOIN busy USING (subscription_id)) ranked
       WHERE ranked.slot <= $4 ORDER BY ranked.i LIMIT $5),
     claims AS (
       INSERT INTO push_delivery_claims (delivery_id, subscription_id, claimed_until, holder)
       SELECT id, subscription_id, $6, $7::bigint FROM leased ORDER BY id
       RETURNING delivery_id)
     SELECT d.id, d.payload FROM push_deliveries d JOIN claims ON claims.delivery_id = d.id`,
    [
      rows.map((row) => row.id),
      rows.map((row) => row.subscriptionId),
      lease.at,
      lease.perSubscription,
      lease.limit,
      lease.until,
      lease.holder ?? null,
    ],
  );
  return new Map(leased.map((row) => [row.id as string, row.payload as Record<string, unknown>]));
}

/**
 * Takes the claims' lock (the one `push_claim_deliveries` takes) until the transaction ends: for
 * a writer that leases rows itself (`insertDeliveries` with a lease), so no claim counts a
 * subscription's claimed rows while it adds to them. Taken again by the same transaction, it is
 * the same lock.
 */
export async function lockClaims(db: Queryable): Promise<void> {
  await db.query(`SELECT pg_advisory_xact_lock(hashtext(current_schema() || '/push_deliveries/claims'))`);
}

/** Everything the worker needs for one attempt, subscription and secret included. */
export interface DeliveryForAttempt {
  id: string;
  subscriptionId: string;
  family: PushFamily;
  callbackUrl: string;
  secret: string;
  /**
   * The subscription's state for this attempt: `deleted` also when the key that made the
   * subscription was revoked since (query-api README, "Revoking a key"), so a queued push is
   * cancelled instead of sent.
   */
  subscriptionState: SubscriptionState;
  eventId: string;
  subject: string;
  sequence: number;
  payload: Record<string, unknown>;
  state: DeliveryState;
  attempts: number;
  roundStart: number;
  forced: boolean;
  deliveredSequence: number;
  /** A delivery of a newer state of the same subject is waiting (the express push cycle batches into it). */
  newerWaiting: boolean;
}

export async function findDeliveryForAttempt(db: Queryable, id: string): Promise<DeliveryForAttempt | null> {
  return (await findDeliveriesForAttempt(db, [id])).get(id) ?? null;
}

// biome-ignore lint/suspicious/noExplicitAny: a row of the view `push_deliveries_for_attempt` (migration 1764700000000_push-claims-table.sql), read by the lookup and the claim
const toDeliveryForAttempt = (row: any): DeliveryForAttempt => ({
  id: row.id,
  subscriptionId: row.subscription_id,
  family: row.family,
  callbackUrl: row.callback_url,
  secret: row.secret,
  subscriptionState: row.subscription_state,
  eventId: row.event_id,
  subject: row.subject,
  sequence: Number(row.sequence),
  payload: row.payload,
  state: row.state,
  attempts: row.attempts,
  roundStart: row.round_start,
  forced: row.forced,
  deliveredSequence: Number(row.delivered_sequence),
  newerWaiting: row.newer_waiting,
});

/** Deliveries by id, with one statement; keyed by delivery id (missing ones absent). */
export async function findDeliveriesForAttempt(
  db: Queryable,
  ids: readonly string[],
): Promise<Map<string, DeliveryForAttempt>> {
  if (ids.length === 0) return new Map();
  const { rows } = await db.query('SELECT * FROM push_deliveries_for_attempt WHERE id = ANY($1::uuid[])', [
    ids,
  ]);
  return new Map(rows.map((row) => [row.id, toDeliveryForAttempt(row)]));
}

/** A pg-boss job that came: attempt `attempt` of a `scheduled` delivery is due. */
export interface ScheduledAttempt {
  deliveryId: string;
  attempt: number;
}

/**
 * Claims up to `limit` due deliveries (README "Claims"): `pending`, due by `now`, not claimed by
 * a live lease — oldest due first — and leases them until `leaseUntil`. No subscription gets more
 * than `perSubscription` claimed at once, those still in flight from earlier claims counted, over
 * every process (the claim is serialized: `push_claim_deliveries`, migrations
 * 1764600000000_push-delivery-claims.sql, 1764700000000_push-claims-table.sql). With `scheduled`,
 * only those deliveries, which their jobs made due; one whose subscription has no room is left
 * pending for the next claim. Returns the claimed deliveries with everything an attempt needs,
 * read by the claim's own statement, after its lock: it sees everything committed before.
 */
export async function claimDueDeliveries(
  db: Queryable,
  options: {
    limit: number;
    perSubscription: number;
    now: Date;
    leaseUntil: Date;
    scheduled?: readonly ScheduledAttempt[];
    /** The claiming worker (`claimHolder`), or null: then the lease alone ends the claims. */
    holder?: string | null;
  },
): Promise<DeliveryForAttempt[]> {
  const { scheduled } = options;
  const { rows } = await db.query('SELECT * FROM push_claim_deliveries($1, $2, $3, $4, $5, $6, $7)', [
    options.now,
    options.leaseUntil,
    options.limit,
    options.perSubscription,
    scheduled ? scheduled.map((job) => job.deliveryId) : null,
    scheduled ? scheduled.map((job) => job.attempt) : null,
    options.holder ?? null,
  ]);
  return rows.map(toDeliveryForAttempt);
}

/**
 * Ends the claims of workers that are gone: their holder's advisory lock is no longer held
 * (migration 1766500000000_push-claim-holders.sql). Their deliveries are claimed again at once
 * rather than when the leases run out. Returns how many claims ended.
 */
export async function releaseGoneHolders(db: Queryable): Promise<number> {
  const { rows } = await db.query<{ released: number }>('SELECT push_release_gone_holders() AS released');
  return rows[0]!.released;
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

export interface AttemptRecord {
  deliveryId: string;
  attempt: number;
  retryCount: number;
  startedAt: Date;
  latencyMs: number;
  httpStatus: number | null;
  outcome: 'delivered' | 'failed';
  errorCode: string | null;
  replyExcerpt: string | null;
  /** Already redacted. */
  callbackUrl: string;
}

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
 * A CTE ending the claims of the deliveries a statement moved (CTE `moved`, column `id`): a claim
 * lives only while its delivery is pending (migration 1764700000000_push-claims-table.sql).
 * `among`, an SQL `uuid[]` holding every id `moved` may hold, gives the delete its index
 * condition whatever the planner counts in `moved` (a prepared statement's generic plan counts
 * one row and would read every claim).
 */
const endClaims = (among?: string) =>
  `ended AS (DELETE FROM push_delivery_claims c USING moved WHERE c.delivery_id = moved.id${
    among ? ` AND c.delivery_id = ANY(${among})` : ''
  })`;

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
  const { rows } = await db.query(
    `WITH moved AS (
       UPDATE push_deliveries
       SET state = $3, attempts = $2, next_attempt_at = $4, last_error_code = $5, forced = false, updated_at = $6
       WHERE id = $1 AND attempts = $2 - 1 AND state = 'pending'
       RETURNING id),
     ${endClaims()}
     SELECT count(*)::int AS n FROM moved`,
    [update.id, update.attempt, update.state, update.nextAttemptAt, update.errorCode, update.now],
  );
  return rows[0].n === 1;
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

/**
 * Makes deliveries that wait (resumed, redelivered, a tracking subscription's first push) due at
 * once: `pending` from `now`, for the next claim. SKIP LOCKED: several push processors may poll at once.
 */
export async function makeRequestedDue(db: Queryable, limit: number, now: Date): Promise<number> {
  const { rows } = await db.query(
    `WITH moved AS (
       UPDATE push_deliveries d SET state = 'pending', next_attempt_at = $2, updated_at = $2
       WHERE d.id IN (SELECT id FROM push_deliveries WHERE state = 'requested' ORDER BY updated_at
                      LIMIT $1 FOR UPDATE SKIP LOCKED)
       RETURNING d.id),
     ${endClaims()}
     SELECT count(*)::int AS n FROM moved`,
    [limit, now],
  );
  return rows[0].n;
}

/** On resume: deliveries held while the subscription was paused are requested again (made due by the worker). */
export async function releaseHeldDeliveries(
  db: Queryable,
  subscriptionId: string,
  now: Date,
): Promise<number> {
  const { rowCount } = await db.query(
    `UPDATE push_deliveries SET state = 'requested', updated_at = $2 WHERE subscription_id = $1 AND state = 'held'`,
    [subscriptionId, now],
  );
  return rowCount ?? 0;
}

/** On delete: deliveries not yet made are cancelled. */
export async function cancelOpenDeliveries(
  db: Queryable,
  subscriptionId: string,
  now: Date,
): Promise<number> {
  const { rows } = await db.query(
    `WITH moved AS (
       UPDATE push_deliveries SET state = 'cancelled', next_attempt_at = NULL, updated_at = $2
       WHERE subscription_id = $1 AND state IN ('held', 'requested', 'pending', 'scheduled')
       RETURNING id),
     ${endClaims()}
     SELECT count(*)::int AS n FROM moved`,
    [subscriptionId, now],
  );
  return rows[0].n;
}

/**
 * Redelivery (one or many): finished deliveries of the subscription — the ids given, or all in
 * the given states, and of those only the ones matched at or after `since` ("recover what failed
 * since T") — start a new round, sent even if superseded. Pending ones are left alone.
 */
export async function requestRedelivery(
  db: Queryable,
  subscriptionId: string,
  selection: { ids?: readonly string[]; states?: readonly DeliveryState[]; since?: Date },
  now: Date,
  /** At most this many per call, oldest first (query-api README "Subscriber tools": a page). */
  limit = redeliveryPageSize,
): Promise<{ ids: string[]; more: boolean }> {
  // One more than the page is picked to tell whether another page is left; the page is moved.
  // What is moved leaves the finished states, so the next call picks up where this one stopped.
  const { rows } = await db.query(
    `WITH picked AS (
       SELECT id, row_number() OVER (ORDER BY created_at, id) AS n FROM (
         SELECT id, created_at FROM push_deliveries
         WHERE subscription_id = $1 AND state IN ('delivered', 'dead', 'superseded', 'cancelled')
           AND ($2::uuid[] IS NULL OR id = ANY($2)) AND ($3::text[] IS NULL OR state = ANY($3))
           AND ($5::timestamptz IS NULL OR created_at >= $5)
         ORDER BY created_at, id LIMIT $6 + 1) s),
     moved AS (
       UPDATE push_deliveries d SET state = 'requested', round_start = attempts, forced = true, updated_at = $4
       FROM picked WHERE d.id = picked.id AND picked.n <= $6
       RETURNING d.id, d.created_at)
     SELECT (SELECT count(*)::int FROM picked) AS picked,
       COALESCE((SELECT jsonb_agg(id ORDER BY created_at, id) FROM moved), '[]') AS ids`,
    [subscriptionId, selection.ids ?? null, selection.states ?? null, now, selection.since ?? null, limit],
  );
  return { ids: rows[0].ids as string[], more: rows[0].picked > limit };
}

/** Deliveries one redelivery call moves at most (the ids a body may name: management.ts). */
export const redeliveryPageSize = 1000;

export interface DeliverySummary {
  id: string;
  eventId: string;
  eventKind: string;
  subject: string;
  sequence: number;
  state: DeliveryState;
  attempts: number;
  nextAttemptAt: Date | null;
  lastErrorCode: string | null;
  createdAt: Date;
  updatedAt: Date;
}

const summaryColumns = `id, event_id, event_kind, subject, sequence, state, attempts, next_attempt_at, last_error_code,
  created_at, updated_at`;

export async function listDeliveries(
  db: Queryable,
  subscriptionId: string,
  filter: { state?: DeliveryState; limit: number },
): Promise<DeliverySummary[]> {
  const { rows } = await db.query(
    `SELECT ${summaryColumns}
     FROM push_deliveries WHERE subscription_id = $1 AND ($2::text IS NULL OR state = $2)
     ORDER BY created_at DESC, id LIMIT $3`,
    [subscriptionId, filter.state ?? null, filter.limit],
  );
  return rows.map(toDeliverySummary);
}

/** One delivery of the subscription; null when it has none by that id. */
export async function findDelivery(
  db: Queryable,
  subscriptionId: string,
  deliveryId: string,
): Promise<DeliverySummary | null> {
  const { rows } = await db.query(
    `SELECT ${summaryColumns} FROM push_deliveries WHERE subscription_id = $1 AND id = $2`,
    [subscriptionId, deliveryId],
  );
  return rows[0] ? toDeliverySummary(rows[0]) : null;
}

// biome-ignore lint/suspicious/noExplicitAny: a pg row of `summaryColumns`
function toDeliverySummary(row: any): DeliverySummary {
  return {
    id: row.id,
    eventId: row.event_id,
    eventKind: row.event_kind,
    subject: row.subject,
    sequence: Number(row.sequence),
    state: row.state,
    attempts: row.attempts,
    nextAttemptAt: row.next_attempt_at,
    lastErrorCode: row.last_error_code,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export interface AttemptRow extends AttemptRecord {
  id: string;
}

export async function listAttempts(
  db: Queryable,
  subscriptionId: string,
  deliveryId: string,
): Promise<AttemptRow[]> {
  const { rows } = await db.query(
    `SELECT a.id, a.delivery_id, a.attempt, a.retry_count, a.started_at, a.latency_ms, a.http_status, a.outcome,
       a.error_code, a.reply_excerpt, a.callback_url
     FROM push_attempts a JOIN push_deliveries d ON d.id = a.delivery_id
     WHERE d.subscription_id = $1 AND a.delivery_id = $2 ORDER BY a.id`,
    [subscriptionId, deliveryId],
  );
  return rows.map((row) => ({
    id: String(row.id),
    deliveryId: row.delivery_id,
    attempt: row.attempt,
    retryCount: row.retry_count,
    startedAt: row.started_at,
    latencyMs: row.latency_ms,
    httpStatus: row.http_status,
    outcome: row.outcome,
    errorCode: row.error_code,
    replyExcerpt: row.reply_excerpt,
    callbackUrl: row.callback_url,
  }));
}

/** A subscription's push health over a window (query-api README "Subscriber tools"). */
export interface SubscriptionStats {
  since: Date;
  attempts: number;
  delivered: number;
  failed: number;
  /** delivered ÷ attempts; null without attempts. */
  successRate: number | null;
  /** Over attempts that reached the receiver or timed out (a refused target has none); ms. */
  latencyMs: { mean: number | null; p50: number | null; p95: number | null; max: number | null };
  /** Failed attempts by error code (HTTP_503, TIMEOUT, …). */
  errors: Record<string, number>;
  /** The subscription's newest deliveries (at most `statsMaxDeliveries`), by state, whatever their age. */
  deliveries: Partial<Record<DeliveryState, number>>;
  /**
   * Whether the bounds cut the reading short: the window's attempts are those of its newest
   * `statsMaxDeliveries` deliveries, and `deliveries` counts that many newest.
   */
  capped: boolean;
}

/** The deliveries one stats answer reads at most (query-api README "Subscriber tools"). */
export const statsMaxDeliveries = 10_000;

/** Success rate and latency of a subscription's attempts since `since`, from push_attempts. */
export async function subscriptionStats(
  db: Queryable,
  subscriptionId: string,
  since: Date,
  maxDeliveries = statsMaxDeliveries,
): Promise<SubscriptionStats> {
  // Bounded reads: the newest deliveries by the listing index, one more than the bound to tell
  // whether it cut; the window's attempts are theirs (each delivery has a bounded retry schedule).
  const { rows } = await db.query(
    `WITH newest AS MATERIALIZED (
       SELECT id, state, created_at FROM push_deliveries WHERE subscription_id = $1
       ORDER BY created_at DESC, id LIMIT $3 + 1),
     kept AS (SELECT * FROM newest ORDER BY created_at DESC, id LIMIT $3),
     a AS (
       SELECT a.outcome, a.latency_ms, a.error_code FROM push_attempts a
       JOIN kept d ON d.id = a.delivery_id
       WHERE a.started_at >= $2)
     SELECT
       (SELECT count(*)::int FROM newest) > $3 AS capped,
       (SELECT count(*)::int FROM a) AS attempts,
       (SELECT count(*)::int FROM a WHERE outcome = 'delivered') AS delivered,
       (SELECT round(avg(latency_ms))::int FROM a WHERE error_code IS DISTINCT FROM 'TARGET_REFUSED') AS mean,
       (SELECT percentile_disc(0.5) WITHIN GROUP (ORDER BY latency_ms) FROM a
          WHERE error_code IS DISTINCT FROM 'TARGET_REFUSED') AS p50,
       (SELECT percentile_disc(0.95) WITHIN GROUP (ORDER BY latency_ms) FROM a
          WHERE error_code IS DISTINCT FROM 'TARGET_REFUSED') AS p95,
       (SELECT max(latency_ms) FROM a WHERE error_code IS DISTINCT FROM 'TARGET_REFUSED') AS max,
       (SELECT COALESCE(jsonb_object_agg(code, n), '{}') FROM (
          SELECT error_code AS code, count(*)::int AS n FROM a WHERE outcome = 'failed' GROUP BY 1) e) AS errors,
       (SELECT COALESCE(jsonb_object_agg(state, n), '{}') FROM (
          SELECT state, count(*)::int AS n FROM kept GROUP BY 1) s) AS deliveries`,
    [subscriptionId, since, maxDeliveries],
  );
  const row = rows[0];
  return {
    since,
    attempts: row.attempts,
    delivered: row.delivered,
    failed: row.attempts - row.delivered,
    successRate: row.attempts > 0 ? row.delivered / row.attempts : null,
    latencyMs: { mean: row.mean, p50: row.p50, p95: row.p95, max: row.max },
    errors: row.errors,
    deliveries: row.deliveries,
    capped: row.capped,
  };
}

/** Deliveries per state, for the metrics' queue-depth gauge. */
export async function countDeliveriesByState(db: Queryable): Promise<Record<string, number>> {
  const { rows } = await db.query(
    `SELECT state, count(*)::int AS n FROM push_deliveries WHERE state IN ('held', 'requested', 'pending', 'scheduled')
     GROUP BY state`,
  );
  return Object.fromEntries(rows.map((row) => [row.state, row.n]));
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
