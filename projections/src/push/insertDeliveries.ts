import type { Queryable } from '../db.ts';
import { lockClaims } from './claims.ts';
import type { PushFamily } from './families.ts';

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
  /** The lease's own id, as a claim's (`DeliveryClaim.claim`): released by it should the commit's answer be lost. */
  claim?: string;
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
       INSERT INTO push_delivery_claims (delivery_id, subscription_id, claimed_until, holder, claim)
       SELECT id, subscription_id, $6, $7::bigint, $8::uuid FROM leased ORDER BY id
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
      lease.claim ?? null,
    ],
  );
  return new Map(leased.map((row) => [row.id as string, row.payload as Record<string, unknown>]));
}
