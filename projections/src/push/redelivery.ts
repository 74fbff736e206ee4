import type { Queryable } from '../db.ts';
import { moveEndingClaims } from './claims.ts';
import type { DeliveryState } from './deliveries.ts';
import { type Subscription, setSubscriptionState } from './subscriptions.ts';

/** Deliveries that wait made due, held ones released, open ones cancelled, finished ones sent again. */
/**
 * Makes deliveries that wait (resumed, redelivered, a tracking subscription's first push) due at
 * once: `pending` from `now`, for the next claim. SKIP LOCKED: several push processors may poll at once.
 */
export async function makeRequestedDue(db: Queryable, limit: number, now: Date): Promise<number> {
  return moveEndingClaims(
    db,
    `UPDATE push_deliveries d SET state = 'pending', next_attempt_at = $2, updated_at = $2
       WHERE d.id IN (SELECT id FROM push_deliveries WHERE state = 'requested' ORDER BY updated_at
                      LIMIT $1 FOR UPDATE SKIP LOCKED)
       RETURNING d.id`,
    [limit, now],
  );
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
  return moveEndingClaims(
    db,
    `UPDATE push_deliveries SET state = 'cancelled', next_attempt_at = NULL, updated_at = $2
       WHERE subscription_id = $1 AND state IN ('held', 'requested', 'pending', 'scheduled')
       RETURNING id`,
    [subscriptionId, now],
  );
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

/**
 * Resumes a subscription, in the caller's transaction: pushing again, and the pushes held while
 * it was paused released, oldest first. `resumed` is null when it is no longer live.
 */
export async function resumeSubscription(
  db: Queryable,
  subscriptionId: string,
  now: Date,
): Promise<{ resumed: Subscription | null; released: number }> {
  const resumed = await setSubscriptionState(db, subscriptionId, 'active', now);
  return { resumed, released: await releaseHeldDeliveries(db, subscriptionId, now) };
}
