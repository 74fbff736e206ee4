import { type DeliveryState, deliveryStates } from '@tradelog/schemas/queries/subscriptions';
import type { Queryable } from '../db.ts';
import type { PushFamily } from './families.ts';
import type { SubscriptionState } from './subscriptions.ts';

/**
 * What a push delivery is: its states and what an attempt reads of it (the view
 * `push_deliveries_for_attempt`). The statements that write deliveries are in the modules beside
 * this one, one function each (README "Where each step lives").
 */

// The states are the subscriber contract's: its deliveries' listing answers them.
export { type DeliveryState, deliveryStates };

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
export const toDeliveryForAttempt = (row: any): DeliveryForAttempt => ({
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
/** Deliveries per state, for the metrics' queue-depth gauge. */
export async function countDeliveriesByState(db: Queryable): Promise<Record<string, number>> {
  const { rows } = await db.query(
    `SELECT state, count(*)::int AS n FROM push_deliveries WHERE state IN ('held', 'requested', 'pending', 'scheduled')
     GROUP BY state`,
  );
  return Object.fromEntries(rows.map((row) => [row.state, row.n]));
}
